/** NaN propagation rules shared by every operation (General Decimal Arithmetic, "NaN operands"). */
import type { Context } from "./context.js";
import { type Dec, NAN, SNAN, nan } from "./dec.js";
import { fixNaN, type Status } from "./round.js";
import { INVALID_OPERATION } from "./signals.js";

/** The quiet NaN of an invalid operation. */
export function invalid(st: Status): Dec {
  st.bits |= INVALID_OPERATION;
  return nan(0);
}

/**
 * If an operand is a NaN, the result: the first sNaN (quieted, with InvalidOperation) or else the
 * first quiet NaN, its payload fitted to the context. Null when no operand is a NaN.
 */
export function propagateNaN(ctx: Context, st: Status, a: Dec, b?: Dec, c?: Dec): Dec | null {
  const ops = c ? [a, b as Dec, c] : b ? [a, b] : [a];
  for (const x of ops) {
    if (x.special === SNAN) {
      st.bits |= INVALID_OPERATION;
      return fixNaN(ctx, nan(x.sign, x.coeff, false));
    }
  }
  for (const x of ops) {
    if (x.special === NAN) return fixNaN(ctx, x);
  }
  return null;
}
