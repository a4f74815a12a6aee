/**
 * Public operations: each takes the context first, accumulates a status, raises it once into the
 * context (flags, then a trap check) and returns a fresh immutable Dec.
 */
import { absSt, addSt, minusSt, mulSt, plusSt, roundToContext } from "./arith.js";
import { compareSt, compareTotal as compareTotalRaw, compareTotalMag as compareTotalMagRaw, equalsSt, maxMinSt, orderSt } from "./compare.js";
import type { Context } from "./context.js";
import { type Dec, FINITE, finite } from "./dec.js";
import { divideIntSt, divideSt, divmodSt, remainderNearSt, remainderSt } from "./divide.js";
import { actx, adec, aint } from "./guard.js";
import {
  copyAbs as copyAbsRaw,
  copyNegate as copyNegateRaw,
  copySign as copySignRaw,
  fmaSt,
  logbSt,
  nextMinusSt,
  nextPlusSt,
  nextTowardSt,
  sameQuantum as sameQuantumRaw,
} from "./misc.js";
import { normalizeSt, quantizeSt, quantizeToExp, toIntegralSt } from "./quantize.js";
import type { Status } from "./round.js";
import { powModSt, powerSt } from "./power.js";
import { sqrtSt } from "./sqrt.js";
import { expSt, lnSt, log10St } from "./transcend.js";
import type { Rounding } from "./context.js";
import { checkRounding } from "./context.js";

/** Runs an internal operation and raises its status in the context. */
export function run(ctx: Context, f: (st: Status) => Dec): Dec {
  const st: Status = { bits: 0 };
  const r = f(st);
  ctx.raise(st.bits);
  return r;
}

export function add(ctx: Context, a: Dec, b: Dec): Dec {
  actx(ctx);
  adec(a, "a");
  adec(b, "b");
  return run(ctx, (st) => addSt(ctx, a, b, false, st));
}

export function subtract(ctx: Context, a: Dec, b: Dec): Dec {
  actx(ctx);
  adec(a, "a");
  adec(b, "b");
  return run(ctx, (st) => addSt(ctx, a, b, true, st));
}

export function multiply(ctx: Context, a: Dec, b: Dec): Dec {
  actx(ctx);
  adec(a, "a");
  adec(b, "b");
  return run(ctx, (st) => mulSt(ctx, a, b, st));
}

/** `+a` (context.plus). */
export function plus(ctx: Context, a: Dec): Dec {
  actx(ctx);
  adec(a, "a");
  return run(ctx, (st) => plusSt(ctx, a, st));
}

/** `-a` (context.minus); rounds like CPython. */
export function minus(ctx: Context, a: Dec): Dec {
  actx(ctx);
  adec(a, "a");
  return run(ctx, (st) => minusSt(ctx, a, st));
}

/** `abs(a)` (context.abs). */
export function abs(ctx: Context, a: Dec): Dec {
  actx(ctx);
  adec(a, "a");
  return run(ctx, (st) => absSt(ctx, a, st));
}

/** Context.create_decimal for a Dec: rounds into the context. */
export function roundDec(ctx: Context, a: Dec): Dec {
  actx(ctx);
  adec(a, "a");
  return run(ctx, (st) => roundToContext(ctx, a, st));
}

function bin(ctx: Context, a: Dec, b: Dec): void {
  actx(ctx);
  adec(a, "a");
  adec(b, "b");
}

function un(ctx: Context, a: Dec): void {
  actx(ctx);
  adec(a, "a");
}

/** `a / b`, correctly rounded. */
export function divide(ctx: Context, a: Dec, b: Dec): Dec {
  bin(ctx, a, b);
  return run(ctx, (st) => divideSt(ctx, a, b, st));
}

/** `a // b`: the integer part of a/b, truncated toward zero (DivisionImpossible past prec digits). */
export function divideInt(ctx: Context, a: Dec, b: Dec): Dec {
  bin(ctx, a, b);
  return run(ctx, (st) => divideIntSt(ctx, a, b, st));
}

/** `a % b`: remainder with the sign of the dividend. */
export function remainder(ctx: Context, a: Dec, b: Dec): Dec {
  bin(ctx, a, b);
  return run(ctx, (st) => remainderSt(ctx, a, b, st));
}

/** context.remainder_near: a - b×n, n the nearest integer to a/b (ties to even). */
export function remainderNear(ctx: Context, a: Dec, b: Dec): Dec {
  bin(ctx, a, b);
  return run(ctx, (st) => remainderNearSt(ctx, a, b, st));
}

/** `divmod(a, b)`: [a // b, a % b], raised together as one operation. */
export function divmod(ctx: Context, a: Dec, b: Dec): [Dec, Dec] {
  bin(ctx, a, b);
  const st: Status = { bits: 0 };
  const r = divmodSt(ctx, a, b, st);
  ctx.raise(st.bits);
  return r;
}

/** context.fma(a, b, c): a×b + c with a single rounding. */
export function fma(ctx: Context, a: Dec, b: Dec, c: Dec): Dec {
  bin(ctx, a, b);
  adec(c, "c");
  return run(ctx, (st) => fmaSt(ctx, a, b, c, st));
}

/** context.compare: Dec -1, 0 or 1, or NaN. */
export function compare(ctx: Context, a: Dec, b: Dec): Dec {
  bin(ctx, a, b);
  return run(ctx, (st) => compareSt(ctx, a, b, st));
}

/** compare_total: the total order as Dec -1, 0 or 1 (never signals). */
export function compareTotal(a: Dec, b: Dec): Dec {
  adec(a, "a");
  adec(b, "b");
  return compareTotalRaw(a, b);
}

export function compareTotalMag(a: Dec, b: Dec): Dec {
  adec(a, "a");
  adec(b, "b");
  return compareTotalMagRaw(a, b);
}

export function max(ctx: Context, a: Dec, b: Dec): Dec {
  bin(ctx, a, b);
  return run(ctx, (st) => maxMinSt(ctx, a, b, true, false, st));
}

export function min(ctx: Context, a: Dec, b: Dec): Dec {
  bin(ctx, a, b);
  return run(ctx, (st) => maxMinSt(ctx, a, b, false, false, st));
}

export function maxMag(ctx: Context, a: Dec, b: Dec): Dec {
  bin(ctx, a, b);
  return run(ctx, (st) => maxMinSt(ctx, a, b, true, true, st));
}

export function minMag(ctx: Context, a: Dec, b: Dec): Dec {
  bin(ctx, a, b);
  return run(ctx, (st) => maxMinSt(ctx, a, b, false, true, st));
}

/** Python `a == b` (sNaN raises InvalidOperation, NaN is unequal to everything). */
export function equals(ctx: Context, a: Dec, b: Dec): boolean {
  bin(ctx, a, b);
  const st: Status = { bits: 0 };
  const r = equalsSt(a, b, st);
  ctx.raise(st.bits);
  return r;
}

/**
 * Ordering for Python's <, <=, >, >=: -1, 0 or 1. A NaN operand raises InvalidOperation and, when
 * untrapped, gives null (every ordering is then False).
 */
export function order(ctx: Context, a: Dec, b: Dec): -1 | 0 | 1 | null {
  bin(ctx, a, b);
  const st: Status = { bits: 0 };
  const r = orderSt(a, b, st);
  ctx.raise(st.bits);
  return r;
}

/** context.quantize(a, b): a rounded to b's exponent. */
export function quantize(ctx: Context, a: Dec, b: Dec, rounding?: Rounding): Dec {
  bin(ctx, a, b);
  const c = withRounding(ctx, rounding);
  return run(ctx, (st) => quantizeSt(c, a, b, st));
}

/** Python `round(d, n)`: quantize to 10**-n with the context's rounding. */
export function roundTo(ctx: Context, a: Dec, ndigits: number): Dec {
  un(ctx, a);
  aint(ndigits, "ndigits");
  return run(ctx, (st) => {
    if (a.special !== FINITE) return quantizeSt(ctx, a, finite(0, 1n, -ndigits), st);
    return quantizeToExp(ctx, a, -ndigits, st);
  });
}

/** to_integral_value: rounded to an integer, no Inexact/Rounded. */
export function toIntegralValue(ctx: Context, a: Dec, rounding?: Rounding): Dec {
  un(ctx, a);
  const mode = rounding === undefined ? ctx.rounding : checkRounding(rounding);
  return run(ctx, (st) => toIntegralSt(ctx, a, mode, false, st));
}

/** to_integral_exact: like to_integral_value but signals Inexact/Rounded. */
export function toIntegralExact(ctx: Context, a: Dec, rounding?: Rounding): Dec {
  un(ctx, a);
  const mode = rounding === undefined ? ctx.rounding : checkRounding(rounding);
  return run(ctx, (st) => toIntegralSt(ctx, a, mode, true, st));
}

export function normalize(ctx: Context, a: Dec): Dec {
  un(ctx, a);
  return run(ctx, (st) => normalizeSt(ctx, a, st));
}

export function sqrt(ctx: Context, a: Dec): Dec {
  un(ctx, a);
  return run(ctx, (st) => sqrtSt(ctx, a, st));
}

export function logb(ctx: Context, a: Dec): Dec {
  un(ctx, a);
  return run(ctx, (st) => logbSt(ctx, a, st));
}

export function nextPlus(ctx: Context, a: Dec): Dec {
  un(ctx, a);
  return run(ctx, (st) => nextPlusSt(ctx, a, st));
}

export function nextMinus(ctx: Context, a: Dec): Dec {
  un(ctx, a);
  return run(ctx, (st) => nextMinusSt(ctx, a, st));
}

export function nextToward(ctx: Context, a: Dec, b: Dec): Dec {
  bin(ctx, a, b);
  return run(ctx, (st) => nextTowardSt(ctx, a, b, st));
}

export function sameQuantum(a: Dec, b: Dec): boolean {
  return sameQuantumRaw(adec(a, "a"), adec(b, "b"));
}

export function copySign(a: Dec, b: Dec): Dec {
  return copySignRaw(adec(a, "a"), adec(b, "b"));
}

export function copyAbs(a: Dec): Dec {
  return copyAbsRaw(adec(a, "a"));
}

export function copyNegate(a: Dec): Dec {
  return copyNegateRaw(adec(a, "a"));
}

function withRounding(ctx: Context, rounding: Rounding | undefined): Context {
  if (rounding === undefined || rounding === ctx.rounding) return ctx;
  const c = ctx.copy();
  c.rounding = checkRounding(rounding);
  return c;
}

/** e**a, correctly rounded (ROUND_HALF_EVEN). */
export function exp(ctx: Context, a: Dec): Dec {
  un(ctx, a);
  return run(ctx, (st) => expSt(ctx, a, st));
}

/** Natural logarithm, correctly rounded (ROUND_HALF_EVEN). */
export function ln(ctx: Context, a: Dec): Dec {
  un(ctx, a);
  return run(ctx, (st) => lnSt(ctx, a, st));
}

/** Base-10 logarithm, correctly rounded (ROUND_HALF_EVEN); exact for powers of ten. */
export function log10(ctx: Context, a: Dec): Dec {
  un(ctx, a);
  return run(ctx, (st) => log10St(ctx, a, st));
}

/** `a ** b` (context.power without modulo), bit-identical with libmpdec's algorithm. */
export function power(ctx: Context, a: Dec, b: Dec): Dec {
  bin(ctx, a, b);
  return run(ctx, (st) => powerSt(ctx, a, b, st));
}

/** `pow(a, b, m)` for integral Decs (Python's three-argument pow). */
export function powerMod(ctx: Context, a: Dec, b: Dec, m: Dec): Dec {
  bin(ctx, a, b);
  adec(m, "m");
  return run(ctx, (st) => powModSt(ctx, a, b, m, st));
}
