// Native helper of `functools`: lru_cache's key builder (CPython's C _make_key), bound into the
// module's globals before its Python source runs. It charges one Cycle per key slot built; the
// call itself is charged at the Python call site (cips/pvm-stdlib-iter.md).
import { fnValue } from "../../builtins/util.js";
import type { Runtime } from "../../runtime/context.js";
import { PyDict } from "../../runtime/dict.js";
import { pyErr } from "../../runtime/exceptions.js";
import { PyObject, PyTuple, type Value } from "../../runtime/object.js";
import { typeOf } from "../../runtime/ops.js";
import { T } from "../../runtime/types.js";

/**
 * The cache key of a call: a lone int or str argument is its own key (so the dict takes its
 * fast path), positional arguments alone are their tuple; keywords add a marker and the
 * (name, value) pairs, `typed` adds every argument's type.
 */
function makeKey(rt: Runtime, mark: Value, args: Value, kwds: Value, typed: boolean): Value {
  if (!(args instanceof PyTuple)) throw pyErr("TypeError", "_make_key: args must be a tuple");
  const a = args.items;
  const kw = kwds instanceof PyDict && kwds.table.size > 0 ? kwds : null;
  if (kw === null && !typed) {
    if (a.length === 1) {
      const x = a[0];
      if (typeof x === "string" || typeof x === "number" || typeof x === "bigint") return x;
    }
    return args;
  }
  const items: Value[] = a.slice();
  if (kw !== null) {
    items.push(mark);
    for (const e of kw.table.entries()) items.push(e.k, e.v);
  }
  if (typed) {
    for (const x of a) items.push(typeOf(x));
    if (kw !== null) for (const e of kw.table.entries()) items.push(typeOf(e.v));
  }
  rt.charge(items.length);
  rt.alloc(16 + 8 * items.length);
  return new PyTuple(T.tuple, items);
}

/** The private helpers bound into the functools module before its source runs. */
export function functoolsNatives(): Map<string, Value> {
  // One marker object per module instance separates positional from keyword arguments.
  const mark = new PyObject(T.object);
  const m = new Map<string, Value>();
  m.set(
    "_make_key",
    fnValue("_make_key", (rt, a) => {
      if (a.length !== 3) throw pyErr("TypeError", `_make_key expected 3 arguments, got ${a.length}`);
      return makeKey(rt, mark, a[0] as Value, a[1] as Value, a[2] === true);
    }),
  );
  return m;
}
