/**
 * The immutable decimal value: (-1)^sign × coeff × 10^exp, or ±Infinity, NaN, sNaN with a payload.
 */

export const FINITE = 0;
export const INF = 1;
export const NAN = 2;
export const SNAN = 3;
export type Special = typeof FINITE | typeof INF | typeof NAN | typeof SNAN;

export class Dec {
  /** 0 positive, 1 negative (also for zeros, infinities and NaNs). */
  readonly sign: 0 | 1;
  /** Coefficient ≥ 0; for NaN and sNaN, the diagnostic payload (0n when none). */
  readonly coeff: bigint;
  /** Exponent of a finite value; 0 for specials (CPython reports 'F', 'n', 'N' in as_tuple). */
  readonly exp: number;
  readonly special: Special;

  constructor(sign: 0 | 1, coeff: bigint, exp: number, special: Special = FINITE) {
    this.sign = sign;
    this.coeff = coeff;
    this.exp = exp;
    this.special = special;
  }

  isFinite(): boolean {
    return this.special === FINITE;
  }
  isInfinite(): boolean {
    return this.special === INF;
  }
  isNaN(): boolean {
    return this.special === NAN || this.special === SNAN;
  }
  isQNaN(): boolean {
    return this.special === NAN;
  }
  isSNaN(): boolean {
    return this.special === SNAN;
  }
  isSigned(): boolean {
    return this.sign === 1;
  }
  isZero(): boolean {
    return this.special === FINITE && this.coeff === 0n;
  }
  /** Exponent of the most significant digit (CPython `adjusted()`; 0 for specials). */
  adjusted(): number {
    if (this.special !== FINITE) return 0;
    return this.exp + digits(this.coeff) - 1;
  }
}

export function finite(sign: 0 | 1, coeff: bigint, exp: number): Dec {
  return new Dec(sign, coeff, exp, FINITE);
}

export function infinity(sign: 0 | 1): Dec {
  return new Dec(sign, 0n, 0, INF);
}

export function nan(sign: 0 | 1 = 0, payload = 0n, signaling = false): Dec {
  return new Dec(sign, payload, 0, signaling ? SNAN : NAN);
}

/** Powers of ten below 10^64, built once and never mutated. */
const POW10: readonly bigint[] = Object.freeze(Array.from({ length: 64 }, (_, i) => 10n ** BigInt(i)));

export function pow10(n: number): bigint {
  return n < 64 ? (POW10[n] as bigint) : 10n ** BigInt(n);
}

/** Number of decimal digits of c ≥ 0 (1 for zero). */
export function digits(c: bigint): number {
  if (c < 10n) return 1;
  if (c < 9007199254740992n) {
    // Below 2^53 the value is an exact double and so are 10^1..10^16.
    const n = Number(c);
    let k = 1;
    let p = 10;
    while (n >= p) {
      k++;
      p *= 10;
    }
    return k;
  }
  if (c < (POW10[63] as bigint)) {
    let lo = 1;
    let hi = 63;
    // smallest k with c < 10^k
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (c < (POW10[mid] as bigint)) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }
  return c.toString().length;
}
