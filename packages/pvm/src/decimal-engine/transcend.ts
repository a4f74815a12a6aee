/**
 * exp, ln and log10, correctly rounded with ROUND_HALF_EVEN (as libmpdec: the context's rounding mode
 * is not used, its precision and exponent limits are). Ziv's strategy: approximate with guard digits,
 * and accept once both ends of the error interval round to the same Dec.
 */
import type { Context } from "./context.js";
import { type Dec, FINITE, digits, finite, infinity, pow10 } from "./dec.js";
import { expFixed, ln10Fixed, ln2Fixed, lnNearOne, toFixed } from "./fixed.js";
import { invalid, propagateNaN } from "./nans.js";
import { type Status, finalize } from "./round.js";
import { DecimalError } from "./signals.js";

const GUARD = 15; // internal digits beyond the working precision w
const ERROR_UNITS = 2n; // bound on |approximation - true| in units of 10^-w after dropping the guard

function halfEven(ctx: Context): Context {
  if (ctx.rounding === "ROUND_HALF_EVEN") return ctx;
  const c = ctx.copy();
  c.rounding = "ROUND_HALF_EVEN";
  return c;
}

function same(a: Dec, b: Dec): boolean {
  return a.special === b.special && a.sign === b.sign && a.coeff === b.coeff && a.exp === b.exp;
}

/**
 * Rounds an approximation known to within ERROR_UNITS of the truth: value = approx × 10^(scaleExp).
 * Returns null when the interval straddles a rounding boundary (the caller retries with more digits).
 */
function tryRound(ctx: Context, approx: bigint, scaleExp: number, st: Status): Dec | null {
  const sign: 0 | 1 = approx < 0n ? 1 : 0;
  const mag = approx < 0n ? -approx : approx;
  if (mag <= ERROR_UNITS) return null;
  const scratch: Status = { bits: 0 };
  const lo = finalize(ctx, sign, mag - ERROR_UNITS, scaleExp, scratch);
  const hi = finalize(ctx, sign, mag + ERROR_UNITS, scaleExp, scratch);
  if (!same(lo, hi)) return null;
  // The truth is irrational: a sticky digit below the approximation gives the right flags.
  return finalize(ctx, sign, mag * 10n + 1n, scaleExp - 1, st);
}

/** Runs approximations at growing precision until one rounds unambiguously. */
function ziv(ctx: Context, st: Status, approximate: (w: number) => { value: bigint; exp: number }): Dec {
  let w = ctx.prec + 10;
  for (let attempt = 0; attempt < 40; attempt++) {
    const { value, exp } = approximate(w);
    const r = tryRound(ctx, value, exp, st);
    if (r) return r;
    // Too few significant digits (a result near 0) or a near-tie: add what is missing, then double.
    const have = digits(value < 0n ? -value : value);
    w += Math.max(ctx.prec + 5 - have, 0) + (attempt === 0 ? 10 : w);
  }
  throw new DecimalError("PRECISION_CAP", "transcendental function did not converge");
}

export function expSt(ctx: Context, a: Dec, st: Status): Dec {
  if (a.special !== FINITE) {
    const n = propagateNaN(ctx, st, a);
    if (n) return n;
    return a.sign ? finite(0, 0n, 0) : infinity(0);
  }
  if (a.coeff === 0n) return finite(0, 1n, 0);
  const hc = halfEven(ctx);
  // |a| ≥ 10^10 exceeds (MAX_EMAX + 1) × ln 10: the result overflows or underflows outright.
  if (a.adjusted() >= 10) {
    return a.sign ? finalize(hc, 0, 1n, hc.etiny() - 2, st) : finalize(hc, 0, 1n, hc.Emax + 1, st);
  }
  return ziv(hc, st, (w) => {
    const wi = w + GUARD + 12; // 12 more digits: n × ln10 with |n| < 10^10
    const x = toFixed(a.sign ? -a.coeff : a.coeff, a.exp, wi);
    const ln10 = ln10Fixed(wi);
    // exp(x) = 10^n × exp(x - n ln 10), with n the nearest integer to x / ln 10.
    let n = x / ln10;
    let r = x - n * ln10;
    if (2n * r > ln10) {
      n += 1n;
      r -= ln10;
    } else if (2n * r < -ln10) {
      n -= 1n;
      r += ln10;
    }
    const e = expFixed(r, wi);
    return { value: e / pow10(wi - w), exp: Number(n) - w };
  });
}

/** ln of a finite positive Dec, at scale 10^wi. */
function lnFixed(a: Dec, wi: number): bigint {
  const d = digits(a.coeff);
  // a = m × 10^t with m in [0.5, 5).
  let t = a.exp + d - 1;
  let m = toFixed(a.coeff, -(d - 1), wi);
  const one = pow10(wi);
  if (m >= 5n * one) {
    m = toFixed(a.coeff, -d, wi);
    t += 1;
  }
  // m × 2^-j in [0.75, 1.5).
  let j = 0;
  if (m < (3n * one) / 4n) {
    m *= 2n;
    j = -1;
  } else {
    while (m >= (3n * one) / 2n) {
      m /= 2n;
      j += 1;
    }
  }
  let r = lnNearOne(m, wi);
  if (j !== 0) r += BigInt(j) * ln2Fixed(wi);
  if (t !== 0) r += BigInt(t) * ln10Fixed(wi);
  return r;
}

function logSpecials(ctx: Context, a: Dec, st: Status): Dec | null {
  if (a.special !== FINITE) {
    const n = propagateNaN(ctx, st, a);
    if (n) return n;
    return a.sign ? invalid(st) : infinity(0);
  }
  if (a.coeff === 0n) return infinity(1);
  if (a.sign) return invalid(st);
  return null;
}

export function lnSt(ctx: Context, a: Dec, st: Status): Dec {
  const s = logSpecials(ctx, a, st);
  if (s) return s;
  if (a.coeff === pow10(digits(a.coeff) - 1) && a.exp + digits(a.coeff) - 1 === 0) return finite(0, 0n, 0);
  const hc = halfEven(ctx);
  return ziv(hc, st, (w) => {
    const wi = w + GUARD + 12;
    return { value: lnFixed(a, wi) / pow10(wi - w), exp: -w };
  });
}

export function log10St(ctx: Context, a: Dec, st: Status): Dec {
  const s = logSpecials(ctx, a, st);
  if (s) return s;
  const d = digits(a.coeff);
  if (a.coeff === pow10(d - 1)) {
    // An exact power of ten: the integer exponent, exactly.
    const k = a.exp + d - 1;
    return finalize(ctx, k < 0 ? 1 : 0, BigInt(Math.abs(k)), 0, st);
  }
  const hc = halfEven(ctx);
  return ziv(hc, st, (w) => {
    const wi = w + GUARD + 12;
    const l = lnFixed(a, wi);
    return { value: (l * pow10(wi)) / ln10Fixed(wi) / pow10(wi - w), exp: -w };
  });
}
