/** logb, next_plus/next_minus/next_toward, fma, same_quantum and the sign-copying operations. */
import { addSt, mulSt } from "./arith.js";
import { Context } from "./context.js";
import { cmpNumeric, withSign } from "./compare.js";
import { Dec, FINITE, INF, NAN, finite, infinity } from "./dec.js";
import { invalid, propagateNaN } from "./nans.js";
import { type Status, finalize, finalizeDec } from "./round.js";
import { CLAMPED, DIVISION_BY_ZERO, INEXACT, OVERFLOW, ROUNDED, SUBNORMAL, UNDERFLOW } from "./signals.js";

export function logbSt(ctx: Context, a: Dec, st: Status): Dec {
  if (a.special !== FINITE) {
    const n = propagateNaN(ctx, st, a);
    return n ?? infinity(0);
  }
  if (a.coeff === 0n) {
    st.bits |= DIVISION_BY_ZERO;
    return infinity(1);
  }
  const adj = a.adjusted();
  return finalize(ctx, adj < 0 ? 1 : 0, BigInt(Math.abs(adj)), 0, st);
}

/** A private copy of ctx with another rounding and no traps, so helper steps never throw. */
function quietCopy(ctx: Context, rounding: Context["rounding"]): Context {
  const c = ctx.copy();
  c.rounding = rounding;
  c.traps = 0;
  return c;
}

/** The next representable value toward +Infinity (up) or -Infinity (down); signals nothing. */
function nextSt(ctx: Context, a: Dec, up: boolean, st: Status): Dec {
  if (a.special !== FINITE) {
    const n = propagateNaN(ctx, st, a);
    if (n) return n;
    if (a.sign === (up ? 1 : 0)) {
      // -Infinity steps up to the most negative finite number (and +Infinity down to the largest).
      const { prec } = ctx;
      return finite(a.sign, 10n ** BigInt(prec) - 1n, ctx.etop());
    }
    return a;
  }
  const c = quietCopy(ctx, up ? "ROUND_CEILING" : "ROUND_FLOOR");
  const scratch: Status = { bits: 0 };
  const r = finalizeDec(c, a, scratch);
  if (cmpNumeric(r, a) !== 0 || r.special !== FINITE) return r;
  const tiny = finite(up ? 0 : 1, 1n, c.etiny() - 1);
  return addSt(c, a, tiny, false, scratch);
}

export function nextPlusSt(ctx: Context, a: Dec, st: Status): Dec {
  return nextSt(ctx, a, true, st);
}

export function nextMinusSt(ctx: Context, a: Dec, st: Status): Dec {
  return nextSt(ctx, a, false, st);
}

export function nextTowardSt(ctx: Context, a: Dec, b: Dec, st: Status): Dec {
  const n = a.special >= NAN || b.special >= NAN ? propagateNaN(ctx, st, a, b) : null;
  if (n) return n;
  const c = cmpNumeric(a, b);
  if (c === 0) return withSign(a, b.sign);
  const r = nextSt(ctx, a, c < 0, st);
  if (r.special === INF) st.bits |= OVERFLOW | INEXACT | ROUNDED;
  else if (r.special === FINITE && r.adjusted() < ctx.Emin) {
    st.bits |= UNDERFLOW | SUBNORMAL | INEXACT | ROUNDED;
    if (r.coeff === 0n) st.bits |= CLAMPED;
  }
  return r;
}

/** fma(a, b, c): a×b exactly, then + c rounded once. */
export function fmaSt(ctx: Context, a: Dec, b: Dec, c: Dec, st: Status): Dec {
  if (a.special !== FINITE || b.special !== FINITE || c.special !== FINITE) {
    const n = propagateNaN(ctx, st, a, b, c);
    if (n) return n;
    if ((a.special === INF && b.isZero()) || (b.special === INF && a.isZero())) return invalid(st);
  }
  const exact = new Context({ prec: 1, Emin: -1, Emax: 1 });
  const product = a.special === FINITE && b.special === FINITE ? finite((a.sign ^ b.sign) as 0 | 1, a.coeff * b.coeff, a.exp + b.exp) : mulSt(exact, a, b, { bits: 0 });
  return addSt(ctx, product, c, false, st);
}

export function sameQuantum(a: Dec, b: Dec): boolean {
  if (a.special !== FINITE || b.special !== FINITE) {
    return (a.isNaN() && b.isNaN()) || (a.special === INF && b.special === INF);
  }
  return a.exp === b.exp;
}

export function copySign(a: Dec, b: Dec): Dec {
  return withSign(a, b.sign);
}

export function copyAbs(a: Dec): Dec {
  return withSign(a, 0);
}

export function copyNegate(a: Dec): Dec {
  return new Dec((a.sign ^ 1) as 0 | 1, a.coeff, a.exp, a.special);
}
