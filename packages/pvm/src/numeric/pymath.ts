/**
 * Python's `math` module as pure functions on doubles and bigints, with CPython 3.11's special cases and
 * errors: ValueError "math domain error" where a finite argument gives NaN or a pole, OverflowError
 * "math range error" where the result overflows. The numeric work is mathcore.ts (correctly rounded);
 * gamma and lgamma follow CPython's own Lanczos algorithm step for step on top of it.
 */
import { aNumber, overflowError, valueError, zeroDivisionError } from "./errors.js";
import { OVERFLOW, bitLength, bitsToDouble, decompose, doubleToBits, pow2, roundToDouble } from "./bits.js";
import * as cr from "./mathcore.js";
import { fmod as cFmod } from "./floatops.js";
import { floatToInt } from "./convert.js";
import { fixedToDouble, piAt } from "./fixed.js";

const domain = () => valueError("math domain error");
const range = () => overflowError("math range error");

export const pi = fixedToDouble(piAt(160), 160);
export const tau = 2 * pi;
export const e = cr.exp(1);
export const inf = Infinity;
export const nan = NaN;

/** CPython math_1: NaN from a non-NaN argument is a domain error; inf from finite is range/domain. */
function math1(x: number, f: (x: number) => number, canOverflow: boolean): number {
  aNumber(x, "x");
  const r = f(x);
  if (Number.isNaN(r) && !Number.isNaN(x)) throw domain();
  if (!Number.isFinite(r) && !Number.isNaN(r) && Number.isFinite(x)) throw canOverflow ? range() : domain();
  return r;
}

export const sqrt = (x: number): number => math1(x, Math.sqrt, false);
export const exp = (x: number): number => math1(x, cr.exp, true);
export const exp2 = (x: number): number => math1(x, cr.exp2, true);
export const expm1 = (x: number): number => math1(x, cr.expm1, true);
export const log1p = (x: number): number => math1(x, cr.log1p, false);
export const sin = (x: number): number => math1(x, cr.sin, false);
export const cos = (x: number): number => math1(x, cr.cos, false);
export const tan = (x: number): number => math1(x, cr.tan, false);
export const asin = (x: number): number => math1(x, cr.asin, false);
export const acos = (x: number): number => math1(x, cr.acos, false);
export const atan = (x: number): number => math1(x, cr.atan, false);
export const sinh = (x: number): number => math1(x, cr.sinh, true);
export const cosh = (x: number): number => math1(x, cr.cosh, true);
export const tanh = (x: number): number => math1(x, cr.tanh, false);
export const asinh = (x: number): number => math1(x, cr.asinh, false);
export const acosh = (x: number): number => math1(x, cr.acosh, false);
export const atanh = (x: number): number => math1(x, cr.atanh, false);
export const erf = (x: number): number => math1(x, cr.erf, false);
export const erfc = (x: number): number => math1(x, cr.erfc, false);
export const cbrt = (x: number): number => math1(x, cr.cbrt, false);
export const fabs = (x: number): number => (aNumber(x, "x"), Math.abs(x));

/** CPython m_log family: every non-positive argument is a domain error (log(0) included). */
function logHelper(x: number, f: (x: number) => number): number {
  aNumber(x, "x");
  if (Number.isNaN(x)) return x;
  if (x <= 0) throw domain();
  return f(x);
}

/**
 * log of a Python int: exact ints beyond the double range use CPython's frexp route,
 * log(m) + log(2)·e with m the int scaled into [0.5, 1).
 */
function logBig(v: bigint, f: (x: number) => number): number {
  if (v <= 0n) throw domain();
  const len = bitLength(v);
  if (len <= 1024) {
    const r = roundToDouble(v, 0);
    if (r !== OVERFLOW) return f(r);
  }
  // _PyLong_Frexp: v = m × 2^len with m in [0.5, 1), m correctly rounded to 53 bits.
  const m = roundToDouble(v, -len) as number;
  return f(m) + f(2.0) * len;
}

/** math.log(x[, base]); x and base may be doubles or Python ints (bigint). */
export function log(x: number | bigint, base?: number | bigint): number {
  const one = (v: number | bigint) => (typeof v === "bigint" ? logBig(v, cr.log) : logHelper(v, cr.log));
  const num = one(x);
  if (base === undefined) return num;
  const den = one(base);
  // CPython divides the two logs as Python floats: log(x, 1) is a float division by zero.
  if (den === 0) throw zeroDivisionError("float division by zero");
  return num / den;
}
export const log2 = (x: number | bigint): number => (typeof x === "bigint" ? logBig(x, cr.log2) : logHelper(x, cr.log2));
export const log10 = (x: number | bigint): number => (typeof x === "bigint" ? logBig(x, cr.log10) : logHelper(x, cr.log10));

const isOddInteger = (y: number): boolean => cFmod(Math.abs(y), 2.0) === 1.0;

/** math.pow: C99 special values, ValueError for (-x)**non-integer and 0**negative, OverflowError. */
export function pow(x: number, y: number): number {
  aNumber(x, "x");
  aNumber(y, "y");
  if (!Number.isFinite(x) || !Number.isFinite(y)) {
    if (Number.isNaN(x)) return y === 0 ? 1 : x;
    if (Number.isNaN(y)) return x === 1 ? 1 : y;
    if (!Number.isFinite(x)) {
      const odd = Number.isFinite(y) && isOddInteger(y);
      if (y > 0) return odd ? x : Math.abs(x);
      if (y === 0) return 1;
      return odd ? (x < 0 ? -0 : 0) : 0;
    }
    if (Math.abs(x) === 1) return 1;
    if (y > 0 && Math.abs(x) > 1) return y;
    if (y < 0 && Math.abs(x) < 1) return -y;
    return 0;
  }
  const r = cPow(x, y);
  if (Number.isNaN(r)) throw domain();
  if (!Number.isFinite(r)) throw x === 0 ? domain() : range();
  return r;
}

/** C pow for finite x, y. */
export function cPow(x: number, y: number): number {
  if (y === 0 || x === 1) return 1;
  if (x === 0) {
    const odd = isOddInteger(y);
    if (y < 0) return odd ? 1 / x : Infinity;
    return odd ? x : 0;
  }
  let negate = false;
  if (x < 0) {
    if (!Number.isInteger(y)) return NaN;
    negate = isOddInteger(y);
    x = -x;
  }
  if (x === 1) return negate ? -1 : 1;
  const r = cr.powPositive(x, y);
  return negate ? -r : r;
}

/**
 * Python's float ** float (float_pow). Returns null when the result is complex (negative base with a
 * non-integer exponent): the caller delegates to complex power. ZeroDivisionError for 0.0 ** negative,
 * OverflowError "(34, 'Numerical result out of range')" on overflow (errno ERANGE as CPython shows it).
 */
export function floatPow(x: number, y: number): number | null {
  aNumber(x, "x");
  aNumber(y, "y");
  if (y === 0) return 1;
  if (Number.isNaN(x)) return x;
  if (Number.isNaN(y)) return x === 1 ? 1 : y;
  if (!Number.isFinite(y)) {
    const ax = Math.abs(x);
    if (ax === 1) return 1;
    return y > 0 === ax > 1 ? Math.abs(y) : 0;
  }
  if (!Number.isFinite(x)) {
    const odd = isOddInteger(y);
    if (y > 0) return odd ? x : Math.abs(x);
    return odd ? (x < 0 ? -0 : 0) : 0;
  }
  if (x === 0) {
    if (y < 0) throw zeroDivisionError("0.0 cannot be raised to a negative power");
    return isOddInteger(y) ? x : 0;
  }
  let negate = false;
  let bx = x;
  if (bx < 0) {
    if (y !== Math.floor(y)) return null;
    bx = -bx;
    negate = isOddInteger(y);
  }
  if (bx === 1) return negate ? -1 : 1;
  let r = cr.powPositive(bx, y);
  if (negate) r = -r;
  if (!Number.isFinite(r)) throw overflowError("(34, 'Numerical result out of range')");
  return r;
}

/** math.atan2 (CPython m_atan2 special cases, then the correctly rounded atan2). */
export function atan2(y: number, x: number): number {
  aNumber(y, "y");
  aNumber(x, "x");
  if (Number.isNaN(x) || Number.isNaN(y)) return NaN;
  if (!Number.isFinite(y)) {
    const s = y > 0 ? 1 : -1;
    if (!Number.isFinite(x)) return s * (x > 0 ? 0.25 * pi : 0.75 * pi);
    return s * 0.5 * pi;
  }
  const yNeg = y < 0 || Object.is(y, -0);
  if (!Number.isFinite(x) || y === 0) {
    const xPos = x > 0 || Object.is(x, 0);
    return xPos ? (yNeg ? -0 : 0) : yNeg ? -pi : pi;
  }
  return cr.atan2(y, x);
}

/** math.fmod: ValueError for inf x or zero y; fmod(x, ±inf) = x. */
export function fmod(x: number, y: number): number {
  aNumber(x, "x");
  aNumber(y, "y");
  if (!Number.isFinite(y) && !Number.isNaN(y) && Number.isFinite(x)) return x;
  const r = cFmod(x, y);
  if (Number.isNaN(r) && !Number.isNaN(x) && !Number.isNaN(y)) throw domain();
  return r;
}

/** math.remainder: IEEE 754 remainder x − n·y with n = round-half-even(x/y), exact. */
export function remainder(x: number, y: number): number {
  aNumber(x, "x");
  aNumber(y, "y");
  if (Number.isNaN(x)) return x;
  if (Number.isNaN(y)) return y;
  if (!Number.isFinite(x) || y === 0) throw domain();
  if (!Number.isFinite(y)) return x;
  if (x === 0) return x;
  const dx = decompose(Math.abs(x));
  const dy = decompose(Math.abs(y));
  const e0 = Math.min(dx.exp, dy.exp);
  const X = dx.mant << BigInt(dx.exp - e0);
  const Y = dy.mant << BigInt(dy.exp - e0);
  let n = X / Y;
  const r2 = (X - n * Y) * 2n;
  if (r2 > Y || (r2 === Y && (n & 1n) === 1n)) n += 1n;
  const rem = X - n * Y;
  const mag = rem === 0n ? 0 : (roundToDouble(rem < 0n ? -rem : rem, e0) as number);
  const signed = rem < 0n ? -mag : mag;
  return x < 0 ? -signed : signed === 0 ? 0 : signed;
}

export const copysign = (x: number, y: number): number => {
  aNumber(x, "x");
  aNumber(y, "y");
  const neg = y < 0 || Object.is(y, -0) || (Number.isNaN(y) && decompose(y).negative);
  return neg ? -Math.abs(x) : Math.abs(x);
};

const RAD_TO_DEG = 180.0 / pi;
const DEG_TO_RAD = pi / 180.0;
export const degrees = (x: number): number => (aNumber(x, "x"), x * RAD_TO_DEG);
export const radians = (x: number): number => (aNumber(x, "x"), x * DEG_TO_RAD);

export const isfinite = (x: number): boolean => Number.isFinite(x);
export const isinf = (x: number): boolean => x === Infinity || x === -Infinity;
export const isnan = (x: number): boolean => Number.isNaN(x);

/** math.floor / ceil / trunc of a float: a Python int. */
export const floor = (x: number): bigint => (aNumber(x, "x"), floatToInt(Math.floor(x)));
export const ceil = (x: number): bigint => (aNumber(x, "x"), floatToInt(Math.ceil(x)));
export const trunc = (x: number): bigint => (aNumber(x, "x"), floatToInt(Math.trunc(x)));

/** math.frexp: (m, e) with 0.5 <= |m| < 1, or (x, 0) for zero, inf and nan. */
export function frexp(x: number): [number, number] {
  aNumber(x, "x");
  if (x === 0 || !Number.isFinite(x)) return [x, 0];
  const { mant, exp: ex, negative } = decompose(x);
  const len = bitLength(mant);
  const m = (roundToDouble(mant, -len) as number) * (negative ? -1 : 1);
  return [m, ex + len];
}

/** math.ldexp(x, i): exact scaling with one correct rounding (subnormal results round half-even). */
export function ldexp(x: number, i: number | bigint): number {
  aNumber(x, "x");
  if (x === 0 || !Number.isFinite(x)) return x;
  const n = typeof i === "bigint" ? (i > 5000n ? 5000 : i < -5000n ? -5000 : Number(i)) : Math.max(-5000, Math.min(5000, i));
  if (!Number.isInteger(n)) throw new TypeError("i: expected an integer");
  const { mant, exp: ex, negative } = decompose(x);
  const r = roundToDouble(mant, ex + n);
  if (r === OVERFLOW) throw range();
  return negative ? -r : r;
}

/** math.modf: (fractional, integral), both carrying the sign of x. */
export function modf(x: number): [number, number] {
  aNumber(x, "x");
  if (Number.isNaN(x)) return [x, x];
  if (!Number.isFinite(x)) return [x < 0 ? -0 : 0, x];
  const t = Math.trunc(x);
  const f = x - t;
  return [f === 0 ? (x < 0 || Object.is(x, -0) ? -0 : 0) : f, t];
}

/** math.nextafter(x, y). */
export function nextafter(x: number, y: number): number {
  aNumber(x, "x");
  aNumber(y, "y");
  if (Number.isNaN(x) || Number.isNaN(y)) return NaN;
  if (x === y) return y;
  if (x === 0) return y > 0 ? pow2(-1074) : -pow2(-1074);
  // Adjacent doubles of one sign differ by one in their bit pattern.
  const away = y > x === x > 0;
  const r = bitsToDouble(doubleToBits(Math.abs(x)) + (away ? 1n : -1n));
  return x < 0 ? -r : r;
}

/** math.ulp(x). */
export function ulp(x: number): number {
  aNumber(x, "x");
  if (Number.isNaN(x)) return x;
  const ax = Math.abs(x);
  if (ax === Infinity) return ax;
  const MAX = 1.7976931348623157e308;
  if (ax === MAX) return ax - nextafter(ax, 0);
  return nextafter(ax, Infinity) - ax;
}

/** math.isclose with CPython's argument checks. */
export function isclose(a: number, b: number, relTol = 1e-9, absTol = 0.0): boolean {
  aNumber(a, "a");
  aNumber(b, "b");
  if (relTol < 0 || absTol < 0) throw valueError("tolerances must be non-negative");
  if (a === b) return true;
  if (isinf(a) || isinf(b)) return false;
  const diff = Math.abs(b - a);
  return diff <= Math.abs(relTol * b) || diff <= Math.abs(relTol * a) || diff <= absTol;
}
