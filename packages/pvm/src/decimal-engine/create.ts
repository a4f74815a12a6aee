/** Constructors: Decimal(str), Decimal(int), Decimal(float) and Context.create_decimal. */
import type { Context } from "./context.js";
import { type Dec, digits, finite, infinity, nan } from "./dec.js";
import { abigint, actx } from "./guard.js";
import { parseDecimal } from "./parse.js";
import { type Status, finalizeDec } from "./round.js";
import { CONVERSION_SYNTAX, DecimalError, FLOAT_OPERATION } from "./signals.js";
import { run } from "./ops.js";

/** `Decimal(s)`: exact; a syntax error raises ConversionSyntax (NaN when untrapped). */
export function decFromString(ctx: Context, s: string): Dec {
  actx(ctx);
  const r = parseDecimal(s);
  if (r.ok) return r.value;
  return run(ctx, (st) => {
    st.bits |= r.status;
    return nan(0);
  });
}

/** `Decimal(n)` for an int: exact. */
export function decFromInt(n: bigint): Dec {
  abigint(n, "n");
  return n < 0n ? finite(1, -n, 0) : finite(0, n, 0);
}

/** Exact value of an IEEE-754 double (`Decimal(0.1)`), without signalling. */
export function decFromFloatExact(x: number): Dec {
  if (typeof x !== "number") throw new DecimalError("INVALID_ARGUMENT", "x: expected a number");
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const hi = view.getUint32(0);
  const lo = view.getUint32(4);
  const sign: 0 | 1 = hi >>> 31 === 1 ? 1 : 0;
  const biased = (hi >>> 20) & 0x7ff;
  const mant = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  if (biased === 0x7ff) return mant === 0n ? infinity(sign) : nan(0);
  let m = biased === 0 ? mant : mant | (1n << 52n);
  let e = biased === 0 ? -1074 : biased - 1075;
  if (m === 0n) return finite(sign, 0n, 0);
  while ((m & 1n) === 0n && e < 0) {
    m >>= 1n;
    e += 1;
  }
  // m × 2^e; for e < 0 this is m × 5^-e × 10^e exactly.
  if (e >= 0) return finite(sign, m << BigInt(e), 0);
  return finite(sign, m * 5n ** BigInt(-e), e);
}

/** `Decimal(x)` for a float: exact, and it raises FloatOperation (a flag unless trapped). */
export function decFromFloat(ctx: Context, x: number): Dec {
  actx(ctx);
  const d = decFromFloatExact(x);
  return run(ctx, (st) => {
    st.bits |= FLOAT_OPERATION;
    return d;
  });
}

/** `Context.create_decimal(s)`: parsed then rounded; a NaN payload too long is a syntax error. */
export function createDecimalFromString(ctx: Context, s: string): Dec {
  actx(ctx);
  const r = parseDecimal(s);
  return run(ctx, (st: Status) => {
    if (!r.ok) {
      st.bits |= r.status;
      return nan(0);
    }
    return createFrom(ctx, r.value, st);
  });
}

function createFrom(ctx: Context, d: Dec, st: Status): Dec {
  if (d.isNaN() && d.coeff !== 0n && digits(d.coeff) > ctx.prec - ctx.clamp) {
    st.bits |= CONVERSION_SYNTAX;
    return nan(0);
  }
  return finalizeDec(ctx, d, st);
}

/** `Context.create_decimal(d)` for a Dec or an int. */
export function createDecimal(ctx: Context, d: Dec): Dec {
  actx(ctx);
  return run(ctx, (st) => createFrom(ctx, d, st));
}

/** `Context.create_decimal_from_float(x)`: exact value rounded into the context, FloatOperation raised. */
export function createDecimalFromFloat(ctx: Context, x: number): Dec {
  actx(ctx);
  const d = decFromFloatExact(x);
  return run(ctx, (st) => {
    st.bits |= FLOAT_OPERATION;
    return finalizeDec(ctx, d, st);
  });
}

/**
 * Records a float/Decimal mix for the glue: `strict` (ordering comparisons, constructors) raises
 * FloatOperation like any signal; equality only sets the flag and never traps, as CPython does.
 */
export function signalFloatOperation(ctx: Context, strict: boolean): void {
  actx(ctx);
  if (strict) ctx.raise(FLOAT_OPERATION);
  else ctx.flags |= FLOAT_OPERATION;
}
