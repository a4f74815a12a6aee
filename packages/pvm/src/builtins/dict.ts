// dict: the constructor, dict(mapping | iterable, **kw) argument handling shared with update(),
// and every method.
import { callValue } from "../runtime/call.js";
import type { Runtime } from "../runtime/context.js";
import { PyDict } from "../runtime/dict.js";
import { pyErr } from "../runtime/exceptions.js";
import { PyDictView, iterToArray } from "../runtime/iter.js";
import { PyList, type PyType, PyWrapper, type Value } from "../runtime/object.js";
import { tuple, typeOf } from "../runtime/ops.js";
import { keyError } from "../runtime/subscript.js";
import { None, T } from "../runtime/types.js";
import { method, nativeFn, selfArg } from "./util.js";

function dictFromArgs(rt: Runtime, d: PyDict, args: Value[], kw: Map<string, Value> | null): void {
  const src = args[0];
  if (src !== undefined) {
    if (src instanceof PyDict) d.update(rt, src);
    else {
      const keysFn = typeOf(src).lookup("keys");
      if (keysFn !== undefined && !(src instanceof PyList)) {
        for (const k of iterToArray(rt, callValue(rt, keysFn, [src], null))) d.set(rt, k, callValue(rt, typeOf(src).lookup("__getitem__") as Value, [src, k], null));
      } else {
        let i = 0;
        for (const item of iterToArray(rt, src)) {
          const kv = iterToArray(rt, item);
          if (kv.length !== 2) throw pyErr("ValueError", `dictionary update sequence element #${i} has length ${kv.length}; 2 is required`);
          d.set(rt, kv[0] as Value, kv[1] as Value);
          i++;
        }
      }
    }
  }
  if (kw !== null) for (const [k, v] of kw) d.set(rt, k, v);
}

/** dict.__new__ and the methods of `dict`. */
export function installDict(): void {
  T.dict.newFn = (rt, cls, a, kw) => {
    const d = new PyDict(cls);
    dictFromArgs(rt, d, a, kw);
    return d;
  };
  installDictMethods();
}

function installDictMethods(): void {
  const D = T.dict;
  const me = (v: Value, n: string): PyDict => (v instanceof PyDict ? v : selfArg(v, PyDict, D, n)); // constant instanceof: monomorphic
  method(D, "get", (rt, a) => me(a[0] as Value, "get").get(rt, a[1] as Value) ?? a[2] ?? None);
  method(D, "keys", (_rt, a) => new PyDictView(T.dict_keys, me(a[0] as Value, "keys")));
  method(D, "values", (_rt, a) => new PyDictView(T.dict_values, me(a[0] as Value, "values")));
  method(D, "items", (_rt, a) => new PyDictView(T.dict_items, me(a[0] as Value, "items")));
  method(D, "pop", (rt, a) => {
    const table = me(a[0] as Value, "pop").table;
    // CPython answers pop() on an empty dict without hashing the key.
    const e = table.size === 0 ? undefined : table.delete(rt, a[1] as Value);
    if (e !== undefined) return e.v;
    if (a.length > 2) return a[2] as Value;
    throw keyError(rt, a[1] as Value);
  });
  method(D, "popitem", (rt, a) => {
    const e = me(a[0] as Value, "popitem").table.popLast(rt);
    if (e === undefined) throw pyErr("KeyError", "popitem(): dictionary is empty");
    return tuple([e.k, e.v]);
  });
  method(D, "setdefault", (rt, a) => {
    const d = me(a[0] as Value, "setdefault");
    const cur = d.get(rt, a[1] as Value);
    if (cur !== undefined) return cur;
    d.set(rt, a[1] as Value, a[2] ?? None);
    return a[2] ?? None;
  });
  method(D, "update", (rt, a, kw) => {
    dictFromArgs(rt, me(a[0] as Value, "update"), a.slice(1), kw);
    return None;
  });
  method(D, "clear", (_rt, a) => {
    me(a[0] as Value, "clear").table.clear();
    return None;
  });
  method(D, "copy", (rt, a) => me(a[0] as Value, "copy").copy(rt));
  method(D, "__getitem__", (rt, a) => {
    const v = me(a[0] as Value, "__getitem__").get(rt, a[1] as Value);
    if (v === undefined) throw keyError(rt, a[1] as Value);
    return v;
  });
  method(D, "__setitem__", (rt, a) => {
    me(a[0] as Value, "__setitem__").set(rt, a[1] as Value, a[2] as Value);
    return None;
  });
  method(D, "__contains__", (rt, a) => me(a[0] as Value, "__contains__").table.find(rt, a[1] as Value) !== undefined);
  method(D, "__len__", (_rt, a) => me(a[0] as Value, "__len__").table.size);
  D.ns.set(
    "fromkeys",
    new PyWrapper(
      T.classmethod,
      nativeFn("fromkeys", (rt, a) => {
        const d = new PyDict(a[0] as PyType);
        for (const k of iterToArray(rt, a[1] as Value)) d.set(rt, k, a[2] ?? None);
        return d;
      }),
    ),
  );
  D.ns.set(
    "__init__",
    nativeFn(
      "__init__",
      (rt, a, kw) => {
        dictFromArgs(rt, me(a[0] as Value, "__init__"), a.slice(1), kw);
        return None;
      },
      true,
    ),
  );
}
