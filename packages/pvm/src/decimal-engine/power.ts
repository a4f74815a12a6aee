/**
 * Power, following libmpdec's `mpd_qpow` step by step so results are bit-identical with CPython:
 * special values, powers of one, certain overflow/underflow bounds, then either left-to-right binary
 * exponentiation for integral exponents (working precision prec + digits + 2, ROUND_HALF_EVEN) or
 * exp(y × ln x) for the rest (each step correctly rounded to max(prec, digits(x)) + 23 digits), and a
 * final rounding in the caller's context.
 */
import { mulSt } from "./arith.js";
import { cmpNumeric } from "./compare.js";
import { Context, MAX_EMAX, MIN_EMIN } from "./context.js";
import { type Dec, FINITE, INF, digits, finite, infinity, pow10 } from "./dec.js";
import { divideSt } from "./divide.js";
import { invalid, propagateNaN } from "./nans.js";
import { type Status, finalize } from "./round.js";
import { CLAMPED, DIVISION_BY_ZERO, IEEE_INVALID_OPERATION, INEXACT, ROUNDED } from "./signals.js";
import { expSt, lnSt } from "./transcend.js";

const ONE = finite(0, 1n, 0);
/** libmpdec's MPD_EXPDIGITS on 64-bit builds: extra digits of the real-power working precision. */
const EXP_DIGITS = 19;

/** An internal context: any precision, no traps (helpers never throw; statuses are merged by hand). */
function workContext(prec: number, Emin: number, Emax: number): Context {
  const c = new Context({ traps: [] });
  c.prec = prec;
  c.Emin = Emin;
  c.Emax = Emax;
  return c;
}

function isInteger(d: Dec): boolean {
  if (d.special !== FINITE) return false;
  if (d.exp >= 0 || d.coeff === 0n) return true;
  return -d.exp < digits(d.coeff) + 1 && d.coeff % pow10(-d.exp) === 0n;
}

/** Integral value of an integer Dec (its magnitude). */
function integerValue(d: Dec): bigint {
  return d.exp >= 0 ? d.coeff * pow10(d.exp) : d.coeff / pow10(-d.exp);
}

/** Number of decimal digits of |n| (libmpdec `mpd_exp_digits`). */
function expDigits(n: number): number {
  return String(Math.abs(n)).length;
}

/** libmpdec `_lower_bound_zeta`: a lower bound for log10(|log10(x)|), x > 0, x ≠ 1. */
function lowerBoundZeta(x: Dec): number {
  const t = x.adjusted();
  if (t > 0) return expDigits(t) - 1;
  if (t < -1) return expDigits(t + 1) - 1;
  // x - 1 exactly (x is within [0.1, 10) here, so the alignment is cheap); only its adjusted exponent matters.
  const e = Math.min(x.exp, 0);
  const exact = x.coeff * pow10(x.exp - e) - pow10(-e);
  const u = (exact < 0n ? digits(-exact) : digits(exact)) - 1 + e;
  return t === 0 ? u - 2 : u - 1;
}

export function powerSt(ctx: Context, base: Dec, exp: Dec, st: Status): Dec {
  if (base.special !== FINITE || exp.special !== FINITE) {
    const n = propagateNaN(ctx, st, base, exp);
    if (n) return n;
  }
  const intexp = isInteger(exp);
  const resultSign: 0 | 1 = intexp && base.sign === 1 && (integerValue(exp) & 1n) === 1n ? 1 : 0;

  if (base.isZero()) {
    if (exp.isZero()) return invalid(st);
    if (exp.sign === 1) return infinity(resultSign);
    return finite(resultSign, 0n, 0);
  }
  if (base.sign === 1 && (!intexp || exp.special === INF)) return invalid(st);
  if (exp.special === INF) {
    const c = cmpNumeric(base, ONE);
    if (c === 0) return paddedOne(resultSign, ctx.prec - 1, st, INEXACT | ROUNDED);
    return c * (exp.sign ? -1 : 1) < 0 ? finite(resultSign, 0n, 0) : infinity(resultSign);
  }
  if (base.special === INF) {
    if (exp.sign === 1 && !exp.isZero()) return finite(resultSign, 0n, 0);
    if (exp.isZero()) return finite(0, 1n, 0);
    return infinity(resultSign);
  }
  if (exp.isZero()) return finite(resultSign, 1n, 0);

  // Powers of one: 1.000 ** 3 = 1.000000000; 1 ** 0.5 = 1.000… (prec digits, inexact).
  if (cmpNumeric(base, ONE) === 0) {
    if (intexp) {
      if (exp.sign === 1) return finite(0, 1n, 0);
      const zeros = integerValue(exp) * BigInt(-base.exp);
      if (zeros > BigInt(ctx.prec - 1)) return paddedOne(resultSign, ctx.prec - 1, st, ROUNDED);
      return paddedOne(resultSign, Number(zeros), st, 0);
    }
    return paddedOne(resultSign, ctx.prec - 1, st, INEXACT | ROUNDED);
  }

  // Certain overflow or underflow, decided from bounds on the logarithms.
  const absBase = base.sign ? finite(0, base.coeff, base.exp) : base;
  const lbTheta = exp.adjusted();
  const lbZeta = lowerBoundZeta(absBase);
  const grows = ((absBase.adjusted() < 0 ? 1 : 0) ^ exp.sign) === 0;
  if (grows) {
    if (expDigits(ctx.Emax) < lbZeta + lbTheta) return finalize(ctx, resultSign, 1n, ctx.Emax + 1, st);
  } else if (expDigits(ctx.etiny()) < lbZeta + lbTheta) {
    return finalize(ctx, resultSign, 1n, ctx.etiny() - 1, st);
  }

  if (intexp) return intPower(ctx, base, exp, resultSign, st);
  return realPower(ctx, base, exp, st);
}

function paddedOne(sign: 0 | 1, zeros: number, st: Status, flags: number): Dec {
  st.bits |= flags;
  return finite(sign, pow10(zeros), -zeros);
}

/** libmpdec `_mpd_qpow_int`: binary exponentiation at prec + digits(y) + exp(y) + 2, half-even. */
function intPower(ctx: Context, base: Dec, exp: Dec, resultSign: 0 | 1, st: Status): Dec {
  const work = workContext(ctx.prec + digits(exp.coeff) + exp.exp + 2, ctx.Emin, ctx.Emax);
  let t = base;
  if (exp.sign === 1) {
    work.prec += 1;
    const ws: Status = { bits: 0 };
    t = divideSt(work, ONE, base, ws);
    st.bits |= ws.bits;
    if (ws.bits & (IEEE_INVALID_OPERATION | DIVISION_BY_ZERO)) return finalize(ctx, 0, 0n, 0, st);
  }
  const n = integerValue(exp);
  let r = t;
  const ws: Status = { bits: 0 };
  const bits = n.toString(2);
  // Left to right over the bits after the leading one: square, then multiply when the bit is set.
  for (let i = 1; i < bits.length; i++) {
    r = mulSt(work, r, r, ws);
    if (bits[i] === "1") r = mulSt(work, r, t, ws);
    if (r.special !== FINITE || (r.coeff === 0n && (ws.bits & CLAMPED) !== 0)) break;
  }
  st.bits |= ws.bits;
  if (r.special === INF) return finalize(ctx, resultSign, 1n, ctx.Emax + ctx.prec + 1, st);
  return finalize(ctx, resultSign, r.coeff, r.exp, st);
}

/** libmpdec `_mpd_qpow_real`: exp(y × ln x), each step correctly rounded at max(prec, digits(x)) + 23. */
function realPower(ctx: Context, base: Dec, exp: Dec, st: Status): Dec {
  const work = workContext(Math.max(digits(base.coeff), ctx.prec) + 4 + EXP_DIGITS, MIN_EMIN, MAX_EMAX);
  const ws: Status = { bits: 0 };
  let r = lnSt(work, base, ws);
  r = mulSt(work, r, exp, ws);
  const es: Status = { bits: 0 };
  r = expSt(work, r, es);
  st.bits |= (ws.bits & (IEEE_INVALID_OPERATION | DIVISION_BY_ZERO)) | es.bits | INEXACT | ROUNDED;
  if (r.special === FINITE && cmpNumeric(r, ONE) === 0) {
    const shift = ctx.prec - 1;
    r = finite(0, pow10(shift), -shift);
  }
  if (r.special === INF) return finalize(ctx, 0, 1n, ctx.Emax + ctx.prec + 1, st);
  return finalize(ctx, r.sign, r.coeff, r.exp, st);
}

/**
 * Three-argument pow(base, exp, mod): integers only, exp ≥ 0, mod ≠ 0 and no longer than prec
 * digits (libmpdec `mpd_qpowmod`). The result is (|base|^exp mod |mod|) with base^exp's sign.
 */
export function powModSt(ctx: Context, base: Dec, exp: Dec, mod: Dec, st: Status): Dec {
  if (base.special !== FINITE || exp.special !== FINITE || mod.special !== FINITE) {
    const n = propagateNaN(ctx, st, base, exp, mod);
    if (n) return n;
    return invalid(st);
  }
  if (!isInteger(base) || !isInteger(exp) || !isInteger(mod)) return invalid(st);
  if (mod.isZero() || exp.sign === 1 || (base.isZero() && exp.isZero())) return invalid(st);
  if (mod.exp >= 0 && digits(mod.coeff) + mod.exp > ctx.prec) return invalid(st);
  const m = integerValue(mod);
  if (digits(m) > ctx.prec) return invalid(st);
  // Exponents up to 10^999999 are legal: never materialise base or exponent. The base reduces as
  // coeff · 10^exp (mod m); the exponent c · 10^k is applied as x^c, then k rounds of x ↦ x^10.
  const [ec, ek] = scaledInteger(exp);
  const sign: 0 | 1 = base.sign === 1 && ek === 0 && (ec & 1n) === 1n ? 1 : 0;
  const [bc, bk] = scaledInteger(base);
  let r = (bc * modPow(10n, BigInt(bk), m)) % m;
  r = modPow(r, ec, m);
  for (let i = 0; i < ek; i++) r = modPow(r, 10n, m);
  return finite(sign, r, 0);
}

/** An integral Dec as c · 10^k with k ≥ 0 (trailing fractional zeros divided out). */
function scaledInteger(d: Dec): [bigint, number] {
  return d.exp >= 0 ? [d.coeff, d.exp] : [d.coeff / pow10(-d.exp), 0];
}

function modPow(b: bigint, e: bigint, m: bigint): bigint {
  let r = 1n % m;
  b %= m;
  for (let k = e; k > 0n; k >>= 1n) {
    if (k & 1n) r = (r * b) % m;
    b = (b * b) % m;
  }
  return r;
}
