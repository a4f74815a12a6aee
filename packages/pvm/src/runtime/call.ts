// Calling and attribute access: the descriptor protocol, bound methods, user dunders, super().
// Only Python-level attributes exist: nothing here ever hands out a JS object, prototype or
// function (no __code__, __globals__, __closure__, __subclasses__, frames).
import { AttrDict } from "./attrs.js";
import type { Runtime } from "./context.js";
import { E, PyBaseException, PyThrow, pyErr } from "./exceptions.js";
import { PyFunction, PyGenerator, PyModule } from "./function.js";
import { PyBoundMethod, PyBoxed, PyNative, PyObject, PyRange, PySlice, PyType, PyUnion, PyWrapper, type Value } from "./object.js";
import * as I from "./int.js";
import { None, T } from "./types.js";
import { PyDict } from "./dict.js";
import { typeOf, tuple } from "./ops.js";
import { iterToArray } from "./iter.js";

/** A dunder defined by a user class along `t`'s MRO (builtin implementations are not looked up). */
export function userDunder(t: PyType, name: string): Value | undefined {
  if (t.builtin) {
    if (t.layout !== "exception") return undefined;
    return userDunderUncached(t, name);
  }
  let cache = t.dunderCache;
  if (cache === null || cache === undefined) cache = t.dunderCache = new Map();
  const hit = cache.get(name);
  if (hit !== undefined) return hit === null ? undefined : hit;
  const v = userDunderUncached(t, name);
  cache.set(name, v === undefined ? null : v);
  return v;
}

function userDunderUncached(t: PyType, name: string): Value | undefined {
  const mro = t.mro;
  for (let i = 0; i < mro.length; i++) {
    const c = mro[i] as PyType;
    if (c.builtin) {
      // int/str/float/bytes implement these slots themselves: a user class after them in the
      // MRO (Enum in `class E(int, Enum)`) does not get to override them, as in CPython.
      if (c.layout !== "object" && c.layout !== "exception" && valueSlots(c.layout)?.has(name) === true) return undefined;
      continue;
    }
    const v = c.ns.get(name);
    if (v !== undefined) return v;
  }
  return undefined;
}

// The dunders that int, str, float and bytes define in their own __dict__ (CPython 3.11), less
// the ones every class handles generically (__new__, __init__, __getattribute__, ...).
const NUM_SLOTS = [
  "__abs__",
  "__add__",
  "__bool__",
  "__ceil__",
  "__divmod__",
  "__eq__",
  "__float__",
  "__floor__",
  "__floordiv__",
  "__format__",
  "__ge__",
  "__gt__",
  "__hash__",
  "__int__",
  "__le__",
  "__lt__",
  "__mod__",
  "__mul__",
  "__ne__",
  "__neg__",
  "__pos__",
  "__pow__",
  "__radd__",
  "__rdivmod__",
  "__repr__",
  "__rfloordiv__",
  "__rmod__",
  "__rmul__",
  "__round__",
  "__rpow__",
  "__rsub__",
  "__rtruediv__",
  "__sub__",
  "__truediv__",
  "__trunc__",
];
const SEQ_SLOTS = [
  "__add__",
  "__contains__",
  "__eq__",
  "__ge__",
  "__getitem__",
  "__gt__",
  "__hash__",
  "__iter__",
  "__le__",
  "__len__",
  "__lt__",
  "__mod__",
  "__mul__",
  "__ne__",
  "__repr__",
  "__rmod__",
  "__rmul__",
];
const VALUE_SLOTS: Partial<Record<PyType["layout"], ReadonlySet<string>>> = {
  int: new Set([
    ...NUM_SLOTS,
    "__and__",
    "__index__",
    "__invert__",
    "__lshift__",
    "__or__",
    "__rand__",
    "__rlshift__",
    "__ror__",
    "__rrshift__",
    "__rshift__",
    "__rxor__",
    "__xor__",
  ]),
  float: new Set(NUM_SLOTS),
  str: new Set([...SEQ_SLOTS, "__format__", "__str__"]),
  bytes: new Set([...SEQ_SLOTS, "__bytes__", "__str__"]),
};
function valueSlots(layout: PyType["layout"]): ReadonlySet<string> | undefined {
  return VALUE_SLOTS[layout];
}

/**
 * `self` for a builtin method of int or str called on a boxed subclass instance: the native
 * implementations expect the exact value (`S("a").upper()`), object's own methods the instance.
 */
function selfFor(attr: PyNative, obj: Value): Value {
  if (!(obj instanceof PyBoxed)) return obj;
  const base = typeof obj.v === "string" ? T.str : T.int;
  return base.ns.get(attr.name) === attr ? obj.v : obj;
}

export function callValue(rt: Runtime, f: Value, args: Value[], kw: Map<string, Value> | null): Value {
  if (f instanceof PyFunction) return f.code.call(f, args, kw);
  if (f instanceof PyNative) return f.fn(rt, args, kw);
  if (f instanceof PyBoundMethod) return callValue(rt, f.func, [f.self, ...args], kw);
  if (f instanceof PyType) {
    const meta = f.cls;
    if (meta !== T.type) {
      const c = userDunder(meta, "__call__");
      if (c !== undefined) return callValue(rt, c, [f, ...args], kw);
    }
    return typeCall(rt, f, args, kw);
  }
  const t = typeOf(f);
  const c = userDunder(t, "__call__");
  if (c !== undefined) return callValue(rt, c, [f, ...args], kw);
  throw pyErr("TypeError", `'${t.name}' object is not callable`);
}

/**
 * `f(a, b)`: a binary dunder. A plain two-parameter function is entered on its slot array (one
 * allocation, no argument copy); anything else goes through callValue.
 */
export function call2(rt: Runtime, f: Value, a: Value, b: Value): Value {
  if (f instanceof PyFunction) {
    const code = f.code;
    if (code.directSlots >= 0 && code.npos === 2) {
      const slots = new Array<Value>(code.directSlots);
      slots[0] = a;
      slots[1] = b;
      return code.enter(f, slots);
    }
  }
  return callValue(rt, f, [a, b], null);
}

export function findNew(t: PyType): NonNullable<PyType["newFn"]> {
  for (const c of t.mro) if (c.newFn !== null) return c.newFn;
  throw pyErr("TypeError", `cannot create '${t.name}' instances`);
}

const IMMUTABLE_LAYOUTS: ReadonlySet<PyType["layout"]> = new Set(["int", "str", "float", "bytes", "tuple", "frozenset"]);

/** `cls(*args, **kw)`: __new__ then __init__, as type.__call__. */
export function typeCall(rt: Runtime, cls: PyType, args: Value[], kw: Map<string, Value> | null): Value {
  const userNew = userDunder(cls, "__new__");
  const userInit = userDunder(cls, "__init__");
  let obj: Value;
  if (userNew !== undefined) {
    const fn = userNew instanceof PyWrapper ? userNew.fget : userNew;
    obj = callValue(rt, fn, [cls, ...args], kw);
  } else if (userInit !== undefined && cls.layout === "object") {
    rt.alloc(56);
    obj = new PyObject(cls, new AttrDict(cls));
  } else {
    if (userInit === undefined && cls.layout === "object" && (args.length > 0 || (kw !== null && kw.size > 0)) && cls !== T.object) {
      throw pyErr("TypeError", `${cls.name}() takes no arguments`);
    }
    // Immutable values are made whole by __new__, which sees the arguments even when the class
    // has an __init__ (`class I(int)` with `__init__(self, v, tag)` still builds from v).
    const whole = userInit === undefined || IMMUTABLE_LAYOUTS.has(cls.layout);
    obj = findNew(cls)(rt, cls, whole ? args : [], whole ? kw : null);
    if (userInit !== undefined && obj instanceof PyBaseException) obj.args = args.slice();
  }
  if (userInit !== undefined && typeOf(obj).isSubtypeOf(cls)) {
    const r = callValue(rt, userInit, [obj, ...args], kw);
    if (r !== None) throw pyErr("TypeError", `__init__() should return None, not '${typeOf(r).name}'`);
  }
  return obj;
}

function isDataDescriptor(v: Value): boolean {
  if (v instanceof PyWrapper) return v.cls === T.property;
  if (typeof v !== "object" || v.cls.builtin) return false;
  return userDunder(v.cls, "__set__") !== undefined || userDunder(v.cls, "__delete__") !== undefined;
}

/** Bind a class attribute found on `t` to an instance `obj` (the descriptor protocol's __get__). */
function bindToInstance(rt: Runtime, attr: Value, obj: Value, t: PyType): Value {
  if (attr instanceof PyFunction) return new PyBoundMethod(T.method, attr, obj);
  // A builtin method bound to its object is a builtin_function_or_method, as in CPython.
  if (attr instanceof PyNative) return attr.isMethod ? new PyBoundMethod(T.builtin_function_or_method, attr, selfFor(attr, obj), obj) : attr;
  if (attr instanceof PyWrapper) {
    if (attr.cls === T.classmethod) return new PyBoundMethod(T.method, attr.fget, t);
    if (attr.cls === T.staticmethod) return attr.fget;
    if (attr.cls === T.property) {
      if (attr.fget === None) throw pyErr("AttributeError", "property has no getter");
      return callValue(rt, attr.fget, [obj], null);
    }
  }
  if (typeof attr === "object" && !attr.cls.builtin) {
    const g = userDunder(attr.cls, "__get__");
    if (g !== undefined) return callValue(rt, g, [attr, obj, t], null);
  }
  return attr;
}

function noAttr(obj: Value, name: string): PyThrow {
  if (obj instanceof PyType) return pyErr("AttributeError", `type object '${obj.name}' has no attribute '${name}'`);
  if (obj instanceof PyModule) return pyErr("AttributeError", `module '${obj.globals.name}' has no attribute '${name}'`);
  return pyErr("AttributeError", `'${typeOf(obj).name}' object has no attribute '${name}'`);
}

export function getAttr(rt: Runtime, obj: Value, name: string): Value {
  const t = typeOf(obj);
  if (!t.builtin) {
    const ga = userDunder(t, "__getattribute__");
    if (ga !== undefined) {
      try {
        return callValue(rt, ga, [obj, name], null);
      } catch (e) {
        const gf = userDunder(t, "__getattr__");
        if (gf !== undefined && e instanceof PyThrow && e.exc.cls.isSubtypeOf(E.AttributeError)) return callValue(rt, gf, [obj, name], null);
        throw e;
      }
    }
  }
  const v = genericGetAttr(rt, obj, t, name);
  if (v !== undefined) return v;
  if (!t.builtin) {
    const gf = userDunder(t, "__getattr__");
    if (gf !== undefined) return callValue(rt, gf, [obj, name], null);
  }
  throw noAttr(obj, name);
}

/** object.__getattribute__: returns undefined when the attribute does not exist. */
export function genericGetAttr(rt: Runtime, obj: Value, t: PyType, name: string): Value | undefined {
  if (obj instanceof PyType) return typeGetAttr(rt, obj, name);
  const attr = t.lookup(name);
  if (attr !== undefined && isDataDescriptor(attr)) return bindToInstance(rt, attr, obj, t);
  if (typeof obj === "object") {
    const d = obj.dict;
    if (d !== null) {
      const v = d.get(name);
      if (v !== undefined) return v;
    }
    const sp = specialAttr(rt, obj, name);
    if (sp !== undefined) return sp;
  } else if (name === "__class__") return t;
  if (attr !== undefined) return bindToInstance(rt, attr, obj, t);
  return undefined;
}

/**
 * `obj.__dict__`: the first read moves the attributes into a Python dict that stays their storage
 * (so `obj.__dict__[k] = v`, `vars(obj).update(...)` and attribute access agree, and every read
 * returns the same dict, as in CPython). Accounted as a dict of that size.
 */
function liveDict(rt: Runtime, ad: AttrDict): PyDict {
  if (ad.live instanceof PyDict) return ad.live;
  rt.alloc(64 + 24 * ad.size);
  const d = new PyDict();
  ad.adopt(d, true);
  return d;
}

function specialAttr(rt: Runtime, obj: PyObject, name: string): Value | undefined {
  if (name === "__class__") return obj.cls;
  if (name === "__dict__" && obj.dict !== null && (obj.cls.slots === null || obj.cls.hasDict)) return liveDict(rt, obj.dict);
  if (obj instanceof PyBaseException) {
    switch (name) {
      case "args":
        return tuple(obj.args);
      case "__cause__":
        return obj.cause ?? None;
      case "__context__":
        return obj.context ?? None;
      case "__suppress_context__":
        return obj.suppressContext;
      case "__traceback__":
        return None;
      case "exceptions":
        return obj.exceptions === null ? undefined : tuple(obj.exceptions);
      case "message":
        return obj.exceptions === null ? undefined : (obj.args[0] ?? "");
      case "value":
        return obj.cls.isSubtypeOf(E.StopIteration) ? (obj.args[0] ?? None) : undefined;
    }
    return undefined;
  }
  if (obj instanceof PyFunction) {
    switch (name) {
      case "__name__":
        return obj.name;
      case "__qualname__":
        return obj.qualname;
      case "__module__":
        return obj.globals.name;
      case "__doc__":
        return obj.doc;
      case "__annotations__": {
        // Built once, then kept (so mutations stick); not part of the function's __dict__.
        if (obj.annotations === null) {
          const d = new PyDict();
          if (obj.annotate !== null) for (const [k, v] of obj.annotate()) d.set(rt, k, v);
          obj.annotations = d;
        }
        return obj.annotations;
      }
    }
    return undefined;
  }
  if (obj instanceof PyNative) {
    if (name === "__name__" || name === "__qualname__") return obj.name;
    return undefined;
  }
  if (obj instanceof PySlice) {
    if (name === "start") return obj.start;
    if (name === "stop") return obj.stop;
    if (name === "step") return obj.step;
    return undefined;
  }
  if (obj instanceof PyRange) {
    if (name === "start") return I.norm(obj.start);
    if (name === "stop") return I.norm(obj.stop);
    if (name === "step") return I.norm(obj.step);
    return undefined;
  }
  if (obj instanceof PyUnion) {
    if (name === "__args__") return tuple([...obj.args]);
    if (name === "__parameters__") return tuple([]);
    return undefined;
  }
  if (obj instanceof PyBoundMethod) {
    if (name === "__self__") return obj.owner;
    if (name === "__func__") return obj.func;
    if (name === "__name__" || name === "__annotations__") return getAttr(rt, obj.func, name);
    return undefined;
  }
  if (obj instanceof PyGenerator) {
    if (name === "__name__") return obj.name;
    if (name === "__qualname__") return obj.qualname;
    return undefined;
  }
  if (obj instanceof PyModule) {
    if (name === "__name__") return obj.globals.name;
    return obj.globals.get(name);
  }
  if (obj instanceof PyWrapper) {
    if (name === "__func__" && obj.cls !== T.property) return obj.fget;
    if (obj.cls === T.property) {
      if (name === "fget") return obj.fget;
      if (name === "fset") return obj.fset ?? None;
      if (name === "fdel") return obj.fdel ?? None;
      if (name === "__doc__") return obj.doc ?? None;
    }
  }
  return undefined;
}

function typeGetAttr(rt: Runtime, cls: PyType, name: string): Value | undefined {
  switch (name) {
    case "__name__":
      return cls.name;
    case "__qualname__":
      return cls.qualname;
    case "__module__":
      return cls.module;
    case "__mro__":
      return tuple(cls.mro);
    case "__bases__":
      return tuple(cls.bases);
    case "__base__":
      return cls.bases[0] ?? None;
    case "__class__":
      return cls.cls;
    case "__dict__": {
      const d = new PyDict();
      for (const [k, v] of cls.ns) d.set(rt, k, v);
      return d;
    }
  }
  const v = cls.lookup(name);
  if (v !== undefined) {
    if (v instanceof PyWrapper) {
      if (v.cls === T.classmethod) return new PyBoundMethod(T.method, v.fget, cls);
      if (v.cls === T.staticmethod) return v.fget;
      return v;
    }
    if (typeof v === "object" && !v.cls.builtin && !(v instanceof PyType)) {
      const g = userDunder(v.cls, "__get__");
      if (g !== undefined) return callValue(rt, g, [v, None, cls], null);
    }
    return v;
  }
  if (name === "__doc__") return None;
  if (name === "__new__" && cls.builtin && cls.newFn !== null) {
    // `tuple.__new__(Sub, it)` and friends: the builtin constructor for a subtype (CPython's tp_new).
    const nf = cls.newFn;
    return new PyNative(
      T.builtin_function_or_method,
      "__new__",
      (r, a, k) => {
        const sub = a[0];
        if (!(sub instanceof PyType)) throw pyErr("TypeError", `${cls.name}.__new__(X): X is not a type object (${typeOf(sub ?? None).name})`);
        if (!sub.isSubtypeOf(cls)) throw pyErr("TypeError", `${cls.name}.__new__(${sub.name}): ${sub.name} is not a subtype of ${cls.name}`);
        // CPython's tp_new_wrapper: the builtin constructor `sub` inherits must be this one, or the
        // instance would lack the layout its type promises (`object.__new__(type)` is not a type).
        const own = sub.mro.find((c) => c.newFn !== null);
        if (own !== undefined && own.newFn !== nf) throw pyErr("TypeError", `${cls.name}.__new__(${sub.name}) is not safe, use ${own.name}.__new__()`);
        return nf(r, sub, a.slice(1), k);
      },
      false,
    );
  }
  const meta = cls.cls;
  const m = meta.lookup(name);
  if (m !== undefined) return bindToInstance(rt, m, cls, meta);
  return undefined;
}

export function setAttr(rt: Runtime, obj: Value, name: string, v: Value): void {
  const t = typeOf(obj);
  if (!t.builtin) {
    const sa = userDunder(t, "__setattr__");
    if (sa !== undefined) {
      callValue(rt, sa, [obj, name, v], null);
      return;
    }
  }
  genericSetAttr(rt, obj, name, v);
}

export function genericSetAttr(rt: Runtime, obj: Value, name: string, v: Value): void {
  const t = typeOf(obj);
  if (obj instanceof PyType) {
    if (obj.builtin) throw pyErr("TypeError", `cannot set '${name}' attribute of immutable type '${obj.name}'`);
    if (name === "__name__" && typeof v === "string") obj.name = v;
    if (name === "__qualname__" && typeof v === "string") obj.qualname = v;
    obj.ns.set(name, v);
    obj.invalidate();
    return;
  }
  const attr = t.lookup(name);
  if (attr !== undefined && isDataDescriptor(attr)) {
    if (attr instanceof PyWrapper) {
      if (attr.fset === null || attr.fset === None) throw pyErr("AttributeError", `can't set attribute '${name}'`);
      callValue(rt, attr.fset, [obj, v], null);
      return;
    }
    const s = userDunder((attr as PyObject).cls, "__set__");
    if (s !== undefined) {
      callValue(rt, s, [attr, obj, v], null);
      return;
    }
  }
  if (obj instanceof PyBaseException) {
    if (name === "__cause__") {
      obj.cause = v === None ? null : (v as PyBaseException);
      obj.suppressContext = true;
      return;
    }
    if (name === "__context__") {
      obj.context = v === None ? null : (v as PyBaseException);
      return;
    }
    if (name === "__suppress_context__") {
      obj.suppressContext = v === true;
      return;
    }
    if (name === "args") {
      obj.args = iterToArray(rt, v);
      return;
    }
  }
  if (name === "__class__") {
    setClass(obj, t, v);
    return;
  }
  if (name === "__dict__" && typeof obj === "object" && obj.dict !== null && !(obj instanceof PyType) && (t.slots === null || t.hasDict)) {
    if (!(v instanceof PyDict)) throw pyErr("TypeError", `__dict__ must be set to a dictionary, not a '${typeOf(v).name}'`);
    obj.dict.adopt(v, false);
    return;
  }
  if (obj instanceof PyFunction && name === "__annotations__") {
    if (v !== None && !(v instanceof PyDict)) throw pyErr("TypeError", "__annotations__ must be set to a dict object");
    obj.annotations = v === None ? null : v;
    if (v === None) obj.annotate = null;
    return;
  }
  if (obj instanceof PyFunction && (name === "__name__" || name === "__qualname__")) {
    // functools.wraps and friends rename functions: the repr and __qualname__ follow.
    if (typeof v !== "string") throw pyErr("TypeError", `${name} must be set to a string object`);
    if (name === "__name__") obj.name = v;
    else obj.qualname = v;
    return;
  }
  if (typeof obj === "object" && obj.dict !== null) {
    if (t.slots !== null && !t.hasDict && !slotAllowed(t, name)) throw pyErr("AttributeError", `'${t.name}' object has no attribute '${name}'`);
    if (!obj.dict.has(name)) rt.alloc(16);
    obj.dict.set(name, v);
    return;
  }
  throw pyErr("AttributeError", `'${t.name}' object has no attribute '${name}'`);
}

/** `obj.__class__ = v` (CPython's object_set_class): between user classes of the same layout. */
function setClass(obj: Value, t: PyType, v: Value): void {
  if (!(v instanceof PyType)) throw pyErr("TypeError", `__class__ must be set to a class, not '${typeOf(v).name}' object`);
  if (typeof obj !== "object" || t.builtin || v.builtin || obj instanceof PyType)
    throw pyErr("TypeError", "__class__ assignment only supported for mutable types or ModuleType subclasses");
  const sameSlots = (t.slots ?? []).join() === (v.slots ?? []).join();
  if (v.layout !== t.layout || v.hasDict !== t.hasDict || !sameSlots) {
    throw pyErr("TypeError", `__class__ assignment: '${v.name}' object layout differs from '${t.name}'`);
  }
  obj.cls = v;
}

export function slotNameAllowed(t: PyType, name: string): boolean {
  return slotAllowed(t, name);
}

function slotAllowed(t: PyType, name: string): boolean {
  // Cached in the lookup cache under a key no Python identifier can take.
  const key = `\0slot:${name}`;
  const cache = (t.lookupCache ??= new Map());
  const hit = cache.get(key);
  if (hit !== undefined) return hit === true;
  let ok = false;
  for (const c of t.mro) if (c.slots?.includes(name)) ok = true;
  cache.set(key, ok);
  return ok;
}

export function delAttr(rt: Runtime, obj: Value, name: string): void {
  const t = typeOf(obj);
  if (!t.builtin) {
    const da = userDunder(t, "__delattr__");
    if (da !== undefined) {
      callValue(rt, da, [obj, name], null);
      return;
    }
  }
  const attr = t.lookup(name);
  if (attr instanceof PyWrapper && attr.cls === T.property) {
    if (attr.fdel === null || attr.fdel === None) throw pyErr("AttributeError", `can't delete attribute '${name}'`);
    callValue(rt, attr.fdel, [obj], null);
    return;
  }
  if (obj instanceof PyType) {
    if (obj.builtin) throw pyErr("TypeError", `cannot delete '${name}' attribute of immutable type '${obj.name}'`);
    if (!obj.ns.delete(name)) throw noAttr(obj, name);
    obj.invalidate();
    return;
  }
  if (typeof obj === "object" && obj.dict !== null && obj.dict.delete(name)) return;
  throw noAttr(obj, name);
}

/**
 * `obj.name(*args)` without allocating a bound method when the attribute is a plain method
 * found on the type (the common case).
 */
export function callMethod(rt: Runtime, obj: Value, name: string, args: Value[], kw: Map<string, Value> | null): Value {
  const t = typeOf(obj);
  if (t.builtin || userDunder(t, "__getattribute__") === undefined) {
    const attr = t.lookup(name);
    if ((attr instanceof PyFunction || (attr instanceof PyNative && attr.isMethod)) && !(obj instanceof PyType)) {
      const d = typeof obj === "object" ? obj.dict : null;
      if (d === null || !d.has(name)) {
        if (attr instanceof PyFunction) {
          args.unshift(obj);
          return attr.code.call(attr, args, kw);
        }
        args.unshift(obj instanceof PyBoxed ? selfFor(attr, obj) : obj);
        return attr.fn(rt, args, kw);
      }
    }
  }
  return callValue(rt, getAttr(rt, obj, name), args, kw);
}

/** The object returned by super(): attribute lookup starts after `start` in the MRO of `obj`. */
export class PySuper extends PyObject {
  constructor(
    readonly start: PyType,
    readonly obj: Value,
  ) {
    super(T.super);
  }
}

export function superGetAttr(rt: Runtime, s: PySuper, name: string): Value {
  const objType = s.obj instanceof PyType && s.obj.isSubtypeOf(s.start) ? s.obj : typeOf(s.obj);
  const mro = objType.mro;
  let i = mro.indexOf(s.start) + 1;
  for (; i < mro.length; i++) {
    const c = mro[i] as PyType;
    const v = c.ns.get(name);
    if (v === undefined) continue;
    if (s.obj instanceof PyType && objType === s.obj) {
      if (v instanceof PyWrapper && v.cls === T.classmethod) return new PyBoundMethod(T.method, v.fget, s.obj);
      if (v instanceof PyWrapper && v.cls === T.staticmethod) return v.fget;
      if (name === "__new__" && v instanceof PyWrapper) return v.fget;
      return v;
    }
    return bindToInstance(rt, v, s.obj, objType);
  }
  if (name === "__init__") return new PyNative(T.builtin_function_or_method, "__init__", () => None, false);
  if (name === "__new__") return new PyNative(T.builtin_function_or_method, "__new__", (r, a, k) => findNew(a[0] as PyType)(r, a[0] as PyType, a.slice(1), k), false);
  if (name === "__init_subclass__") return new PyNative(T.builtin_function_or_method, "__init_subclass__", () => None, false);
  const fallback = T.object.lookup(name);
  if (fallback !== undefined) return bindToInstance(rt, fallback, s.obj, objType);
  throw pyErr("AttributeError", `'super' object has no attribute '${name}'`);
}
