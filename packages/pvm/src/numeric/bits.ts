/**
 * Exact access to the bits of an IEEE-754 double, and the one correctly rounding conversion from an
 * exact binary value (integer × 2^exp, plus a sticky flag) to a double. Every other module that needs
 * "round this exact value to nearest-even" goes through `roundToDouble`, so there is one rounding rule.
 */

const F64 = new Float64Array(1);
const U32 = new Uint32Array(F64.buffer);
// Scratch views are reused to avoid an allocation per call; they hold no state between calls.

/** Little-endian hosts only (every platform Node supports): U32[1] is the high word. */
export function doubleToBits(x: number): bigint {
  F64[0] = x;
  return (BigInt(U32[1] as number) << 32n) | BigInt(U32[0] as number);
}

export function bitsToDouble(bits: bigint): number {
  U32[0] = Number(bits & 0xffffffffn);
  U32[1] = Number((bits >> 32n) & 0xffffffffn);
  return F64[0] as number;
}

/** floor(log2|x|) for a normal finite nonzero x, from the exponent field (no bigint). */
export function exponentOf(x: number): number {
  F64[0] = x;
  return (((U32[1] as number) >>> 20) & 0x7ff) - 1023;
}

export interface Decomposed {
  /** Integer significand, 0 <= mant < 2^53. */
  readonly mant: bigint;
  /** Binary exponent: |x| = mant × 2^exp. */
  readonly exp: number;
  readonly negative: boolean;
}

/** Splits a finite double exactly into mant × 2^exp (mant has its trailing zeros removed). */
export function decompose(x: number): Decomposed {
  F64[0] = x;
  const hi = U32[1] as number;
  const lo = U32[0] as number;
  const negative = hi >>> 31 === 1;
  const biased = (hi >>> 20) & 0x7ff;
  let mant = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  let exp: number;
  if (biased === 0) {
    exp = -1074;
  } else {
    mant |= 1n << 52n;
    exp = biased - 1075;
  }
  if (mant === 0n) return { mant, exp: 0, negative };
  while ((mant & 0xffffn) === 0n) {
    mant >>= 16n;
    exp += 16;
  }
  while ((mant & 1n) === 0n) {
    mant >>= 1n;
    exp += 1;
  }
  return { mant, exp, negative };
}

/**
 * The number of bits of |n|, read from the exponent of Number(|n|) (one conversion, no string and
 * no bigint built in the common case). Rounding to a double can carry |n| up to the next power of
 * two, and only then is the double's mantissa zero: that case is settled with one exact comparison.
 * Values of 2^1024 and more (Infinity as doubles) are shifted down 1,000 bits at a time.
 */
export function bitLength(n: bigint): number {
  let x = Math.abs(Number(n));
  if (x === 0) return 0;
  let m = n;
  let shifted = 0;
  if (x === Number.POSITIVE_INFINITY) {
    if (m < 0n) m = -m;
    do {
      m >>= 1000n;
      shifted += 1000;
      x = Number(m);
    } while (x === Number.POSITIVE_INFINITY);
  }
  F64[0] = x;
  const hi = U32[1] as number; // little-endian, as doubleToBits assumes
  const e = ((hi >>> 20) & 0x7ff) - 1023; // 2^e <= x < 2^(e+1)
  if ((hi & 0xfffff) === 0 && U32[0] === 0 && (m < 0n ? m > powerOfTwo(e, -1n) : m < powerOfTwo(e, 1n))) return shifted + e;
  return shifted + e + 1;
}

const POWERS_OF_TWO: bigint[] = [];
const NEGATIVE_POWERS_OF_TWO: bigint[] = [];

/** ±2^e as a bigint for 0 <= e < 1024, built once (bitLength's exact check near 2^e, without allocating). */
function powerOfTwo(e: number, sign: 1n | -1n): bigint {
  const table = sign === 1n ? POWERS_OF_TWO : NEGATIVE_POWERS_OF_TWO;
  let p = table[e];
  if (p === undefined) {
    p = sign << BigInt(e);
    table[e] = p;
  }
  return p;
}

/** Result of rounding an exact value: the double, or "overflow" when it rounds beyond DBL_MAX. */
export const OVERFLOW = Symbol("overflow");

/**
 * Rounds (n × 2^exp) to the nearest double, ties to even, where n >= 0 and `sticky` says that the true
 * value is strictly greater than n × 2^exp (some nonzero bits were already discarded below n).
 * Handles subnormals; returns OVERFLOW when the rounded magnitude is >= 2^1024.
 */
export function roundToDouble(n: bigint, exp: number, sticky = false): number | typeof OVERFLOW {
  if (n === 0n) return sticky ? roundToDouble(1n, exp - 2, false) : 0;
  const len = bitLength(n);
  // Value lies in [2^(len-1+exp), 2^(len+exp)). Normal doubles keep 53 bits; subnormals fewer.
  const topExp = len - 1 + exp; // exponent of the leading bit
  if (topExp > 1023) return OVERFLOW;
  let keep = 53;
  if (topExp < -1022) keep = 53 - (-1022 - topExp);
  if (keep <= 0) {
    // Entirely below half the smallest subnormal unless exactly at keep == 0 boundary handling.
    // Value < 2^-1074; compare with half of 2^-1074.
    if (keep === 0) {
      // value in [2^-1075, 2^-1074): rounds up unless exactly 2^-1075 (tie to even -> 0).
      const exact = n === 1n << BigInt(len - 1) && !sticky;
      return exact ? 0 : 5e-324;
    }
    return 0;
  }
  const shift = len - keep;
  let q: bigint;
  let e: number;
  if (shift <= 0) {
    q = n;
    e = exp;
    // With no discarded bit, a sticky tail cannot be placed against the halfway point: callers must
    // supply at least one bit beyond the target precision whenever they pass sticky.
    if (sticky) throw new Error("roundToDouble: sticky flag needs at least one extra bit of n");
  } else {
    const sh = BigInt(shift);
    q = n >> sh;
    const rem = n & ((1n << sh) - 1n);
    const half = 1n << (sh - 1n);
    e = exp + shift;
    if (rem > half || (rem === half && (sticky || (q & 1n) === 1n))) q += 1n;
  }
  // Compose: q × 2^e with q < 2^54 (may have carried to 2^53 exactly).
  const qn = Number(q); // exact: q <= 2^53
  const r = qn * pow2(e);
  if (!Number.isFinite(r)) return OVERFLOW;
  return r;
}

// pow2 results by e + 1074, filled on first use (0 = not yet computed: no power in range is 0).
const POW2 = new Float64Array(1023 + 1074 + 1);

/** Exact 2^e for any integer e in [-1074, 1023] (and beyond: 0 or Infinity), without Math.pow. */
export function pow2(e: number): number {
  if (e > 1023) return Infinity;
  if (e < -1074) return 0;
  const hit = POW2[e + 1074];
  if (hit !== undefined && hit !== 0) return hit;
  const v = e >= -1022 ? bitsToDouble(BigInt(e + 1023) << 52n) : bitsToDouble(1n << BigInt(e + 1074));
  POW2[e + 1074] = v;
  return v;
}
