// Helpers for native stdlib types: argument binding with CPython's messages, and per-run classes
// built from JS functions. Shared by the `re` and `decimal` glue.
//
// The classes are created with `builtin = false` so the interpreter dispatches their dunders
// (`__add__`, `__eq__`, `__repr__`, …) like a user class's; each run builds its own copies when
// the module is first imported, so nothing a program does to them outlives the run.
import { computeMro } from "../runtime/mro.js";
import { pyErr } from "../runtime/exceptions.js";
import { type NativeFn, PyNative, PyType, PyWrapper, type Value } from "../runtime/object.js";
import { None, T } from "../runtime/types.js";

/**
 * Binds `args`/`kw` to `names`; the first `required` are mandatory. Returns one slot per name,
 * `undefined` where the caller gave nothing. The first `posOnly` names cannot be given by keyword.
 */
export function bindArgs(fname: string, args: readonly Value[], kw: Map<string, Value> | null, names: readonly string[], required: number, posOnly = 0): (Value | undefined)[] {
  if (args.length > names.length) {
    const most = names.length;
    throw pyErr("TypeError", `${fname}() takes ${required === most ? "exactly" : "at most"} ${most} argument${most === 1 ? "" : "s"} (${args.length} given)`);
  }
  const out: (Value | undefined)[] = names.map((_, i) => args[i]);
  if (kw !== null) {
    for (const [k, v] of kw) {
      const i = names.indexOf(k);
      if (i < 0 || i < posOnly) throw pyErr("TypeError", `${fname}() got an unexpected keyword argument '${k}'`);
      if (out[i] !== undefined) throw pyErr("TypeError", `argument for ${fname}() given by name ('${k}') and position (${i + 1})`);
      out[i] = v;
    }
  }
  for (let i = 0; i < required; i++) {
    if (out[i] === undefined) throw pyErr("TypeError", `${fname}() missing required argument '${names[i]}' (pos ${i + 1})`);
  }
  return out;
}

/** A per-run class whose dunders the interpreter dispatches (see the file comment). */
export function nativeClass(name: string, module: string, bases: PyType[] = [T.object], layout: PyType["layout"] = "object"): PyType {
  const t = new PyType(T.type, name, bases, new Map(), layout, false);
  t.module = module;
  t.hasDict = false;
  t.mro = computeMro(t);
  for (const b of bases) b.builtin || b.addSubclass(t);
  return t;
}

/** Adds a method (receives self as args[0]). */
export function def(t: PyType, name: string, fn: NativeFn): void {
  t.ns.set(name, new PyNative(T.builtin_function_or_method, name, fn, true));
}

/** Adds a read-only attribute computed from the instance (or a settable one with `set`). */
export function prop(t: PyType, name: string, get: (self: Value) => Value, set?: (self: Value, v: Value) => void): void {
  const fget = new PyNative(T.builtin_function_or_method, name, (_rt, a) => get(a[0] as Value), false);
  const fset = set === undefined ? null : new PyNative(T.builtin_function_or_method, name, (_rt, a) => (set(a[0] as Value, a[1] as Value), None), false);
  t.ns.set(name, new PyWrapper(T.property, fget, fset));
}
