// object: the root type's constructor (tp_new) and its methods (__init__, __eq__, __ne__, __hash__,
// __repr__, __str__, attribute access, __init_subclass__), which every class inherits.
import { AttrDict } from "../runtime/attrs.js";
import { genericGetAttr, genericSetAttr } from "../runtime/call.js";
import { pyErr } from "../runtime/exceptions.js";
import { PyObject, PyWrapper, type Value } from "../runtime/object.js";
import { hash, repr, str, typeOf } from "../runtime/ops.js";
import { None, NotImplemented, T } from "../runtime/types.js";
import { method, nativeFn } from "./util.js";

/** object.__new__ and the methods of `object`. */
export function installObject(): void {
  T.object.newFn = (rt, cls) => {
    rt.alloc(56);
    return new PyObject(cls, cls.hasDict || cls.slots !== null ? new AttrDict(cls) : null);
  };
  method(T.object, "__init__", () => None);
  method(T.object, "__eq__", (_rt, a) => (a[0] === a[1] ? true : NotImplemented));
  method(T.object, "__ne__", (_rt, a) => a[0] !== a[1]);
  method(T.object, "__hash__", (rt, a) => hash(rt, a[0] as Value));
  method(T.object, "__repr__", (rt, a) => repr(rt, a[0] as Value));
  method(T.object, "__str__", (rt, a) => str(rt, a[0] as Value));
  method(T.object, "__setattr__", (rt, a) => (genericSetAttr(rt, a[0] as Value, a[1] as string, a[2] as Value), None));
  method(T.object, "__getattribute__", (rt, a) => {
    const v = genericGetAttr(rt, a[0] as Value, typeOf(a[0] as Value), a[1] as string);
    if (v === undefined) throw pyErr("AttributeError", `'${typeOf(a[0] as Value).name}' object has no attribute '${String(a[1])}'`);
    return v;
  });
  method(T.object, "__delattr__", (_rt, a) => {
    const o = a[0] as Value;
    if (typeof o !== "object" || o.dict === null || !o.dict.delete(a[1] as string)) throw pyErr("AttributeError", String(a[1]));
    return None;
  });
  T.object.ns.set(
    "__init_subclass__",
    new PyWrapper(
      T.classmethod,
      nativeFn("__init_subclass__", () => None),
    ),
  );
}
