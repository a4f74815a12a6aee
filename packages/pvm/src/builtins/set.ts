// set and frozenset: the constructors and every method (the shared read-only ones on both types,
// the mutating ones on set).
import type { Runtime } from "../runtime/context.js";
import { PySet } from "../runtime/dict.js";
import { pyErr } from "../runtime/exceptions.js";
import { iterToArray } from "../runtime/iter.js";
// biome-ignore lint/style/useImportType: a run-time import, kept so module evaluation order stays as it was (verbatimModuleSyntax)
import { PyType, type Value } from "../runtime/object.js";
import { keyError } from "../runtime/subscript.js";
import { None, T } from "../runtime/types.js";
import { method, selfArg } from "./util.js";

/** set.__new__, frozenset.__new__ and their methods. */
export function installSet(): void {
  const setNew = (frozen: boolean) => (rt: Runtime, cls: PyType, a: Value[]) => {
    const s = new PySet(cls, frozen);
    if (a.length > 0) for (const x of iterToArray(rt, a[0] as Value)) s.add(rt, x);
    return s;
  };
  T.set.newFn = setNew(false);
  T.frozenset.newFn = setNew(true);
  installSetMethods();
}

function installSetMethods(): void {
  for (const S of [T.set, T.frozenset]) {
    const me = (v: Value, n: string): PySet => (v instanceof PySet ? v : selfArg(v, PySet, S, n)); // constant instanceof: monomorphic
    method(S, "__contains__", (rt, a) => me(a[0] as Value, "__contains__").table.find(rt, a[1] as Value) !== undefined);
    method(S, "__len__", (_rt, a) => me(a[0] as Value, "__len__").table.size);
    const other = (rt: Runtime, v: Value): PySet => {
      if (v instanceof PySet) return v;
      const s = new PySet(T.set, false);
      for (const x of iterToArray(rt, v)) s.add(rt, x);
      return s;
    };
    const op = (name: string, o: "BitOr" | "BitAnd" | "Sub" | "BitXor") =>
      method(S, name, (rt, a) => {
        let r = me(a[0] as Value, name);
        for (const x of a.slice(1)) r = r.setOp(rt, o, other(rt, x));
        return a.length === 1 ? r.setOp(rt, "BitOr", new PySet(T.set, false)) : r;
      });
    op("union", "BitOr");
    op("intersection", "BitAnd");
    op("difference", "Sub");
    op("symmetric_difference", "BitXor");
    method(S, "issubset", (rt, a) => me(a[0] as Value, "issubset").isSubset(rt, other(rt, a[1] as Value)));
    method(S, "issuperset", (rt, a) => other(rt, a[1] as Value).isSubset(rt, me(a[0] as Value, "issuperset")));
    method(S, "isdisjoint", (rt, a) => me(a[0] as Value, "isdisjoint").setOp(rt, "BitAnd", other(rt, a[1] as Value)).table.size === 0);
    method(S, "copy", (rt, a) => me(a[0] as Value, "copy").setOp(rt, "BitOr", new PySet(T.set, false)));
  }
  const S = T.set;
  // A frozenset is a PySet too: set's mutating methods refuse it, as CPython's descriptors do (a
  // frozenset's hash is kept once computed, object.ts HashMemo, so it must never change).
  const me = (v: Value, n: string): PySet => (v instanceof PySet && !v.frozen ? v : (selfArg(v, FrozenRefused, S, n) as never)); // constant instanceof: monomorphic
  method(S, "__init__", (rt, a) => {
    const st = me(a[0] as Value, "__init__");
    st.table.clear();
    if (a.length > 1) for (const k of iterToArray(rt, a[1] as Value)) st.add(rt, k);
    return None;
  });
  method(S, "add", (rt, a) => (me(a[0] as Value, "add").add(rt, a[1] as Value), None));
  method(S, "remove", (rt, a) => {
    if (me(a[0] as Value, "remove").table.delete(rt, a[1] as Value) === undefined) throw keyError(rt, a[1] as Value);
    return None;
  });
  method(S, "discard", (rt, a) => (me(a[0] as Value, "discard").table.delete(rt, a[1] as Value), None));
  method(S, "pop", (rt, a) => {
    const s = me(a[0] as Value, "pop");
    const first = s.table.entries().next();
    if (first.done === true) throw pyErr("KeyError", "pop from an empty set");
    s.table.delete(rt, first.value.k);
    return first.value.k;
  });
  method(S, "clear", (_rt, a) => (me(a[0] as Value, "clear").table.clear(), None));
  method(S, "update", (rt, a) => {
    const s = me(a[0] as Value, "update");
    for (const x of a.slice(1)) for (const k of iterToArray(rt, x)) s.add(rt, k);
    return None;
  });
  const inplace = (name: string, o: "BitAnd" | "Sub" | "BitXor") =>
    method(S, name, (rt, a) => {
      const s = me(a[0] as Value, name);
      const o2 = new PySet(T.set, false);
      for (const k of iterToArray(rt, a[1] as Value)) o2.add(rt, k);
      s.setOpInPlace(rt, o, o2);
      return None;
    });
  inplace("intersection_update", "BitAnd");
  inplace("difference_update", "Sub");
  inplace("symmetric_difference_update", "BitXor");
}

/** Matches no value: selfArg's TypeError for a frozenset (or anything else) passed to a set-only method. */
abstract class FrozenRefused {}
