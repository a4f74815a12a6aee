/** Exponent operations: quantize, round(d, n), to_integral_value/exact, normalize. */
import type { Context, Rounding } from "./context.js";
import { type Dec, FINITE, INF, digits, finite, infinity, pow10 } from "./dec.js";
import { invalid, propagateNaN } from "./nans.js";
import { type Status, finalize, finalizeDec, shiftRound } from "./round.js";
import { INEXACT, ROUNDED, SUBNORMAL } from "./signals.js";

/** a rescaled to exponent exp with a rounding mode (no context checks). */
export function rescale(a: Dec, exp: number, mode: Rounding): { value: Dec; inexact: boolean } {
  if (exp <= a.exp) return { value: finite(a.sign, a.coeff * pow10(a.exp - exp), exp), inexact: false };
  const s = shiftRound(a.coeff, exp - a.exp, mode, a.sign);
  return { value: finite(a.sign, s.coeff, exp), inexact: s.inexact };
}

/** context.quantize(a, b): a with b's exponent, InvalidOperation if it cannot fit in prec digits. */
export function quantizeSt(ctx: Context, a: Dec, b: Dec, st: Status): Dec {
  if (a.special !== FINITE || b.special !== FINITE) {
    const n = propagateNaN(ctx, st, a, b);
    if (n) return n;
    if (a.special === INF && b.special === INF) return infinity(a.sign);
    return invalid(st);
  }
  return quantizeToExp(ctx, a, b.exp, st);
}

export function quantizeToExp(ctx: Context, a: Dec, exp: number, st: Status): Dec {
  if (exp < ctx.etiny() || exp > ctx.Emax) return invalid(st);
  if (a.coeff === 0n) return finalize(ctx, a.sign, 0n, exp, st);
  const adj = a.adjusted();
  if (adj > ctx.Emax) return invalid(st);
  if (adj - exp + 1 > ctx.prec) return invalid(st);
  const { value, inexact } = rescale(a, exp, ctx.rounding);
  if (value.coeff !== 0n && value.adjusted() > ctx.Emax) return invalid(st);
  if (digits(value.coeff) > ctx.prec) return invalid(st);
  if (value.coeff !== 0n && value.adjusted() < ctx.Emin) st.bits |= SUBNORMAL;
  if (value.exp > a.exp) {
    if (inexact) st.bits |= INEXACT;
    st.bits |= ROUNDED;
  }
  return finalizeDec(ctx, value, st);
}

/** to_integral_value (exact=false: no Inexact/Rounded) and to_integral_exact, with a rounding mode. */
export function toIntegralSt(ctx: Context, a: Dec, mode: Rounding, exact: boolean, st: Status): Dec {
  if (a.special !== FINITE) {
    const n = propagateNaN(ctx, st, a);
    return n ?? a;
  }
  if (a.exp >= 0) return a;
  if (a.coeff === 0n) return finite(a.sign, 0n, 0);
  const { value, inexact } = rescale(a, 0, mode);
  if (exact) {
    st.bits |= ROUNDED;
    if (inexact) st.bits |= INEXACT;
  }
  return value;
}

/** normalize: rounded to the context, trailing zeros stripped (zero becomes 0 with exponent 0). */
export function normalizeSt(ctx: Context, a: Dec, st: Status): Dec {
  if (a.special !== FINITE) {
    const n = propagateNaN(ctx, st, a);
    return n ?? a;
  }
  const d = finalizeDec(ctx, a, st);
  if (d.special !== FINITE) return d;
  if (d.coeff === 0n) return finite(d.sign, 0n, 0);
  const expMax = ctx.clamp ? ctx.etop() : ctx.Emax;
  let c = d.coeff;
  let e = d.exp;
  while (e < expMax && c % 10n === 0n) {
    c /= 10n;
    e += 1;
  }
  return finite(d.sign, c, e);
}
