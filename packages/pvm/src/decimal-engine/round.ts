/**
 * Rounding a coefficient to fewer digits, and `finalize`: fitting a finite result into a context's
 * precision and exponent range (General Decimal Arithmetic §"rounding", overflow, underflow, clamp).
 */
import type { Context, Rounding } from "./context.js";
import { type Dec, FINITE, digits, finite, infinity, nan, pow10 } from "./dec.js";
import { CLAMPED, INEXACT, OVERFLOW, ROUNDED, SUBNORMAL, UNDERFLOW } from "./signals.js";

/** A status accumulator passed through an operation; the public entry raises it once at the end. */
export interface Status {
  bits: number;
}

/**
 * Whether dropping a remainder rounds the kept coefficient up (away from zero).
 * half: sign of (remainder - half unit): -1 below, 0 exactly half, 1 above. exact: remainder is 0.
 */
export function roundsUp(mode: Rounding, sign: 0 | 1, kept: bigint, half: number, exact: boolean): boolean {
  if (exact) return false;
  switch (mode) {
    case "ROUND_DOWN":
      return false;
    case "ROUND_UP":
      return true;
    case "ROUND_CEILING":
      return sign === 0;
    case "ROUND_FLOOR":
      return sign === 1;
    case "ROUND_HALF_UP":
      return half >= 0;
    case "ROUND_HALF_DOWN":
      return half > 0;
    case "ROUND_HALF_EVEN":
      return half > 0 || (half === 0 && (kept & 1n) === 1n);
    case "ROUND_05UP": {
      const last = kept % 10n;
      return last === 0n || last === 5n;
    }
  }
}

/** Result of dropping k low digits of a coefficient with a rounding mode. */
export interface Shifted {
  coeff: bigint;
  inexact: boolean;
}

/** Drops the k ≥ 0 lowest digits of c (c ≥ 0), rounding by mode. */
export function shiftRound(c: bigint, k: number, mode: Rounding, sign: 0 | 1): Shifted {
  if (k <= 0) return { coeff: c, inexact: false };
  if (c === 0n) return { coeff: 0n, inexact: false };
  let q: bigint;
  let half: number;
  let exact: boolean;
  if (k > digits(c)) {
    // Everything is shifted out, and c < 10^(k-1) is below half a unit.
    q = 0n;
    half = -1;
    exact = false;
  } else {
    const p = pow10(k);
    q = c / p;
    const r = c - q * p;
    exact = r === 0n;
    const twice = r * 2n;
    half = twice < p ? -1 : twice === p ? 0 : 1;
  }
  if (roundsUp(mode, sign, q, half, exact)) q += 1n;
  return { coeff: q, inexact: !exact };
}

/** The result of an overflow under a rounding mode: Infinity or the largest finite number. */
function overflowResult(ctx: Context, sign: 0 | 1, st: Status): Dec {
  st.bits |= OVERFLOW | INEXACT | ROUNDED;
  const mode = ctx.rounding;
  const toInf =
    mode === "ROUND_HALF_UP" ||
    mode === "ROUND_HALF_EVEN" ||
    mode === "ROUND_HALF_DOWN" ||
    mode === "ROUND_UP" ||
    (mode === "ROUND_CEILING" && sign === 0) ||
    (mode === "ROUND_FLOOR" && sign === 1);
  if (toInf) return infinity(sign);
  return finite(sign, pow10(ctx.prec) - 1n, ctx.etop());
}

/**
 * Fits a finite (sign, coeff, exp) into ctx: rounds to prec digits, handles subnormals, overflow and
 * the clamp fold-down, and records the signals in st.
 */
export function finalize(ctx: Context, sign: 0 | 1, coeff: bigint, exp: number, st: Status): Dec {
  const prec = ctx.prec;
  const etiny = ctx.Emin - prec + 1;
  const etop = ctx.Emax - prec + 1;
  if (coeff === 0n) {
    const expMax = ctx.clamp ? etop : ctx.Emax;
    const e = Math.min(Math.max(exp, etiny), expMax);
    if (e !== exp) st.bits |= CLAMPED;
    return finite(sign, 0n, e);
  }
  const nd = digits(coeff);
  let expMin = nd + exp - prec;
  if (expMin > etop) return overflowResult(ctx, sign, st);
  const subnormal = expMin < etiny;
  if (subnormal) expMin = etiny;
  if (exp < expMin) {
    const s = shiftRound(coeff, expMin - exp, ctx.rounding, sign);
    let c = s.coeff;
    if (c === pow10(prec)) {
      c = pow10(prec - 1);
      expMin += 1;
    }
    let ans: Dec;
    if (expMin > etop) {
      ans = overflowResult(ctx, sign, st);
    } else {
      ans = finite(sign, c, expMin);
    }
    if (subnormal) st.bits |= s.inexact ? SUBNORMAL | UNDERFLOW : SUBNORMAL;
    if (s.inexact) st.bits |= INEXACT;
    st.bits |= ROUNDED;
    if (ans.special === FINITE && ans.coeff === 0n) st.bits |= CLAMPED;
    return ans;
  }
  if (subnormal) st.bits |= SUBNORMAL;
  if (ctx.clamp === 1 && exp > etop) {
    st.bits |= CLAMPED;
    return finite(sign, coeff * pow10(exp - etop), etop);
  }
  return finite(sign, coeff, exp);
}

/** Finalizes any value: NaN payloads are cut to fit the precision, infinities pass through. */
export function finalizeDec(ctx: Context, d: Dec, st: Status): Dec {
  if (d.special === FINITE) return finalize(ctx, d.sign, d.coeff, d.exp, st);
  return fixNaN(ctx, d);
}

/** A NaN payload keeps only its prec - clamp lowest digits (libmpdec `_mpd_fix_nan`). */
export function fixNaN(ctx: Context, d: Dec): Dec {
  if (!d.isNaN() || d.coeff === 0n) return d;
  const room = ctx.prec - ctx.clamp;
  if (digits(d.coeff) <= room) return d;
  return nan(d.sign, d.coeff % pow10(room), d.isSNaN());
}
