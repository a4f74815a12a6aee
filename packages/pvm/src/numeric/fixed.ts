/**
 * Fixed-point multiprecision kernels for the deterministic math library. A value is a bigint n read
 * as n / 2^p; every kernel takes the precision p it must deliver (absolute error a few units of 2^-p)
 * and uses only exact integer operations, so results are identical on every host. Callers pick p so
 * that the final rounding to 53 bits is correct (p = 53 + ~100 guard bits + the result's leading-zero
 * count); the doubles are then rounded once by roundToDouble.
 */
import { OVERFLOW, bitLength, decompose, roundToDouble } from "./bits.js";
import { LN2_FIXED, PI_FIXED, constAt } from "./constants.js";

/** Extra bits carried inside kernels beyond the caller's precision. */
const GUARD = 24;

export const big = (n: number): bigint => BigInt(n);

/** x (finite) as a fixed-point integer at precision p, truncated toward zero. */
export function toFixed(x: number, p: number): bigint {
  if (x === 0) return 0n;
  const { mant, exp, negative } = decompose(x);
  const s = exp + p;
  const v = s >= 0 ? mant << big(s) : mant >> big(-s);
  return negative ? -v : v;
}

/** The double nearest to n / 2^(p) × 2^e (ties to even on the approximation); ±Infinity on overflow. */
export function fixedToDouble(n: bigint, p: number, e = 0): number {
  const neg = n < 0n;
  const r = roundToDouble(neg ? -n : n, e - p);
  const v = r === OVERFLOW ? Infinity : r;
  return neg ? -v : v;
}

/** Exponent of the leading bit of a finite nonzero double: 2^lead <= |x| < 2^(lead+1). */
export function leadExp(x: number): number {
  const { mant, exp } = decompose(x);
  return bitLength(mant) - 1 + exp;
}

/**
 * floor(sqrt(n)) for n >= 0. Below 2^52 the correctly rounded double sqrt is exact after floor.
 * Above, the root of the top half of n (n >> 2k, k a quarter of its bits) gives an estimate
 * (r + 1) << k within 2^k above sqrt(n); one Newton step from above then lands within 1 of the
 * answer. The work is one full-size division plus the same at half, quarter, ... size, against a
 * dozen full-size divisions for Newton from a 52-bit seed.
 */
export function isqrtBig(n: bigint): bigint {
  if (n < 0n) throw new RangeError("isqrtBig: negative");
  if (n < 4503599627370496n) return big(Math.floor(Math.sqrt(Number(n))));
  const k = big(bitLength(n) >> 2);
  let x = (isqrtBig(n >> (k << 1n)) + 1n) << k;
  x = (x + n / x) >> 1n; // from above: stays >= floor(sqrt(n))
  while (x * x > n) x -= 1n;
  return x;
}

/** sqrt(a) for a fixed-point a >= 0 at precision p. */
export const sqrtFixed = (a: bigint, p: number): bigint => isqrtBig(a << big(p));

export const piAt = (p: number): bigint => constAt(PI_FIXED, p);
export const ln2At = (p: number): bigint => constAt(LN2_FIXED, p);

/**
 * exp(t) for fixed-point t at precision p (|t| < 2^12). Returns m at precision q = p + GUARD and a
 * binary exponent k with exp(t) ≈ m / 2^q × 2^k. Reduction: t = k·ln2 + r, |r| <= ln2/2, then
 * exp(r) = exp(r/256)^256 with a Taylor series for the small argument.
 */
export function expFixed(t: bigint, p: number): { m: bigint; q: number; k: number } {
  const q = p + GUARD;
  const tq = t << big(GUARD);
  const ln2 = ln2At(q + 16) >> 16n; // extra bits so k·ln2 keeps q-bit accuracy for |k| < 2^16
  const k = roundDiv(tq, ln2);
  const r = tq - k * ln2;
  const SQ = 8;
  const s = r >> big(SQ); // |s| < 2^-9: the series converges fast; the cut bits cost < 2^-q
  const one = 1n << big(q);
  let sum = one;
  let term = one;
  for (let i = 1n; ; i++) {
    term = (term * s) >> big(q);
    term /= i;
    if (term === 0n) break;
    sum += term;
  }
  // Restore the 8 bits dropped from r: exp(r) = exp(s)^256 × exp(r - 256 s), the latter 1 + tiny.
  const tail = r - (s << big(SQ));
  for (let i = 0; i < SQ; i++) sum = (sum * sum) >> big(q);
  sum += (sum * tail) >> big(q);
  return { m: sum, q, k: Number(k) };
}

/** Rounds a/b to the nearest integer (ties away from zero is fine: callers only need closeness). */
function roundDiv(a: bigint, b: bigint): bigint {
  const neg = a < 0n !== b < 0n;
  const aa = a < 0n ? -a : a;
  const bb = b < 0n ? -b : b;
  const q = (aa + bb / 2n) / bb;
  return neg ? -q : q;
}

/**
 * ln(a / 2^scale) for an integer a > 0, delivered at precision p. Writes the value as 2^e × m with m in
 * [sqrt(1/2), sqrt(2)), then ln m = 2·atanh(z), z = (m−1)/(m+1), |z| <= 0.172. Absolute error a few
 * units of 2^-p; m − 1 is formed exactly, so values near 1 keep their relative accuracy when p is
 * large enough.
 */
export function logFixed(a: bigint, scale: number, p: number): bigint {
  if (a <= 0n) throw new RangeError("logFixed: nonpositive");
  const q = p + GUARD;
  let e = bitLength(a) - 1 - scale; // value in [2^e, 2^(e+1))
  // m = value / 2^e at precision q
  let m = shiftTo(a, scale + e, q);
  const one = 1n << big(q);
  // sqrt(2) at precision q, compared exactly via squares: m >= sqrt2  <=>  m^2 >= 2·one^2
  if (m * m >= 2n * one * one) {
    e += 1;
    m >>= 1n;
  }
  const z = ((m - one) << big(q)) / (m + one);
  // Sum on |z| (a right shift floors, so a negative power would stall at -1), then restore the sign.
  const az = z < 0n ? -z : z;
  const z2 = (az * az) >> big(q);
  let sum = 0n;
  let pw = az;
  for (let k = 1n; pw !== 0n; k += 2n) {
    sum += pw / k;
    pw = (pw * z2) >> big(q);
  }
  if (z < 0n) sum = -sum;
  const ln2 = ln2At(q + 12) >> 12n;
  const total = 2n * sum + big(e) * ln2;
  return total >> big(GUARD);
}

/** Re-expresses a value a / 2^from at precision `to` (truncating when to < from). */
function shiftTo(a: bigint, from: number, to: number): bigint {
  return to >= from ? a << big(to - from) : a >> big(from - to);
}

/** sin and cos of fixed-point r (|r| <= 1) at precision p, by Taylor series. */
export function sinCosFixed(r: bigint, p: number): { sin: bigint; cos: bigint } {
  const q = p + GUARD;
  const rq = r << big(GUARD);
  const r2 = (rq * rq) >> big(q);
  let s = rq;
  let term = rq;
  for (let i = 2n; term !== 0n; i += 2n) {
    term = -((term * r2) >> big(q)) / (i * (i + 1n));
    s += term;
  }
  const one = 1n << big(q);
  let c = one;
  term = one;
  for (let i = 1n; term !== 0n; i += 2n) {
    term = -((term * r2) >> big(q)) / (i * (i + 1n));
    c += term;
  }
  return { sin: s >> big(GUARD), cos: c >> big(GUARD) };
}

/**
 * Reduces a finite double x modulo pi/2: x = k·(pi/2) + r with |r| <= pi/4. Returns r at precision p and
 * k mod 4. Uses pi with enough bits that k·(pi/2) is exact to 2^-(p+64) even for |x| near 2^1024 (the
 * same effect as Payne–Hanek, done with one wide multiplication).
 */
export function reduceHalfPi(x: number, p: number): { r: bigint; quadrant: number } {
  const { exp, mant } = decompose(x);
  const lead = bitLength(mant) - 1 + exp;
  const s = p + Math.max(0, lead + 1) + 64;
  const xs = toFixed(x, s);
  const halfPi = piAt(s) >> 1n;
  const k = roundDiv(xs, halfPi);
  const r = xs - k * halfPi;
  const quadrant = Number(((k % 4n) + 4n) % 4n);
  return { r: r >> big(s - p), quadrant };
}

/** atan(t) for fixed-point |t| <= 1 at precision p: three argument halvings, then the Taylor series. */
function atanSmallFixed(t: bigint, p: number): bigint {
  const q = p + GUARD;
  const one = 1n << big(q);
  let x = t << big(GUARD);
  const HALVINGS = 3;
  for (let i = 0; i < HALVINGS; i++) {
    // atan(x) = 2·atan(x / (1 + sqrt(1 + x^2)))
    const root = sqrtFixed(one + ((x * x) >> big(q)), q);
    x = (x << big(q)) / (one + root);
  }
  const ax = x < 0n ? -x : x;
  const x2 = (ax * ax) >> big(q);
  let sum = 0n;
  let pw = ax;
  let sign = 1n;
  for (let k = 1n; pw !== 0n; k += 2n) {
    sum += (sign * pw) / k;
    sign = -sign;
    pw = (pw * x2) >> big(q);
  }
  if (x < 0n) sum = -sum;
  return (sum << big(HALVINGS)) >> big(GUARD);
}

/** atan(n / d) for integers with d > 0 (any ratio), at precision p. */
export function atanRatioFixed(n: bigint, d: bigint, p: number): bigint {
  const neg = n < 0n;
  const an = neg ? -n : n;
  let v: bigint;
  if (an <= d) v = atanSmallFixed((an << big(p)) / d, p);
  else v = (piAt(p) >> 1n) - atanSmallFixed((d << big(p)) / an, p);
  return neg ? -v : v;
}
