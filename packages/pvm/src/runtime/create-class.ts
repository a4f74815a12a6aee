// Creating a class object from a name, bases and a namespace: CPython's type.__new__ core (the
// acceptable-base checks, C3 MRO, layout, __slots__, implicit classmethod/staticmethod dunders,
// __set_name__) and the parent's __init_subclass__. Shared by the class statement (compiler/classes.ts)
// and the builtin type(name, bases, ns) (builtins/type.ts), so it lives below both.
import { callValue, userDunder } from "./call.js";
import type { Runtime } from "./context.js";
import { pyErr } from "./exceptions.js";
import { PyFunction } from "./function.js";
import { iterToArray } from "./iter.js";
import { computeMro, MroError } from "./mro.js";
import { type Layout, PyType, PyWrapper, type Value } from "./object.js";
import { None, T } from "./types.js";

function layoutOf(bases: PyType[]): Layout {
  let layout: Layout = "object";
  for (const b of bases) {
    const l = b.layout;
    if (l === "object") continue;
    if (layout !== "object" && layout !== l) throw pyErr("TypeError", "multiple bases have instance lay-out conflict");
    layout = l;
  }
  return layout;
}

// Builtin types CPython itself refuses as bases (no Py_TPFLAGS_BASETYPE), and the ones only the PVM refuses.
const FINAL_TYPES = new Set([
  "bool",
  "NoneType",
  "NotImplementedType",
  "ellipsis",
  "function",
  "range",
  "slice",
  "generator",
  "coroutine",
  "async_generator",
  "method",
  "builtin_function_or_method",
  "UnionType",
]);
const PVM_FINAL_TYPES = new Set(["module"]);

/** type.__new__(meta, name, bases, ns) without the metaclass dispatch: the new class. */
export function createClass(rt: Runtime, meta: PyType, name: string, bases: PyType[], ns: Map<string, Value>, module: string, qualname: string): PyType {
  for (const b of bases) {
    if (!b.builtin) continue;
    if (FINAL_TYPES.has(b.name)) throw pyErr("TypeError", `type '${b.name}' is not an acceptable base type`);
    if (PVM_FINAL_TYPES.has(b.name)) throw pyErr("TypeError", `type '${b.name}' is not an acceptable base type in the PVM`);
  }
  const realBases = bases.length === 0 ? [T.object] : bases;
  const cls = new PyType(meta, name, realBases, ns, layoutOf(realBases), false);
  try {
    cls.mro = computeMro(cls);
  } catch (e) {
    if (e instanceof MroError) throw pyErr("TypeError", e.message);
    throw e;
  }
  cls.module = module;
  cls.qualname = qualname;
  for (const b of realBases) if (!b.builtin) b.addSubclass(cls);
  for (const special of ["__init_subclass__", "__class_getitem__"]) {
    const v = ns.get(special);
    if (v instanceof PyFunction) ns.set(special, new PyWrapper(T.classmethod, v));
  }
  const nw = ns.get("__new__");
  if (nw instanceof PyFunction) ns.set("__new__", new PyWrapper(T.staticmethod, nw));
  if (ns.has("__eq__") && !ns.has("__hash__")) ns.set("__hash__", None);
  const slots = ns.get("__slots__");
  if (slots !== undefined) {
    const names = typeof slots === "string" ? [slots] : iterToArray(rt, slots).map((x) => String(x));
    cls.slots = names;
    // Variable-size layouts have no room for slot storage (CPython's itemsize check).
    if ((cls.layout === "int" || cls.layout === "bytes" || cls.layout === "tuple") && names.some((n) => n !== "__dict__" && n !== "__weakref__")) {
      throw pyErr("TypeError", `nonempty __slots__ not supported for subtype of '${cls.layout}'`);
    }
    cls.hasDict = names.includes("__dict__") || realBases.some((b) => !b.builtin && b.hasDict);
  }
  rt.alloc(256 + 32 * ns.size);
  // __set_name__ on descriptors, then the parent's __init_subclass__.
  for (const [k, v] of ns) {
    if (typeof v === "object" && !v.cls.builtin) {
      const sn = userDunder(v.cls, "__set_name__");
      if (sn !== undefined) callValue(rt, sn, [v, cls, k], null);
    }
  }
  return cls;
}

/** The parent's __init_subclass__(**kw) for a new class (type.__new__ runs it, as in CPython). */
export function initSubclass(rt: Runtime, cls: PyType, kw: Map<string, Value> | null): void {
  for (let i = 1; i < cls.mro.length; i++) {
    const c = cls.mro[i] as PyType;
    const v = c.ns.get("__init_subclass__");
    if (v === undefined) continue;
    const fn = v instanceof PyWrapper ? v.fget : v;
    callValue(rt, fn, [cls], kw);
    return;
  }
  if (kw !== null && kw.size > 0) throw pyErr("TypeError", `${cls.name}.__init_subclass__() takes no keyword arguments`);
}
