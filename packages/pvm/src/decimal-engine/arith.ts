/** Addition, subtraction, multiplication and the unary plus/minus/abs (internal, status-based). */
import type { Context } from "./context.js";
import { type Dec, FINITE, INF, digits, infinity, pow10 } from "./dec.js";
import { invalid, propagateNaN } from "./nans.js";
import { type Status, finalize, finalizeDec } from "./round.js";

/** a + b, or a - b when negateB; exact then rounded once. */
export function addSt(ctx: Context, a: Dec, b: Dec, negateB: boolean, st: Status): Dec {
  if (a.special !== FINITE || b.special !== FINITE) {
    const n = propagateNaN(ctx, st, a, b);
    if (n) return n;
    const bs = (negateB ? b.sign ^ 1 : b.sign) as 0 | 1;
    if (a.special === INF) {
      if (b.special === INF && a.sign !== bs) return invalid(st);
      return infinity(a.sign);
    }
    return infinity(bs);
  }
  const bSign = (negateB ? b.sign ^ 1 : b.sign) as 0 | 1;
  const prec = ctx.prec;
  if (a.coeff === 0n && b.coeff === 0n) {
    const sign: 0 | 1 = a.sign === bSign ? a.sign : ctx.rounding === "ROUND_FLOOR" ? 1 : 0;
    return finalize(ctx, sign, 0n, Math.min(a.exp, b.exp), st);
  }
  if (a.coeff === 0n || b.coeff === 0n) {
    const [z, x, xs] = a.coeff === 0n ? [a, b, bSign] : [b, a, a.sign];
    // x + 0: x, padded with zeros down to the zero's exponent (no further than prec+1 digits).
    const e = Math.max(Math.min(z.exp, x.exp), x.exp - prec - 1);
    return finalize(ctx, xs, x.coeff * pow10(x.exp - e), e, st);
  }
  const [hi, hiSign, lo, loSign] = a.exp >= b.exp ? [a, a.sign, b, bSign] : [b, bSign, a, a.sign];
  // An operand far below the result's rounding position only acts as a sticky digit.
  const stickyExp = hi.exp + Math.min(-1, digits(hi.coeff) - prec - 2);
  let loCoeff = lo.coeff;
  let loExp = lo.exp;
  if (digits(loCoeff) + loExp - 1 < stickyExp) {
    loCoeff = 1n;
    loExp = stickyExp;
  }
  const hiC = hi.coeff * pow10(hi.exp - loExp);
  let sum: bigint;
  let sign: 0 | 1;
  if (hiSign === loSign) {
    sum = hiC + loCoeff;
    sign = hiSign;
  } else if (hiC >= loCoeff) {
    sum = hiC - loCoeff;
    sign = hiSign;
  } else {
    sum = loCoeff - hiC;
    sign = loSign;
  }
  if (sum === 0n) sign = ctx.rounding === "ROUND_FLOOR" ? 1 : 0;
  return finalize(ctx, sign, sum, loExp, st);
}

export function mulSt(ctx: Context, a: Dec, b: Dec, st: Status): Dec {
  const sign = (a.sign ^ b.sign) as 0 | 1;
  if (a.special !== FINITE || b.special !== FINITE) {
    const n = propagateNaN(ctx, st, a, b);
    if (n) return n;
    if ((a.special === INF && b.isZero()) || (b.special === INF && a.isZero())) return invalid(st);
    return infinity(sign);
  }
  return finalize(ctx, sign, a.coeff * b.coeff, a.exp + b.exp, st);
}

/** Unary plus: rounds to the context; -0 becomes 0 unless rounding is ROUND_FLOOR. */
export function plusSt(ctx: Context, a: Dec, st: Status): Dec {
  if (a.special !== FINITE) {
    const n = propagateNaN(ctx, st, a);
    return n ?? a;
  }
  const sign: 0 | 1 = a.coeff === 0n && ctx.rounding !== "ROUND_FLOOR" ? 0 : a.sign;
  return finalize(ctx, sign, a.coeff, a.exp, st);
}

/** Unary minus (0 - a): a zero result is +0 unless rounding is ROUND_FLOOR. */
export function minusSt(ctx: Context, a: Dec, st: Status): Dec {
  if (a.special !== FINITE) {
    const n = propagateNaN(ctx, st, a);
    return n ?? infinity((a.sign ^ 1) as 0 | 1);
  }
  const sign: 0 | 1 = a.coeff === 0n && ctx.rounding !== "ROUND_FLOOR" ? 0 : ((a.sign ^ 1) as 0 | 1);
  return finalize(ctx, sign, a.coeff, a.exp, st);
}

export function absSt(ctx: Context, a: Dec, st: Status): Dec {
  if (a.special !== FINITE) {
    const n = propagateNaN(ctx, st, a);
    return n ?? infinity(0);
  }
  return a.sign === 1 ? minusSt(ctx, a, st) : plusSt(ctx, a, st);
}

/** Rounds a value into the context (Context.create_decimal / _fix). */
export function roundToContext(ctx: Context, a: Dec, st: Status): Dec {
  return finalizeDec(ctx, a, st);
}
