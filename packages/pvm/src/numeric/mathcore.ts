/**
 * Correctly rounded (to nearest, ties to even, up to a 2^-100 relative error in the internal
 * approximation) elementary functions on doubles, with C99 Annex F special values and no exceptions:
 * the "libm" of the PVM. Each function evaluates in fixed point at a precision chosen from its argument
 * (see fixed.ts) and rounds once. Host Math.sin/exp/log/pow are never used.
 */
import { OVERFLOW, bitLength, decompose, pow2, roundToDouble } from "./bits.js";
import { LN10_FIXED, constAt } from "./constants.js";
import { expDD, expFast, roundScaled } from "./ddexp.js";
import { logDD, logFast } from "./ddlog.js";
import { ddMul } from "./dd.js";
import { trigFast } from "./ddtrig.js";
import { hyperFast } from "./ddhyper.js";
import { atanFast } from "./ddatan.js";
import { atanRatioFixed, big, expFixed, fixedToDouble, leadExp, ln2At, logFixed, piAt, reduceHalfPi, sinCosFixed, sqrtFixed, toFixed, isqrtBig } from "./fixed.js";

/** Base precision: 53 result bits + ~100 guard bits. */
const P = 160;
const POW_EPS = pow2(-90);
const POW_EPS_T = pow2(-98);
const POW_FAST_MIN = pow2(-20);

/** Precision for a function whose result scales like its (small) argument. */
const relP = (x: number): number => P + Math.max(0, -leadExp(x));

/** The double nearest to pi/2, pi and friends, rounded from the exact constants. */
const halfPiDouble = (): number => fixedToDouble(piAt(P) >> 1n, P);

export function exp(x: number): number {
  if (Number.isNaN(x)) return x;
  if (x === Infinity) return x;
  if (x === -Infinity) return 0;
  if (x > 710) return Infinity;
  if (x < -746) return 0;
  if (x === 0) return 1;
  const fast = expFast(x);
  if (fast !== undefined) return fast;
  return expSlow(x);
}

/** The exact kernel alone (the reference the fast path is tested against). */
export function expSlow(x: number): number {
  const { m, q, k } = expFixed(toFixed(x, P), P);
  return fixedToDouble(m, q, k);
}

export function exp2(x: number): number {
  if (Number.isNaN(x)) return x;
  if (x === Infinity) return x;
  if (x === -Infinity) return 0;
  if (x > 1025) return Infinity;
  if (x < -1076) return 0;
  if (Number.isInteger(x)) return pow2(x);
  const t = (toFixed(x, P + 12) * ln2At(P + 12)) >> big(P + 24);
  const { m, q, k } = expFixed(t, P);
  return fixedToDouble(m, q, k);
}

export function expm1(x: number): number {
  if (Number.isNaN(x) || x === 0) return x;
  if (x === Infinity) return x;
  if (x === -Infinity) return -1;
  if (x > 710) return Infinity;
  if (x < -60) return -1;
  if (Math.abs(x) < 0.5) {
    // Direct Taylor series: relative accuracy for tiny x.
    const p = relP(x) + 8;
    const t = toFixed(x, p);
    let term = t;
    let sum = t;
    for (let i = 2n; term !== 0n; i++) {
      term = ((term * t) >> big(p)) / i;
      sum += term;
    }
    return fixedToDouble(sum, p);
  }
  const { m, q, k } = expFixed(toFixed(x, P), P);
  const one = 1n << big(q);
  const scaled = k >= 0 ? m << big(k) : m >> big(-k);
  return fixedToDouble(scaled - one, q);
}

/** ln of a positive finite double at precision p (exact input: mantissa and exponent). */
function lnOf(x: number, p: number): bigint {
  const { mant, exp: e } = decompose(x);
  return e >= 0 ? logFixed(mant << big(e), 0, p) : logFixed(mant, -e, p);
}

function logSpecial(x: number): number | undefined {
  if (Number.isNaN(x)) return x;
  if (x < 0) return NaN;
  if (x === 0) return -Infinity;
  if (x === Infinity) return x;
  if (x === 1) return 0;
  return undefined;
}

/** Precision for a logarithm: near 1 the result is about x − 1 (exact there by Sterbenz), so add
 * its leading zeros to keep >= 150 significant bits. */
const logP = (x: number): number => (x > 0.5 && x < 2 ? relP(x - 1) : P);

export function log(x: number): number {
  const s = logSpecial(x);
  if (s !== undefined) return s;
  const fast = logFast(x);
  if (fast !== undefined) return fast;
  return logSlow(x);
}

/** The exact kernel alone (the reference the fast path is tested against). */
export function logSlow(x: number): number {
  const p = logP(x);
  return fixedToDouble(lnOf(x, p), p);
}

export function log2(x: number): number {
  const s = logSpecial(x);
  if (s !== undefined) return s;
  const { mant, exp: e } = decompose(x);
  if (mant === 1n) return e;
  const p = logP(x);
  return fixedToDouble((lnOf(x, p) << big(p)) / ln2At(p), p);
}

export function log10(x: number): number {
  const s = logSpecial(x);
  if (s !== undefined) return s;
  const p = logP(x);
  return fixedToDouble((lnOf(x, p) << big(p)) / constAt(LN10_FIXED, p), p);
}

export function log1p(x: number): number {
  if (Number.isNaN(x) || x === 0 || x === Infinity) return x;
  if (x < -1) return NaN;
  if (x === -1) return -Infinity;
  const { mant, exp: e } = decompose(x);
  const negative = x < 0;
  const s = Math.max(0, -e);
  const xs = mant << big(e + s);
  const a = (1n << big(s)) + (negative ? -xs : xs);
  return fixedToDouble(logFixed(a, s, relP(x)), relP(x));
}

/** sin/cos/tan share the reduction; `which` selects the function. */
function trig(x: number, which: "sin" | "cos" | "tan"): number {
  if (!Number.isFinite(x)) return NaN;
  if (x === 0) return which === "cos" ? 1 : x;
  let p = relP(x);
  let r: bigint;
  let quadrant = 0;
  if (Math.abs(x) < 0.78) r = toFixed(x, p);
  else {
    ({ r, quadrant } = reduceHalfPi(x, p));
    // x near a multiple of pi/2 leaves a small r: redo the reduction with its leading zeros added so
    // r keeps >= 150 significant bits (|r| >= 2^-62 for every double, so this stays bounded).
    const lost = p - bitLength(r < 0n ? -r : r);
    if (lost > 10) {
      p += lost;
      ({ r, quadrant } = reduceHalfPi(x, p));
    }
  }
  const { sin, cos } = sinCosFixed(r, p);
  if (which === "tan") {
    const ratio = quadrant % 2 === 0 ? (sin << big(p)) / cos : -((cos << big(p)) / sin);
    return fixedToDouble(ratio, p);
  }
  const k = (quadrant + (which === "cos" ? 1 : 0)) % 4;
  const v = k === 0 ? sin : k === 1 ? cos : k === 2 ? -sin : -cos;
  return fixedToDouble(v, p);
}

export const sin = (x: number): number => trigFast(x, 0) ?? trig(x, "sin");
export const cos = (x: number): number => trigFast(x, 1) ?? trig(x, "cos");
export const tan = (x: number): number => trigFast(x, 2) ?? trig(x, "tan");
/** The exact kernels alone (the references the fast paths are tested against). */
export const sinSlow = (x: number): number => trig(x, "sin");
export const cosSlow = (x: number): number => trig(x, "cos");
export const tanSlow = (x: number): number => trig(x, "tan");

export function atan(x: number): number {
  return atanFast(x) ?? atanSlow(x);
}

/** The exact kernel alone (the reference the fast path is tested against). */
export function atanSlow(x: number): number {
  if (Number.isNaN(x) || x === 0) return x;
  if (!Number.isFinite(x)) return x > 0 ? halfPiDouble() : -halfPiDouble();
  const { mant, exp: e, negative } = decompose(x);
  const p = relP(x);
  const v = e >= 0 ? atanRatioFixed(mant << big(e), 1n, p) : atanRatioFixed(mant, 1n << big(-e), p);
  return fixedToDouble(negative ? -v : v, p);
}

/** C atan2 with Annex F special cases. */
export function atan2(y: number, x: number): number {
  if (Number.isNaN(x) || Number.isNaN(y)) return NaN;
  const pi = fixedToDouble(piAt(P), P);
  const signY = y < 0 || Object.is(y, -0) ? -1 : 1;
  const xNeg = x < 0 || Object.is(x, -0);
  if (!Number.isFinite(y)) {
    if (!Number.isFinite(x)) {
      const q = fixedToDouble(piAt(P) >> 2n, P);
      const tq = fixedToDouble((3n * piAt(P)) >> 2n, P);
      return signY * (xNeg ? tq : q);
    }
    return signY * halfPiDouble();
  }
  if (!Number.isFinite(x) || y === 0) return xNeg ? signY * pi : signY * 0;
  if (x === 0) return signY * halfPiDouble();
  const dy = decompose(Math.abs(y));
  const dx = decompose(Math.abs(x));
  const e0 = Math.min(dy.exp, dx.exp);
  const Y = dy.mant << big(dy.exp - e0);
  const X = dx.mant << big(dx.exp - e0);
  const ly = leadExp(y);
  const lx = leadExp(x);
  const p = xNeg ? P : P + Math.max(0, lx - ly);
  let a = atanRatioFixed(Y, X, p);
  if (xNeg) a = piAt(p) - a;
  return fixedToDouble(signY < 0 ? -a : a, p);
}

export function asin(x: number): number {
  if (Number.isNaN(x) || x === 0) return x;
  if (x > 1 || x < -1) return NaN;
  if (x === 1 || x === -1) return x * halfPiDouble();
  const p = relP(x);
  const X = toFixed(x, p);
  const D = isqrtBig((1n << big(2 * p)) - X * X); // sqrt(1 - x^2) at precision p
  return fixedToDouble(atanRatioFixed(X, D, p), p);
}

export function acos(x: number): number {
  if (Number.isNaN(x)) return x;
  if (x > 1 || x < -1) return NaN;
  if (x === 1) return 0;
  if (x === -1) return fixedToDouble(piAt(P), P);
  const p = P + 64;
  const X = toFixed(x, p);
  const one = 1n << big(p);
  const n = sqrtFixed(one - X, p);
  const d = sqrtFixed(one + X, p);
  return fixedToDouble(2n * atanRatioFixed(n, d, p), p);
}

/** e^x as an exact-ish fixed-point pair for the hyperbolic functions: value m/2^q × 2^k. */
function hyper(x: number, which: "sinh" | "cosh" | "tanh"): number {
  const ax = Math.abs(x);
  const neg = x < 0;
  if (ax < 1) {
    // Series in x with relative precision: sinh = Σ x^(2n+1)/(2n+1)!, cosh = Σ x^(2n)/(2n)!.
    const p = relP(x || 1) + 8;
    const t = toFixed(ax, p);
    const t2 = (t * t) >> big(p);
    let sh = t;
    let term = t;
    for (let i = 2n; term !== 0n; i += 2n) {
      term = ((term * t2) >> big(p)) / (i * (i + 1n));
      sh += term;
    }
    let ch = 1n << big(p);
    term = ch;
    for (let i = 1n; term !== 0n; i += 2n) {
      term = ((term * t2) >> big(p)) / (i * (i + 1n));
      ch += term;
    }
    if (which === "cosh") return fixedToDouble(ch, p);
    const v = which === "sinh" ? sh : (sh << big(p)) / ch;
    return fixedToDouble(neg ? -v : v, p);
  }
  if (which === "tanh" && ax > 40) return neg ? -1 : 1;
  if (ax > 711) return which === "cosh" ? Infinity : neg ? -Infinity : Infinity;
  const { m, q, k } = expFixed(toFixed(ax, P), P);
  if (ax > 60) {
    // e^-x is below 2^-170 relative: sinh = cosh = e^x / 2.
    const v = fixedToDouble(m, q, k - 1);
    return which === "cosh" ? v : neg ? -v : v;
  }
  const E = m << big(k); // e^x at precision q (k > 0 here)
  const inv = (1n << big(2 * q)) / E;
  let v: bigint;
  if (which === "sinh") v = (E - inv) >> 1n;
  else if (which === "cosh") v = (E + inv) >> 1n;
  else v = ((E - inv) << big(q)) / (E + inv);
  return fixedToDouble(neg && which !== "cosh" ? -v : v, q);
}

export function sinh(x: number): number {
  if (Number.isNaN(x) || x === 0 || !Number.isFinite(x)) return x;
  return hyperFast(x, 0) ?? hyper(x, "sinh");
}
export function cosh(x: number): number {
  if (Number.isNaN(x)) return x;
  if (!Number.isFinite(x)) return Infinity;
  if (x === 0) return 1;
  return hyperFast(x, 1) ?? hyper(x, "cosh");
}
export function tanh(x: number): number {
  if (Number.isNaN(x) || x === 0) return x;
  if (!Number.isFinite(x)) return x > 0 ? 1 : -1;
  return hyperFast(x, 2) ?? hyper(x, "tanh");
}
/** The exact kernels alone (the references the fast paths are tested against). */
export const sinhSlow = (x: number): number => hyper(x, "sinh");
export const coshSlow = (x: number): number => hyper(x, "cosh");
export const tanhSlow = (x: number): number => hyper(x, "tanh");

export function asinh(x: number): number {
  if (Number.isNaN(x) || x === 0 || !Number.isFinite(x)) return x;
  const p = relP(x);
  const ax = Math.abs(x);
  const { mant, exp: e } = decompose(ax);
  // w = |x| + sqrt(x^2 + 1) at scale s where |x| is exact.
  const s = Math.max(p, -e);
  const X = e + s >= 0 ? mant << big(e + s) : mant >> big(-(e + s));
  const w = X + isqrtBig(X * X + (1n << big(2 * s)));
  const v = logFixed(w, s, p);
  return fixedToDouble(x < 0 ? -v : v, p);
}

export function acosh(x: number): number {
  if (Number.isNaN(x)) return x;
  if (x < 1) return NaN;
  if (x === 1) return 0;
  if (x === Infinity) return x;
  const { mant, exp: e } = decompose(x);
  // acosh(1 + d) ≈ sqrt(2d) >= 2^-26: 32 extra bits keep >= 150 significant bits.
  const p = P + 32;
  const s = Math.max(p, -e);
  const X = e + s >= 0 ? mant << big(e + s) : mant >> big(-(e + s));
  const w = X + isqrtBig(X * X - (1n << big(2 * s)));
  return fixedToDouble(logFixed(w, s, p), p);
}

export function atanh(x: number): number {
  if (Number.isNaN(x) || x === 0) return x;
  if (x > 1 || x < -1) return NaN;
  if (x === 1 || x === -1) return x * Infinity;
  const p = relP(x);
  const X = toFixed(Math.abs(x), p);
  const one = 1n << big(p);
  // atanh(x) = ln((1+x)/(1-x)) / 2, the ratio formed exactly at scale p.
  const ratio = ((one + X) << big(p)) / (one - X);
  const v = logFixed(ratio, p, p) >> 1n;
  return fixedToDouble(x < 0 ? -v : v, p);
}

/** Correctly rounded sqrt is the host's (IEEE requires it); re-exported for uniformity. */
export const sqrt = (x: number): number => Math.sqrt(x);

/** Correctly rounded cube root through an exact integer cube root. */
export function cbrt(x: number): number {
  if (Number.isNaN(x) || x === 0 || !Number.isFinite(x)) return x;
  const { mant, exp: e, negative } = decompose(x);
  let sh = Math.max(0, 170 - bitLength(mant));
  while ((((e - sh) % 3) + 3) % 3 !== 0) sh++;
  const n = mant << big(sh);
  let c = 1n << big(Math.ceil(bitLength(n) / 3) + 1);
  for (;;) {
    const y = (2n * c + n / (c * c)) / 3n;
    if (y >= c) break;
    c = y;
  }
  while (c * c * c > n) c -= 1n;
  while ((c + 1n) ** 3n <= n) c += 1n;
  const r = roundToDouble(c, (e - sh) / 3, c * c * c !== n);
  const v = r === OVERFLOW ? Infinity : r;
  return negative ? -v : v;
}

/**
 * pow for finite x > 0, x != 1, finite y != 0 (the cases libm computes). Integer exponents with a
 * manageable exact power are computed exactly (so exact and halfway results round correctly);
 * otherwise exp(y·ln x) with ln x carried to 160 + log2|y| bits.
 */
export function powPositive(x: number, y: number): number {
  const { mant, exp: e } = decompose(x);
  if (Number.isInteger(y) && Math.abs(y) <= 4096 && bitLength(mant) * Math.abs(y) <= 16384) {
    const ay = Math.abs(y);
    const pw = mant ** big(ay);
    const e2 = e * ay;
    if (y > 0) {
      const r = roundToDouble(pw, e2);
      return r === OVERFLOW ? Infinity : r;
    }
    if (e2 > 1200 + bitLength(pw)) return 0;
    const k = bitLength(pw) + 60;
    const num = 1n << big(k);
    const qq = num / pw;
    const r = roundToDouble(qq, -k - e2, qq * pw !== num);
    return r === OVERFLOW ? Infinity : r;
  }
  const fast = powFast(x, y);
  if (fast !== undefined) return fast;
  return powSlow(x, y);
}

/** pow through exp(y·ln x) with ln x in double-double, under the rounding test; else undefined. */
function powFast(x: number, y: number): number | undefined {
  const lx = logDD(x);
  if (lx === undefined) return undefined;
  const [th, tl] = ddMul(y, 0, lx[0], lx[1]);
  if (!(Math.abs(th) < 708) || Math.abs(th) < POW_FAST_MIN) return undefined;
  const r = expDD(th, tl);
  // ln x carries ~2^-100 relative error, which y·ln x turns into |t|·2^-100 absolute, and exp turns
  // that into the same relative error of the result.
  const err = Math.abs(r.h) * (POW_EPS + Math.abs(th) * POW_EPS_T);
  return roundScaled(r.h, r.l, r.m, err);
}

/** The exact kernel alone for non-integer exponents (the reference for the fast path). */
export function powSlow(x: number, y: number): number {
  const ly = leadExp(y);
  const pL = P + Math.max(0, ly + 1);
  const L = lnOf(x, pL);
  const { mant: my, exp: ey, negative: yneg } = decompose(y);
  let t = L * (yneg ? -my : my);
  t = ey >= 0 ? t << big(ey) : t >> big(-ey);
  // t = y·ln x at precision pL; out of range means overflow / underflow.
  const limit = 746n << big(pL);
  if (t > limit) return Infinity;
  if (t < -limit) return 0;
  const tP = t >> big(pL - P);
  const { m, q, k } = expFixed(tP, P);
  return fixedToDouble(m, q, k);
}

/** erf via the positive series erf(x) = 2/sqrt(pi)·e^(−x²)·Σ 2^n x^(2n+1)/(1·3···(2n+1)). */
function erfPositive(x: number, p: number): bigint {
  const t = toFixed(x, p);
  const t2 = (t * t) >> big(p);
  let term = t;
  let sum = t;
  for (let n = 1n; term !== 0n; n++) {
    term = ((term * 2n * t2) >> big(p)) / (2n * n + 1n);
    sum += term;
  }
  const { m, q, k } = expFixed(-t2, p);
  const e = m >> big(q - p);
  const ek = k >= 0 ? e << big(k) : e >> big(-k);
  const sqrtPi = isqrtBig(piAt(2 * p));
  return ((((sum * ek) >> big(p)) * 2n) << big(p)) / sqrtPi;
}

export function erf(x: number): number {
  if (Number.isNaN(x) || x === 0) return x;
  if (!Number.isFinite(x) || Math.abs(x) >= 6) return x > 0 ? 1 : -1;
  if (Math.abs(x) < 1) {
    // erf(x) = x·g(x²), g = 2/sqrt(pi)·Σ (−1)^n x^(2n)/(n!(2n+1)) ≈ 1.13: g needs only absolute
    // accuracy, and the exact multiplication by x's mantissa keeps full relative accuracy for tiny x.
    const p = P + 16;
    const t = toFixed(x, p);
    const t2 = (t * t) >> big(p);
    let pw = 1n << big(p);
    let sum = pw;
    for (let n = 1n; pw !== 0n; n++) {
      pw = ((pw * t2) >> big(p)) / n;
      const term = pw / (2n * n + 1n);
      sum += n % 2n === 1n ? -term : term;
    }
    const g = ((sum << 1n) << big(p)) / isqrtBig(piAt(2 * p));
    const { mant, exp: ex, negative } = decompose(x);
    return fixedToDouble(negative ? -(g * mant) : g * mant, p, ex);
  }
  const p = P + 16;
  const v = erfPositive(Math.abs(x), p);
  return fixedToDouble(x < 0 ? -v : v, p);
}

export function erfc(x: number): number {
  if (Number.isNaN(x)) return x;
  if (x === Infinity) return 0;
  if (x === -Infinity) return 2;
  if (x >= 28) return 0;
  if (x <= -6) return 2;
  const p = P + 40;
  const one = 1n << big(p);
  if (x < 3) {
    const v = x === 0 ? 0n : erfPositive(Math.abs(x), p);
    return fixedToDouble(x < 0 ? one + v : one - v, p);
  }
  // Laplace continued fraction: erfc(x) = e^(−x²)/sqrt(pi) / (x + (1/2)/(x + 1/(x + (3/2)/(x + ...)))).
  const X = toFixed(x, p);
  const a = (p * 0.7) / (2 * x);
  const terms = Math.ceil((a * a) / 2) + 30;
  let f = X;
  for (let n = terms; n >= 1; n--) f = X + (big(n) << big(2 * p)) / 2n / f;
  const x2 = (X * X) >> big(p);
  const { m, q, k } = expFixed(-x2, p);
  const den = (isqrtBig(piAt(2 * p)) * f) >> big(p);
  return fixedToDouble((m << big(p)) / den, q, k);
}
