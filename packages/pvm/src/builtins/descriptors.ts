// property, classmethod and staticmethod: their constructors and property's setter/getter/deleter.
// Binding them on attribute access is runtime/call.ts's descriptor protocol.
import { PyWrapper, type Value } from "../runtime/object.js";
import { None, T } from "../runtime/types.js";
import { method, selfArg } from "./util.js";

/** The constructors of property, classmethod and staticmethod, and the methods of `property`. */
export function installDescriptors(): void {
  T.property.newFn = (_rt, _cls, a, kw) =>
    new PyWrapper(T.property, a[0] ?? kw?.get("fget") ?? None, a[1] ?? kw?.get("fset") ?? None, a[2] ?? kw?.get("fdel") ?? None, a[3] ?? kw?.get("doc") ?? None);
  T.classmethod.newFn = (_rt, _cls, a) => new PyWrapper(T.classmethod, a[0] as Value);
  T.staticmethod.newFn = (_rt, _cls, a) => new PyWrapper(T.staticmethod, a[0] as Value);
  const P = T.property;
  const prop = (v: Value) => selfArg(v, PyWrapper, P, "property");
  method(P, "setter", (_rt, a) => {
    const p = prop(a[0] as Value);
    return new PyWrapper(T.property, p.fget, a[1] as Value, p.fdel, p.doc);
  });
  method(P, "getter", (_rt, a) => {
    const p = prop(a[0] as Value);
    return new PyWrapper(T.property, a[1] as Value, p.fset, p.fdel, p.doc);
  });
  method(P, "deleter", (_rt, a) => {
    const p = prop(a[0] as Value);
    return new PyWrapper(T.property, p.fget, p.fset, a[1] as Value, p.doc);
  });
}
