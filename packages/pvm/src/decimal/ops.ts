/**
 * Public operations: each takes the context first, accumulates a status, raises it once into the
 * context (flags, then a trap check) and returns a fresh immutable Dec.
 */
import { absSt, addSt, minusSt, mulSt, plusSt, roundToContext } from "./arith.js";
import type { Context } from "./context.js";
import type { Dec } from "./dec.js";
import { actx, adec } from "./guard.js";
import type { Status } from "./round.js";

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
