export * from "./errors.js";
export { doubleToBits, bitsToDouble, decompose, roundToDouble, pow2, bitLength, OVERFLOW } from "./bits.js";
export type { Decomposed } from "./bits.js";
export * from "./repr.js";
export * from "./hash.js";
export { siphash13 } from "./siphash.js";
