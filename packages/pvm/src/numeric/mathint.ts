/**
 * The integer and summation parts of Python's math module: isqrt, gcd, lcm, factorial, comb, perm,
 * prod, fsum (CPython's Shewchuk partials, so its overflow/inf rules match), hypot and dist (exactly
 * rounded: the sum of squares is formed exactly in bigint and its square root rounded once).
 */
import { aBigint, aNumber, overflowError, valueError } from "./errors.js";
import { OVERFLOW, bitLength, decompose, roundToDouble } from "./bits.js";
import { isqrtBig } from "./fixed.js";

export function isqrt(n: bigint): bigint {
  aBigint(n, "n");
  if (n < 0n) throw valueError("isqrt() argument must be nonnegative");
  return isqrtBig(n);
}

const absBig = (v: bigint): bigint => (v < 0n ? -v : v);

function gcd2(a: bigint, b: bigint): bigint {
  let x = absBig(a);
  let y = absBig(b);
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

export function gcd(...values: bigint[]): bigint {
  let g = 0n;
  for (const v of values) {
    aBigint(v, "values[i]");
    g = gcd2(g, v);
  }
  return g;
}

export function lcm(...values: bigint[]): bigint {
  let l = 1n;
  for (const v of values) {
    aBigint(v, "values[i]");
    if (v === 0n || l === 0n) {
      l = 0n;
      continue;
    }
    l = absBig((l / gcd2(l, v)) * v);
  }
  return l;
}

/** Product of the integers in [lo, hi], by binary splitting (balanced multiplications). */
function rangeProduct(lo: bigint, hi: bigint): bigint {
  if (lo > hi) return 1n;
  if (hi - lo < 8n) {
    let p = 1n;
    for (let i = lo; i <= hi; i++) p *= i;
    return p;
  }
  const mid = (lo + hi) / 2n;
  return rangeProduct(lo, mid) * rangeProduct(mid + 1n, hi);
}

/**
 * `maxBits` (optional) is the caller's integer width cap: results wider than it raise OverflowError
 * "int exceeds the N-bit limit" before the work grows past the cap (the PVM's ints stop at 4096 bits).
 */
const tooWide = (maxBits: number) => overflowError(`int exceeds the ${maxBits}-bit limit`);

/** Π lo..hi, stopping as soon as the partial product exceeds maxBits (every factor is >= 1). */
function boundedProduct(lo: bigint, hi: bigint, maxBits: number | undefined): bigint {
  if (maxBits === undefined) return rangeProduct(lo, hi);
  let p = 1n;
  for (let i = lo; i <= hi; i++) {
    p *= i;
    if (bitLength(p) > maxBits) throw tooWide(maxBits);
  }
  return p;
}

export function factorial(n: bigint, maxBits?: number): bigint {
  aBigint(n, "n");
  if (n < 0n) throw valueError("factorial() not defined for negative values");
  // n! >= 2^n for n >= 4: refuse hopeless requests without looping.
  if (maxBits !== undefined && n >= BigInt(maxBits) && n >= 4n) throw tooWide(maxBits);
  return boundedProduct(2n, n, maxBits);
}

function checkNK(n: bigint, k: bigint): void {
  aBigint(n, "n");
  aBigint(k, "k");
  if (n < 0n) throw valueError("n must be a non-negative integer");
  if (k < 0n) throw valueError("k must be a non-negative integer");
}

export function perm(n: bigint, k?: bigint, maxBits?: number): bigint {
  if (k === undefined) return factorial(n, maxBits);
  checkNK(n, k);
  if (k > n) return 0n;
  if (maxBits !== undefined && k > BigInt(maxBits) && n - k + 1n >= 2n) throw tooWide(maxBits);
  return boundedProduct(n - k + 1n, n, maxBits);
}

export function comb(n: bigint, k: bigint, maxBits?: number): bigint {
  checkNK(n, k);
  if (k > n) return 0n;
  const kk = k < n - k ? k : n - k;
  if (maxBits === undefined) return rangeProduct(n - kk + 1n, n) / rangeProduct(1n, kk);
  // comb(n, i) grows with i up to n/2: build it step by step and stop at the cap.
  let c = 1n;
  for (let i = 1n; i <= kk; i++) {
    c = (c * (n - i + 1n)) / i;
    if (bitLength(c) > maxBits) throw tooWide(maxBits);
  }
  return c;
}

/** math.prod over ints: start × v0 × v1 × ... */
export function prodInts(values: readonly bigint[], start = 1n): bigint {
  let p = start;
  for (const v of values) p *= v;
  return p;
}

/** math.prod once the running product is a float: left-to-right IEEE multiplication, as CPython. */
export function prodFloats(values: readonly number[], start = 1.0): number {
  let p = start;
  for (const v of values) p *= v;
  return p;
}

/** math.fsum: CPython's msum with its special-value rules and its final half-even correction. */
export function fsum(values: Iterable<number>): number {
  const partials: number[] = [];
  let specialSum = 0.0;
  let infSum = 0.0;
  for (const v of values) {
    aNumber(v, "values[i]");
    let x = v;
    let i = 0;
    for (let j = 0; j < partials.length; j++) {
      let y = partials[j] as number;
      if (Math.abs(x) < Math.abs(y)) [x, y] = [y, x];
      const hi = x + y;
      const lo = y - (hi - x);
      if (lo !== 0.0) partials[i++] = lo;
      x = hi;
    }
    let n = i;
    if (x !== 0.0) {
      if (!Number.isFinite(x)) {
        // Non-finite from finite inputs is an intermediate overflow; otherwise an inf/nan summand.
        if (Number.isFinite(v)) throw overflowError("intermediate overflow in fsum");
        if (!Number.isNaN(v)) infSum += v;
        specialSum += v;
        n = 0;
      } else partials[n++] = x;
    }
    partials.length = n;
  }
  if (specialSum !== 0.0) {
    if (Number.isNaN(infSum)) throw valueError("-inf + inf in fsum");
    return specialSum;
  }
  let n = partials.length;
  let hi = 0.0;
  if (n > 0) {
    hi = partials[--n] as number;
    let lo = 0.0;
    while (n > 0) {
      const x = hi;
      const y = partials[--n] as number;
      hi = x + y;
      const yr = hi - x;
      lo = y - yr;
      if (lo !== 0.0) break;
    }
    // Round half-even across partials: a lower partial of the same sign as lo breaks the tie.
    if (n > 0 && ((lo < 0 && (partials[n - 1] as number) < 0) || (lo > 0 && (partials[n - 1] as number) > 0))) {
      const y = lo * 2;
      const x = hi + y;
      const yr = x - hi;
      if (y === yr) hi = x;
    }
  }
  return hi;
}

/** sqrt(sum of squares) of finite doubles, exactly rounded. */
function exactNorm(values: readonly number[]): number {
  let e0 = Infinity;
  const parts = values.filter((v) => v !== 0).map((v) => decompose(Math.abs(v)));
  if (parts.length === 0) return 0;
  for (const p of parts) e0 = Math.min(e0, p.exp);
  let sum = 0n;
  for (const p of parts) {
    const m = p.mant << BigInt(p.exp - e0);
    sum += m * m;
  }
  // sqrt(sum) × 2^e0: take enough extra bits for a guard bit and a sticky remainder.
  const extra = Math.max(0, 112 - bitLength(sum)) + 2;
  const k = extra + (extra % 2);
  const scaled = sum << BigInt(k);
  const root = isqrtBig(scaled);
  const r = roundToDouble(root, e0 - k / 2, root * root !== scaled);
  return r === OVERFLOW ? Infinity : r;
}

/** math.hypot(*coordinates): inf if any is infinite (even with a nan), else nan if any is nan. */
export function hypot(...coords: number[]): number {
  let sawNan = false;
  for (const c of coords) {
    aNumber(c, "coordinates[i]");
    if (c === Infinity || c === -Infinity) return Infinity;
    if (Number.isNaN(c)) sawNan = true;
  }
  if (sawNan) return NaN;
  return exactNorm(coords);
}

/** math.dist(p, q): the differences are rounded doubles first, as in CPython. */
export function dist(p: readonly number[], q: readonly number[]): number {
  if (p.length !== q.length) throw valueError("both points must have the same number of dimensions");
  return hypot(...p.map((v, i) => Math.abs(v - (q[i] as number))));
}
