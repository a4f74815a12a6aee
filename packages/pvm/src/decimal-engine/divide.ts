/** Division family: divide, divide_int (//), remainder (%), divmod and remainder_near. */
import type { Context } from "./context.js";
import { type Dec, FINITE, INF, digits, finite, infinity, nan, pow10 } from "./dec.js";
import { invalid, propagateNaN } from "./nans.js";
import { type Status, finalize, roundsUp } from "./round.js";
import { DIVISION_BY_ZERO, DIVISION_IMPOSSIBLE, DIVISION_UNDEFINED, INVALID_OPERATION } from "./signals.js";

export function divideSt(ctx: Context, a: Dec, b: Dec, st: Status): Dec {
  const sign = (a.sign ^ b.sign) as 0 | 1;
  if (a.special !== FINITE || b.special !== FINITE) {
    const n = propagateNaN(ctx, st, a, b);
    if (n) return n;
    if (a.special === INF) return b.special === INF ? invalid(st) : infinity(sign);
    // finite / Infinity: a zero at Etiny (libmpdec signals Clamped).
    return finalize(ctx, sign, 0n, ctx.etiny() - 1, st);
  }
  if (b.coeff === 0n) {
    if (a.coeff === 0n) {
      st.bits |= DIVISION_UNDEFINED;
      return nan(0);
    }
    st.bits |= DIVISION_BY_ZERO;
    return infinity(sign);
  }
  const ideal = a.exp - b.exp;
  if (a.coeff === 0n) return finalize(ctx, sign, 0n, ideal, st);
  // Quotient with at least prec+1 digits, then a sticky digit for an inexact remainder.
  const shift = digits(b.coeff) - digits(a.coeff) + ctx.prec + 1;
  let q: bigint;
  let r: bigint;
  if (shift >= 0) {
    const n = a.coeff * pow10(shift);
    q = n / b.coeff;
    r = n - q * b.coeff;
  } else {
    const dvs = b.coeff * pow10(-shift);
    q = a.coeff / dvs;
    r = a.coeff - q * dvs;
  }
  let exp = ideal - shift;
  if (r !== 0n) {
    if (q % 5n === 0n) q += 1n;
  } else {
    while (exp < ideal && q % 10n === 0n) {
      q /= 10n;
      exp += 1;
    }
  }
  return finalize(ctx, sign, q, exp, st);
}

/** Integer quotient and remainder of finite nonzero-divisor operands, or null if the quotient is too long. */
interface IntDivision {
  q: bigint;
  r: bigint;
  /** Exponent of the remainder: min(a.exp, b.exp). */
  rexp: number;
  /** Aligned divisor, for remainder_near's half comparison; 0n when |a/b| < 0.1 (not needed). */
  bAligned: bigint;
}

function intDivide(ctx: Context, a: Dec, b: Dec): IntDivision | null {
  const rexp = Math.min(a.exp, b.exp);
  const expdiff = a.adjusted() - b.adjusted();
  if (a.coeff === 0n || expdiff <= -2) {
    // |a/b| < 0.1: quotient 0, remainder a itself.
    // (Aligning b here could cost 10^(millions); remainder_near does not need it for such a tiny ratio.)
    return { q: 0n, r: a.coeff * pow10(a.exp - rexp), rexp, bAligned: 0n };
  }
  if (expdiff > ctx.prec) return null;
  const A = a.coeff * pow10(a.exp - rexp);
  const B = b.coeff * pow10(b.exp - rexp);
  const q = A / B;
  if (q >= pow10(ctx.prec)) return null;
  return { q, r: A - q * B, rexp, bAligned: B };
}

/** Shared special-value handling of //, % and divmod; returns [quotient, remainder] or null. */
function divSpecials(ctx: Context, a: Dec, b: Dec, st: Status): [Dec, Dec] | null {
  const sign = (a.sign ^ b.sign) as 0 | 1;
  if (a.special !== FINITE || b.special !== FINITE) {
    const n = propagateNaN(ctx, st, a, b);
    if (n) return [n, n];
    if (a.special === INF) {
      if (b.special === INF) {
        const x = invalid(st);
        return [x, x];
      }
      st.bits |= INVALID_OPERATION;
      return [infinity(sign), nan(0)];
    }
    // finite op Infinity: quotient 0, remainder a (rounded by the callers that return it).
    return [finite(sign, 0n, 0), a];
  }
  if (b.coeff === 0n) {
    if (a.coeff === 0n) {
      st.bits |= DIVISION_UNDEFINED;
      return [nan(0), nan(0)];
    }
    st.bits |= DIVISION_BY_ZERO | INVALID_OPERATION;
    return [infinity(sign), nan(0)];
  }
  return null;
}

/** divmod(a, b): Python's (a // b, a % b) for decimals (quotient truncated toward zero). */
export function divmodSt(ctx: Context, a: Dec, b: Dec, st: Status): [Dec, Dec] {
  const s = divSpecials(ctx, a, b, st);
  if (s) return b.special === INF && a.special === FINITE ? [s[0], finalize(ctx, a.sign, a.coeff, a.exp, st)] : s;
  const d = intDivide(ctx, a, b);
  if (!d) {
    st.bits |= DIVISION_IMPOSSIBLE;
    return [nan(0), nan(0)];
  }
  const sign = (a.sign ^ b.sign) as 0 | 1;
  const q = finalize(ctx, sign, d.q, 0, st);
  const r = finalize(ctx, a.sign, d.r, d.rexp, st);
  return [q, r];
}

export function divideIntSt(ctx: Context, a: Dec, b: Dec, st: Status): Dec {
  if (a.special !== FINITE || b.special !== FINITE || b.coeff === 0n) {
    const s = divSpecials(ctx, a, b, st) as [Dec, Dec];
    // `//` alone: Inf // x is Inf without InvalidOperation; x // 0 is only DivisionByZero.
    if (a.special === INF && b.special === FINITE) st.bits &= ~INVALID_OPERATION;
    if (b.special === FINITE && b.coeff === 0n && a.special === FINITE && a.coeff !== 0n) {
      st.bits &= ~INVALID_OPERATION;
    }
    return s[0];
  }
  const d = intDivide(ctx, a, b);
  if (!d) {
    st.bits |= DIVISION_IMPOSSIBLE;
    return nan(0);
  }
  return finalize(ctx, (a.sign ^ b.sign) as 0 | 1, d.q, 0, st);
}

export function remainderSt(ctx: Context, a: Dec, b: Dec, st: Status): Dec {
  if (a.special !== FINITE || b.special !== FINITE || b.coeff === 0n) {
    const s = divSpecials(ctx, a, b, st) as [Dec, Dec];
    // x % 0 is InvalidOperation alone (no DivisionByZero).
    if (b.special === FINITE && b.coeff === 0n && a.special === FINITE && a.coeff !== 0n) {
      st.bits &= ~DIVISION_BY_ZERO;
    }
    if (b.special === INF && a.special === FINITE) return finalize(ctx, a.sign, a.coeff, a.exp, st);
    return s[1];
  }
  const d = intDivide(ctx, a, b);
  if (!d) {
    st.bits |= DIVISION_IMPOSSIBLE;
    return nan(0);
  }
  return finalize(ctx, a.sign, d.r, d.rexp, st);
}

/** IEEE remainder: a - b×n where n is a/b rounded half-even to an integer. */
export function remainderNearSt(ctx: Context, a: Dec, b: Dec, st: Status): Dec {
  if (a.special !== FINITE || b.special !== FINITE || b.coeff === 0n) return remainderSt(ctx, a, b, st);
  const d = intDivide(ctx, a, b);
  if (!d) {
    st.bits |= DIVISION_IMPOSSIBLE;
    return nan(0);
  }
  let { q, r } = d;
  if (d.bAligned === 0n) return finalize(ctx, a.sign, r, d.rexp, st);
  const twice = 2n * r;
  const half = twice < d.bAligned ? -1 : twice === d.bAligned ? 0 : 1;
  let sign = a.sign;
  if (roundsUp("ROUND_HALF_EVEN", 0, q, half, r === 0n)) {
    q += 1n;
    r = d.bAligned - r;
    sign = (sign ^ 1) as 0 | 1;
  }
  if (q >= pow10(ctx.prec)) {
    st.bits |= DIVISION_IMPOSSIBLE;
    return nan(0);
  }
  if (r === 0n) sign = a.sign;
  return finalize(ctx, sign, r, d.rexp, st);
}
