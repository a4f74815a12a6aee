/** Comparisons: numeric compare, the total order, max/min (and _mag) with their NaN rules. */
import type { Context } from "./context.js";
import { Dec, FINITE, INF, NAN, SNAN, digits, finite, pow10 } from "./dec.js";
import { propagateNaN } from "./nans.js";
import { type Status, finalizeDec } from "./round.js";
import { INVALID_OPERATION } from "./signals.js";

/** Numeric order of two non-NaN values: -1, 0 or 1. */
export function cmpNumeric(a: Dec, b: Dec): -1 | 0 | 1 {
  const aInf = a.special === INF;
  const bInf = b.special === INF;
  if (aInf || bInf) {
    const av = aInf ? (a.sign ? -1 : 1) : 0;
    const bv = bInf ? (b.sign ? -1 : 1) : 0;
    if (aInf && bInf) return av === bv ? 0 : av < bv ? -1 : 1;
    return aInf ? (av as -1 | 1) : (-bv as -1 | 1);
  }
  const aZero = a.coeff === 0n;
  const bZero = b.coeff === 0n;
  if (aZero && bZero) return 0;
  if (aZero) return b.sign ? 1 : -1;
  if (bZero) return a.sign ? -1 : 1;
  if (a.sign !== b.sign) return a.sign ? -1 : 1;
  const mag = cmpMagnitude(a, b);
  return (a.sign ? -mag : mag) as -1 | 0 | 1;
}

/** |a| vs |b| for finite nonzero values. */
function cmpMagnitude(a: Dec, b: Dec): -1 | 0 | 1 {
  const aa = a.exp + digits(a.coeff);
  const ba = b.exp + digits(b.coeff);
  if (aa !== ba) return aa < ba ? -1 : 1;
  // Same adjusted exponent: the exponent gap is bounded by the digit counts.
  const e = Math.min(a.exp, b.exp);
  const x = a.coeff * pow10(a.exp - e);
  const y = b.coeff * pow10(b.exp - e);
  return x === y ? 0 : x < y ? -1 : 1;
}

function decOf(c: -1 | 0 | 1): Dec {
  return c < 0 ? finite(1, 1n, 0) : finite(0, BigInt(c), 0);
}

/** context.compare: a Dec -1, 0 or 1; NaN operands give NaN (sNaN signals). */
export function compareSt(ctx: Context, a: Dec, b: Dec, st: Status): Dec {
  const n = a.special >= NAN || b.special >= NAN ? propagateNaN(ctx, st, a, b) : null;
  if (n) return n;
  return decOf(cmpNumeric(a, b));
}

/** Rank within one sign for the total order: finite < Infinity < sNaN < NaN. */
function totalRank(x: Dec): number {
  return x.special === FINITE ? 0 : x.special === INF ? 1 : x.special === SNAN ? 2 : 3;
}

/** The IEEE 754 total order (compare_total), no signals. */
function cmpTotal(a: Dec, b: Dec): -1 | 0 | 1 {
  if (a.sign !== b.sign) return a.sign ? -1 : 1;
  const flip = a.sign === 1 ? -1 : 1;
  const ra = totalRank(a);
  const rb = totalRank(b);
  let c: number;
  if (ra !== rb) c = ra < rb ? -1 : 1;
  else if (ra >= 2) c = a.coeff === b.coeff ? 0 : a.coeff < b.coeff ? -1 : 1;
  else if (ra === 1) c = 0;
  else {
    const n = cmpNumeric(finite(0, a.coeff, a.exp), finite(0, b.coeff, b.exp));
    c = n !== 0 ? n : a.exp === b.exp ? 0 : a.exp < b.exp ? -1 : 1;
  }
  return (c * flip) as -1 | 0 | 1;
}

export function compareTotal(a: Dec, b: Dec): Dec {
  return decOf(cmpTotal(a, b));
}

export function compareTotalMag(a: Dec, b: Dec): Dec {
  return decOf(cmpTotal(withSign(a, 0), withSign(b, 0)));
}

export function withSign(a: Dec, sign: 0 | 1): Dec {
  return a.sign === sign ? a : new Dec(sign, a.coeff, a.exp, a.special);
}

/**
 * max/min: a quiet NaN loses against a number; equal values are broken by the total order.
 * mag compares absolute values first.
 */
export function maxMinSt(ctx: Context, a: Dec, b: Dec, wantMax: boolean, mag: boolean, st: Status): Dec {
  if (a.special >= NAN || b.special >= NAN) {
    if (a.special === SNAN || b.special === SNAN || (a.special === NAN && b.special === NAN)) {
      return propagateNaN(ctx, st, a, b) as Dec;
    }
    return finalizeDec(ctx, a.special === NAN ? b : a, st);
  }
  let c: number = mag ? cmpNumeric(withSign(a, 0), withSign(b, 0)) : 0;
  if (c === 0) c = cmpNumeric(a, b);
  if (c === 0) c = cmpTotal(a, b);
  const pick = wantMax ? (c >= 0 ? a : b) : c <= 0 ? a : b;
  return finalizeDec(ctx, pick, st);
}

/** Python `a == b`: numeric equality; sNaN operands signal InvalidOperation. */
export function equalsSt(a: Dec, b: Dec, st: Status): boolean {
  if (a.special === SNAN || b.special === SNAN) {
    st.bits |= INVALID_OPERATION;
    return false;
  }
  if (a.special === NAN || b.special === NAN) return false;
  return cmpNumeric(a, b) === 0;
}

/** Python `a < b` (and the other orderings): any NaN operand signals InvalidOperation. */
export function orderSt(a: Dec, b: Dec, st: Status): -1 | 0 | 1 | null {
  if (a.special >= NAN || b.special >= NAN) {
    st.bits |= INVALID_OPERATION;
    return null;
  }
  return cmpNumeric(a, b);
}
