// JS ↔ Python values at the API boundary. ints are bigint on the JS side (never lossy), floats are
// numbers, bytes are Uint8Array, None is null, lists/tuples are arrays, dicts are Maps.
import type { Runtime } from "./runtime/context.js";
import { PvmError } from "./errors.js";
import { PyDict } from "./runtime/dict.js";
import { pyErr } from "./runtime/exceptions.js";
import * as I from "./runtime/int.js";
import { PyBytes, PyFloat, PyList, PyTuple, type Value } from "./runtime/object.js";
import { typeOf } from "./runtime/ops.js";
import { None, T } from "./runtime/types.js";

export type JsValue = null | boolean | bigint | number | string | Uint8Array | JsValue[] | Map<JsValue, JsValue>;

export function toPython(rt: Runtime, v: JsValue): Value {
  if (v === null) return None;
  switch (typeof v) {
    case "boolean":
    case "string":
      return v;
    case "bigint":
      return I.norm(v);
    case "number":
      return new PyFloat(T.float, v);
  }
  if (v instanceof Uint8Array) return new PyBytes(T.bytes, v.slice());
  if (Array.isArray(v))
    return new PyList(
      T.list,
      v.map((x) => toPython(rt, x)),
    );
  if (v instanceof Map) {
    const d = new PyDict();
    for (const [k, x] of v) d.set(rt, toPython(rt, k), toPython(rt, x));
    return d;
  }
  throw new PvmError(
    "InvalidArgument",
    `cannot convert a JS ${v === undefined ? "undefined" : typeof v} to a Python value (use null, boolean, bigint, number, string, Uint8Array, arrays or Maps)`,
  );
}

/** Convert to JS; `bytes` is a deterministic size estimate used for return-data Cells. */
export function fromPython(_rt: Runtime, v: Value): { value: JsValue; bytes: number } {
  let bytes = 0;
  const go = (x: Value, depth: number): JsValue => {
    if (depth > 64) throw pyErr("ValueError", "return value nested too deeply");
    if (x === None) {
      bytes += 1;
      return null;
    }
    switch (typeof x) {
      case "boolean":
        bytes += 1;
        return x;
      case "number":
        bytes += 8;
        return BigInt(x);
      case "bigint":
        bytes += Math.ceil(I.bitLength(x) / 8) + 1;
        return x;
      case "string":
        bytes += new TextEncoder().encode(x).length;
        return x;
    }
    if (x instanceof PyFloat) {
      bytes += 8;
      return x.v;
    }
    if (x instanceof PyBytes) {
      bytes += x.b.length;
      return x.b.slice();
    }
    if (x instanceof PyList || x instanceof PyTuple) return x.items.map((y) => go(y, depth + 1));
    if (x instanceof PyDict) {
      const m = new Map<JsValue, JsValue>();
      for (const e of x.table.entries()) m.set(go(e.k, depth + 1), go(e.v, depth + 1));
      return m;
    }
    throw pyErr("TypeError", `cannot return a value of type '${typeOf(x).name}' from the PVM`);
  };
  const value = go(v, 0);
  return { value, bytes };
}
