// Argument conversion for the math module, as CPython's math module does it: PyFloat_AsDouble for
// real arguments (float, int, bool, then __float__, then __index__) and PyNumber_Index for integer
// arguments. Error messages are CPython 3.11's.
import type { Runtime } from "../../runtime/context.js";
import { callValue } from "../../runtime/call.js";
import { pyErr } from "../../runtime/exceptions.js";
import * as I from "../../runtime/int.js";
import { PyFloat, type Value } from "../../runtime/object.js";
import { typeName, typeOf } from "../../runtime/ops.js";

/** A Python int as a bigint, or undefined for anything that is not int/bool. */
function exactInt(v: Value): bigint | undefined {
  if (typeof v === "number") return BigInt(v);
  if (typeof v === "bigint") return v;
  if (typeof v === "boolean") return v ? 1n : 0n;
  return undefined;
}

/** PyFloat_AsDouble: float, int (correctly rounded, OverflowError when too large), __float__, __index__. */
export function realArg(rt: Runtime, v: Value): number {
  if (v instanceof PyFloat) return v.v;
  if (typeof v === "number") return v;
  if (typeof v === "boolean") return v ? 1 : 0;
  if (typeof v === "bigint") return I.intToFloat(v);
  const t = typeOf(v);
  const f = t.lookup("__float__");
  if (f !== undefined) {
    const r = callValue(rt, f, [v], null);
    if (r instanceof PyFloat) return r.v;
    throw pyErr("TypeError", `${t.name}.__float__ returned non-float (type ${typeName(r)})`);
  }
  const ix = t.lookup("__index__");
  if (ix !== undefined) return I.intToFloat(indexResult(rt, ix, v));
  throw pyErr("TypeError", `must be real number, not ${t.name}`);
}

function indexResult(rt: Runtime, ix: Value, v: Value): bigint {
  const r = callValue(rt, ix, [v], null);
  const i = exactInt(r);
  if (i === undefined || typeof r === "boolean") {
    if (typeof r === "boolean") return r ? 1n : 0n;
    throw pyErr("TypeError", `__index__ returned non-int (type ${typeName(r)})`);
  }
  return i;
}

/** PyNumber_Index: int, bool or an object with __index__; anything else is a TypeError. */
export function intArg(rt: Runtime, v: Value): bigint {
  const i = exactInt(v);
  if (i !== undefined) return i;
  const ix = typeOf(v).lookup("__index__");
  if (ix !== undefined) return indexResult(rt, ix, v);
  throw pyErr("TypeError", `'${typeName(v)}' object cannot be interpreted as an integer`);
}

/** Whether `v` is an int or bool (the int fast paths of log, floor, ceil, trunc). */
export function plainInt(v: Value): bigint | undefined {
  return exactInt(v);
}

/** `name() takes exactly one argument (N given)` / `takes no keyword arguments` (METH_O functions). */
export function one(name: string, args: Value[], kw: Map<string, Value> | null): Value {
  noKw(name, kw);
  if (args.length !== 1) throw pyErr("TypeError", `math.${name}() takes exactly one argument (${args.length} given)`);
  return args[0] as Value;
}

/** `name expected N arguments, got M` (_PyArg_CheckPositional wording). */
export function exactly(name: string, n: number, args: Value[], kw: Map<string, Value> | null): void {
  noKw(name, kw);
  if (args.length !== n) throw pyErr("TypeError", `${name} expected ${n} arguments, got ${args.length}`);
}

export function noKw(name: string, kw: Map<string, Value> | null): void {
  if (kw !== null && kw.size > 0) throw pyErr("TypeError", `math.${name}() takes no keyword arguments`);
}

/** A bigint result as a normalised Python int (OverflowError beyond the PVM's 4096-bit ints). */
export function intResult(v: bigint): Value {
  return I.norm(v);
}
