// The named operations, shared by Decimal methods (`d.sqrt(context=None)`, `d.quantize(exp,
// rounding=None, context=None)`) and Context methods (`ctx.sqrt(x)`, `ctx.add(x, y)`): one table,
// so both faces charge the same Cycles and raise the same signals.
import * as D from "../../decimal-engine/index.js";
import type { Context, Dec, DecimalOp, Rounding } from "../../decimal-engine/index.js";
import { INVALID_OPERATION } from "../../decimal-engine/signals.js";
import { pyErr } from "../../runtime/exceptions.js";
import * as I from "../../runtime/int.js";
import type { Value } from "../../runtime/object.js";
import { None } from "../../runtime/types.js";
import { type DecState, guard } from "./state.js";
import { charge, wrap } from "./convert.js";

export interface OpSpec {
  /** Decimal operands, self included. */
  readonly arity: 1 | 2 | 3;
  readonly op: DecimalOp;
  /** Takes a `rounding` argument after the operands. */
  readonly rounding?: boolean;
  /** Not a Decimal method, only a Context one (abs, add, …: Decimal spells them as operators). */
  readonly contextOnly?: boolean;
  readonly run: (ctx: Context, a: Dec[], rounding: Rounding | undefined) => Dec | boolean | string;
}

const u = (op: DecimalOp, f: (c: Context, a: Dec) => Dec, contextOnly = false): OpSpec => ({ arity: 1, op, contextOnly, run: (c, a) => f(c, a[0]!) });
const b = (op: DecimalOp, f: (c: Context, a: Dec, b: Dec) => Dec, contextOnly = false): OpSpec => ({ arity: 2, op, contextOnly, run: (c, a) => f(c, a[0]!, a[1]!) });

function compareSignal(c: Context, x: Dec, y: Dec): Dec {
  // Like compare, but a quiet NaN signals InvalidOperation too (compare then gives the NaN).
  if (x.isNaN() || y.isNaN()) c.raise(INVALID_OPERATION);
  return D.compare(c, x, y);
}

function numberClass(c: Context, x: Dec): string {
  if (x.isSNaN()) return "sNaN";
  if (x.isNaN()) return "NaN";
  const s = x.sign ? "-" : "+";
  if (x.isInfinite()) return `${s}Infinity`;
  if (x.isZero()) return `${s}Zero`;
  return `${s}${D.isSubnormal(c, x) ? "Subnormal" : "Normal"}`;
}

/** Every named operation: Decimal methods (unless contextOnly) and Context methods. */
export const OPS: ReadonlyMap<string, OpSpec> = new Map<string, OpSpec>([
  ["abs", u("abs", D.abs, true)],
  ["minus", u("minus", D.minus, true)],
  ["plus", u("plus", D.plus, true)],
  ["exp", u("exp", D.exp)],
  ["ln", u("ln", D.ln)],
  ["log10", u("log10", D.log10)],
  ["logb", u("logb", D.logb)],
  ["next_minus", u("next", D.nextMinus)],
  ["next_plus", u("next", D.nextPlus)],
  ["normalize", u("normalize", D.normalize)],
  ["sqrt", u("sqrt", D.sqrt)],
  ["copy_abs", u("copy", (_c, x) => D.copyAbs(x))],
  ["copy_negate", u("copy", (_c, x) => D.copyNegate(x))],
  ["canonical", u("copy", (_c, x) => x)],
  ["to_integral", { arity: 1, op: "to_integral", rounding: true, run: (c, a, r) => D.toIntegralValue(c, a[0]!, r) }],
  ["to_integral_value", { arity: 1, op: "to_integral", rounding: true, run: (c, a, r) => D.toIntegralValue(c, a[0]!, r) }],
  ["to_integral_exact", { arity: 1, op: "to_integral", rounding: true, run: (c, a, r) => D.toIntegralExact(c, a[0]!, r) }],
  ["add", b("add", D.add, true)],
  ["subtract", b("subtract", D.subtract, true)],
  ["multiply", b("multiply", D.multiply, true)],
  ["divide", b("divide", D.divide, true)],
  ["divide_int", b("divide_int", D.divideInt, true)],
  ["remainder", b("remainder", D.remainder, true)],
  ["remainder_near", b("remainder_near", D.remainderNear)],
  ["compare", b("compare", D.compare)],
  ["compare_signal", b("compare", compareSignal)],
  ["compare_total", b("compare_total", (_c, x, y) => D.compareTotal(x, y))],
  ["compare_total_mag", b("compare_total", (_c, x, y) => D.compareTotalMag(x, y))],
  ["copy_sign", b("copy", (_c, x, y) => D.copySign(x, y))],
  ["max", b("max", D.max)],
  ["max_mag", b("max", D.maxMag)],
  ["min", b("min", D.min)],
  ["min_mag", b("min", D.minMag)],
  ["next_toward", b("next", D.nextToward)],
  ["quantize", { arity: 2, op: "quantize", rounding: true, run: (c, a, r) => D.quantize(c, a[0]!, a[1]!, r) }],
  ["same_quantum", { arity: 2, op: "same_quantum", run: (_c, a) => D.sameQuantum(a[0]!, a[1]!) }],
  ["fma", { arity: 3, op: "fma", run: (c, a) => D.fma(c, a[0]!, a[1]!, a[2]!) }],
  ["number_class", { arity: 1, op: "copy", run: (c, a) => numberClass(c, a[0]!) }],
  ["to_eng_string", { arity: 1, op: "to_string", run: (c, a) => D.toEngString(a[0]!, c.capitals) }],
  ["is_normal", { arity: 1, op: "copy", run: (c, a) => D.isNormal(c, a[0]!) }],
  ["is_subnormal", { arity: 1, op: "copy", run: (c, a) => D.isSubnormal(c, a[0]!) }],
]);

/** Parameter names of an operation as a Decimal method (after self) and as a Context method. */
export function methodParams(name: string, spec: OpSpec): { decimal: string[]; context: string[] } {
  const others = spec.arity === 1 ? [] : spec.arity === 2 ? [name === "quantize" ? "exp" : "other"] : ["other", "third"];
  const r = spec.rounding === true ? ["rounding"] : [];
  const ctxNames = spec.arity === 1 ? ["x"] : spec.arity === 2 ? ["x", "y"] : ["a", "b", "c"];
  return { decimal: [...others, ...r, "context"], context: [...ctxNames, ...r] };
}

/** Runs a named operation: charge its Cycles, run it, wrap a Dec result. */
export function runOp(st: DecState, spec: OpSpec, ctx: Context, ops: Dec[], rounding: Rounding | undefined): Value {
  charge(st, spec.op, ops, ctx);
  const r = guard(st, () => spec.run(ctx, ops, rounding));
  return typeof r === "boolean" || typeof r === "string" ? r : wrap(st, r);
}

/** A `rounding` argument: None/absent, or one of the ROUND_* strings. */
export function roundingArg(v: Value | undefined): Rounding | undefined {
  if (v === undefined || v === None) return undefined;
  if (typeof v !== "string" || !(D.ROUNDINGS as readonly string[]).includes(v)) {
    throw pyErr(
      "TypeError",
      "valid values for rounding are:\n  [ROUND_CEILING, ROUND_FLOOR, ROUND_UP, ROUND_DOWN,\n   ROUND_HALF_UP, ROUND_HALF_DOWN, ROUND_HALF_EVEN,\n   ROUND_05UP]",
    );
  }
  return v as Rounding;
}

/** `d.as_integer_ratio()`: the exact value as a reduced fraction. */
export function integerRatio(st: DecState, x: Dec): [Value, Value] {
  if (x.isNaN()) throw pyErr("ValueError", "cannot convert NaN to integer ratio");
  if (x.isInfinite()) throw pyErr("OverflowError", "cannot convert Infinity to integer ratio");
  st.rt.charge(Number(D.BASE_COST) + 2 * Math.ceil(D.digits(x.coeff) / 9) * Math.ceil((Math.abs(x.exp) + 1) / 9));
  let n = x.coeff;
  let d = 1n;
  if (x.exp >= 0) n *= 10n ** BigInt(x.exp);
  else d = 10n ** BigInt(-x.exp);
  let a = n;
  let c = d;
  while (c !== 0n) [a, c] = [c, a % c];
  if (a !== 0n) {
    n /= a;
    d /= a;
  }
  return [I.norm(x.sign ? -n : n), I.norm(d)];
}
