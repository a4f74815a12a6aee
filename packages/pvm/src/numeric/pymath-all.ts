/** The whole `math` module surface in one namespace (re-exported from index.ts as `pymath`). */
export * from "./pymath.js";
export { gamma, lgamma } from "./gamma.js";
export { comb, dist, factorial, fsum, gcd, hypot, isqrt, lcm, perm, prodFloats, prodInts } from "./mathint.js";
