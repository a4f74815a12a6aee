// tuple: the constructor (a user subclass always gets a fresh instance) and its methods.
import { pyErr } from "../runtime/exceptions.js";
import { iterToArray } from "../runtime/iter.js";
import { PyTuple, type Value } from "../runtime/object.js";
import { eq, tuple } from "../runtime/ops.js";
import { seqContains, tupleGetItem } from "../runtime/subscript.js";
import { T } from "../runtime/types.js";
import { method, selfArg } from "./util.js";

/** tuple.__new__ and the methods of `tuple`. */
export function installTuple(): void {
  T.tuple.newFn = (rt, cls, a) => {
    if (cls === T.tuple) return a.length === 0 ? tuple([]) : a[0] instanceof PyTuple && a[0].cls === T.tuple ? a[0] : tuple(iterToArray(rt, a[0] as Value));
    // A user subclass (namedtuple and friends): always a fresh instance of that class.
    return new PyTuple(cls, a.length === 0 ? [] : iterToArray(rt, a[0] as Value));
  };
  method(T.tuple, "index", (rt, a) => {
    const t = selfArg(a[0] as Value, PyTuple, T.tuple, "index");
    for (let i = 0; i < t.items.length; i++) if (eq(rt, t.items[i] as Value, a[1] as Value)) return i;
    throw pyErr("ValueError", "tuple.index(x): x not in tuple");
  });
  method(T.tuple, "__getitem__", (rt, a) => tupleGetItem(rt, selfArg(a[0] as Value, PyTuple, T.tuple, "__getitem__"), a[1] as Value));
  method(T.tuple, "__contains__", (rt, a) => seqContains(rt, selfArg(a[0] as Value, PyTuple, T.tuple, "__contains__").items, a[1] as Value));
  method(T.tuple, "__len__", (_rt, a) => selfArg(a[0] as Value, PyTuple, T.tuple, "__len__").items.length);
  method(T.tuple, "count", (rt, a) => selfArg(a[0] as Value, PyTuple, T.tuple, "count").items.filter((x) => eq(rt, x, a[1] as Value)).length);
}
