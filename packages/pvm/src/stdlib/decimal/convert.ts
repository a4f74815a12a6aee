// Python values to engine Decs (constructor, operands) and engine results back to Python objects,
// each engine call charged its `costOf` Cycles before it runs.
import { type Context, type Dec, type DecimalOp, FINITE, INF, NAN, SNAN, costOf, decFromFloat, decFromInt, decFromString, digits } from "../../decimal-engine/index.js";
import { Dec as DecClass } from "../../decimal-engine/index.js";
import { pyErr } from "../../runtime/exceptions.js";
import * as I from "../../runtime/int.js";
import { PyFloat, PyList, PyTuple, type Value } from "../../runtime/object.js";
import { typeName } from "../../runtime/ops.js";
import { None } from "../../runtime/types.js";
import { PyContext, PyDecimal, type DecState, guard } from "./state.js";

/** Charges an operation's Cycles (cips/pvm-decimal.md) before it runs. */
export function charge(st: DecState, op: DecimalOp, operands: readonly Dec[], ctx: Context): void {
  st.rt.charge(Number(costOf(op, operands, ctx)));
}

/** A new Decimal object, its bytes accounted (48 bytes of header plus 4 per 9-digit limb). */
export function wrap(st: DecState, d: Dec): PyDecimal {
  st.rt.alloc(48 + 4 * Math.ceil(digits(d.coeff) / 9));
  return new PyDecimal(st.decimalType, d);
}

/** An int or Decimal operand as a Dec, or null (the caller returns NotImplemented). */
export function operand(v: Value): Dec | null {
  if (v instanceof PyDecimal) return v.d;
  if (typeof v === "number") return decFromInt(BigInt(v));
  if (typeof v === "bigint") return decFromInt(v);
  if (typeof v === "boolean") return decFromInt(v ? 1n : 0n);
  return null;
}

/** A method argument: an int or a Decimal, else CPython's TypeError. */
export function decArg(v: Value): Dec {
  const d = operand(v);
  if (d === null) throw pyErr("TypeError", `conversion from ${typeName(v)} to Decimal is not supported`);
  return d;
}

/** The optional `context` argument of a method: None/absent means the current context. */
export function ctxArg(st: DecState, v: Value | undefined): Context {
  if (v === undefined || v === None) return st.current.ctx;
  if (v instanceof PyContext) return v.ctx;
  throw pyErr("TypeError", "optional argument must be a context");
}

/** `Decimal(value)`: str, int, float, tuple/list (sign, digits, exponent) or Decimal; exact. */
export function construct(st: DecState, v: Value, ctx: Context): Dec {
  if (v instanceof PyDecimal) return v.d;
  if (typeof v === "string") {
    st.rt.charge(v.length);
    return guard(st, () => decFromString(ctx, v));
  }
  const i = operand(v);
  if (i !== null) return i;
  if (v instanceof PyFloat) return guard(st, () => decFromFloat(ctx, v.v));
  if (v instanceof PyTuple || v instanceof PyList) return fromTuple(st, v.items);
  throw pyErr("TypeError", `conversion from ${typeName(v)} to Decimal is not supported`);
}

function fromTuple(st: DecState, items: readonly Value[]): Dec {
  if (items.length !== 3) throw pyErr("ValueError", "argument must be a sequence of length 3");
  const [signV, digitsV, expV] = items as [Value, Value, Value];
  if (!(signV === 0 || signV === 1 || signV === false || signV === true)) throw pyErr("ValueError", "sign must be an integer with the value 0 or 1");
  const sign = signV === 1 || signV === true ? 1 : 0;
  let special: number = FINITE;
  let exp = 0;
  if (typeof expV === "string") {
    if (expV === "F") special = INF;
    else if (expV === "n") special = NAN;
    else if (expV === "N") special = SNAN;
    else throw pyErr("ValueError", "string argument in the third position must be 'F', 'n' or 'N'");
  } else if (typeof expV === "number" || typeof expV === "bigint") {
    const e = I.norm(BigInt(expV));
    if (typeof e !== "number" || Math.abs(e) > 999_999_999_999_999) throw pyErr("ValueError", "exponent must be an integer");
    exp = e;
  } else throw pyErr("ValueError", "exponent must be an integer");
  if (!(digitsV instanceof PyTuple || digitsV instanceof PyList)) throw pyErr("ValueError", "coefficient must be a tuple of digits");
  st.rt.charge(digitsV.items.length);
  let s = "";
  for (const x of digitsV.items) {
    if (typeof x !== "number" || !Number.isInteger(x) || x < 0 || x > 9) throw pyErr("ValueError", "coefficient must be a tuple of digits");
    s += String(x);
  }
  if (special === INF) return new DecClass(sign, 0n, 0, INF);
  const coeff = s === "" ? 0n : BigInt(s);
  if (special !== FINITE) return new DecClass(sign, coeff, 0, special as 2 | 3);
  return new DecClass(sign, coeff, exp, FINITE);
}
