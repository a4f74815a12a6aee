// type: type(x) and type(name, bases, ns) (through runtime/create-class.ts, shared with the class
// statement), type.mro() and type.__call__ for metaclasses that reach it through super().
import { typeCall } from "../runtime/call.js";
import { createClass, initSubclass } from "../runtime/create-class.js";
import { PyDict } from "../runtime/dict.js";
import { pyErr } from "../runtime/exceptions.js";
import { PyList, PyTuple, PyType, type Value } from "../runtime/object.js";
import { typeOf } from "../runtime/ops.js";
import { T } from "../runtime/types.js";
import { method } from "./util.js";

/** type.__new__ and the methods of `type`. */
export function installType(): void {
  T.type.newFn = (rt, cls, a, kw) => {
    if (a.length === 1) return typeOf(a[0] as Value);
    if (a.length !== 3) throw pyErr("TypeError", "type() takes 1 or 3 arguments");
    const [name, bases, ns] = a as [Value, Value, Value];
    if (typeof name !== "string" || !(bases instanceof PyTuple) || !(ns instanceof PyDict)) throw pyErr("TypeError", "type.__new__() argument types are (str, tuple, dict)");
    const m = new Map<string, Value>();
    for (const e of ns.table.entries()) if (typeof e.k === "string") m.set(e.k, e.v);
    const mod = m.get("__module__");
    const made = createClass(rt, cls, name, bases.items as PyType[], m, typeof mod === "string" ? mod : "__main__", name);
    // type.__new__ runs the parent's __init_subclass__, so metaclasses that override __new__ or
    // __call__ (ABCMeta, EnumType) get it too; the plain class statement path calls it itself.
    initSubclass(rt, made, kw ?? null);
    return made;
  };
  method(T.type, "mro", (_rt, a) => new PyList(T.list, (a[0] as PyType).mro.slice()));
  // type.__call__, reachable from a metaclass's own __call__ through super().
  method(T.type, "__call__", (rt, a, kw) => {
    const cls = a[0];
    if (!(cls instanceof PyType)) throw pyErr("TypeError", "descriptor '__call__' requires a 'type' object");
    return typeCall(rt, cls, a.slice(1), kw);
  });
}
