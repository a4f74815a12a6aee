// The state of an imported module, object by object, to prove it unchanged (cips/pvm.md "Warm
// sessions", "Module snapshots"): every object reachable from the module's namespace with every
// Python-visible field it holds. A snapshot is restored only while each object still holds exactly
// what it held when the module's body had just run; kinds not listed here are refused (no snapshot).
import type { AttrDict } from "../runtime/attrs.js";
import { PyDict, PySet } from "../runtime/dict.js";
import { Binding, Globals, PyFunction, PyModule } from "../runtime/function.js";
import { Cell, PyBoxed, PyBytes, PyFloat, PyList, PyNative, PyObject, PyTuple, PyType, PyWrapper } from "../runtime/object.js";

/** Each reachable object and the values of its fields, in a fixed order per kind. */
export interface Fingerprint {
  readonly objects: readonly object[];
  readonly fields: readonly (readonly unknown[])[];
  /** The user classes among `objects`, with their subclass count (subclassing is not Python-visible). */
  readonly classes: readonly (readonly [PyType, number])[];
}

function attrs(d: AttrDict | null, out: unknown[]): void {
  out.push(d);
  if (d === null || d === undefined) return;
  out.push(d.live, d.size);
  for (const [k, v] of d.entries()) out.push(k, v);
}

/** The fields of `x`, or null for a kind a snapshot cannot vouch for. */
function fieldsOf(x: object): unknown[] | null {
  const out: unknown[] = [];
  if (x instanceof Globals) {
    out.push(x.map.size);
    for (const [k, b] of x.map) out.push(k, b, b.v);
    return out;
  }
  if (x instanceof Binding) return [x.v];
  if (x instanceof Cell) return [x.v];
  if (!(x instanceof PyObject)) return null;
  out.push(x.cls);
  attrs(x.dict, out);
  if (x instanceof PyType) {
    out.push(x.name, x.qualname, x.module, x.layout, x.hasDict, x.newFn, x.slots, x.bases, x.mro, x.ns, x.bases.length, x.mro.length, x.ns.size);
    if (x.slots !== null) out.push(x.slots.length, ...x.slots);
    out.push(...x.bases, ...x.mro);
    for (const [k, v] of x.ns) out.push(k, v);
    return out;
  }
  if (x instanceof PyFunction) {
    out.push(x.name, x.qualname, x.code, x.defaults, x.defaults.length, ...x.defaults, x.kwdefaults, x.closure, x.closure.length, ...x.closure);
    if (x.kwdefaults !== null) for (const [k, v] of x.kwdefaults) out.push(k, v);
    out.push(x.globals, x.doc, x.classCell, x.annotate, x.annotations);
    return out;
  }
  if (x instanceof PyNative) {
    out.push(x.name, x.fn, x.isMethod, x.owner);
    return out;
  }
  if (x instanceof PyWrapper) {
    out.push(x.fget, x.fset, x.fdel, x.doc);
    return out;
  }
  if (x instanceof PyModule) {
    out.push(x.globals);
    return out;
  }
  if (x instanceof PyTuple || x instanceof PyList) {
    out.push(x.items, x.items.length, ...x.items);
    return out;
  }
  if (x instanceof PyDict) {
    out.push(x.table, x.table.size);
    for (const e of x.table.entries()) out.push(e.k, e.v);
    return out;
  }
  if (x instanceof PySet) {
    out.push(x.table, x.table.size, x.frozen);
    for (const e of x.table.entries()) out.push(e.k);
    return out;
  }
  if (x instanceof PyBytes) {
    out.push(x.b);
    return out;
  }
  if (x instanceof PyBoxed || x instanceof PyFloat) {
    out.push(x.v);
    return out;
  }
  // A plain instance (object(), a user class with or without attributes): its class and attributes.
  return x.constructor === PyObject ? out : null;
}

/** Everything reachable from `roots` (builtin types excepted: shared, immutable), or null if any kind is refused. */
export function takeFingerprint(roots: readonly unknown[]): Fingerprint | null {
  const seen = new Set<object>();
  const objects: object[] = [];
  const fields: unknown[][] = [];
  const classes: [PyType, number][] = [];
  const work = roots.slice();
  while (work.length > 0) {
    const x = work.pop();
    if (typeof x !== "object" || x === null || seen.has(x)) continue;
    if (x instanceof PyType && x.builtin) continue;
    seen.add(x);
    const f = fieldsOf(x);
    if (f === null) return null;
    objects.push(x);
    fields.push(f);
    if (x instanceof PyType) classes.push([x, x.subclasses?.length ?? 0]);
    // Children: every object among the fields (arrays, maps and tables are compared through their items).
    for (const v of f) if (typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof Map) && isChild(v)) work.push(v);
  }
  return { objects, fields, classes };
}

function isChild(v: object): boolean {
  return v instanceof PyObject || v instanceof Globals || v instanceof Binding || v instanceof Cell;
}

/** Whether every object still holds exactly the fields it held when the fingerprint was taken. */
export function unchanged(fp: Fingerprint): boolean {
  const { objects, fields } = fp;
  for (let i = 0; i < objects.length; i++) {
    const now = fieldsOf(objects[i]!);
    const then = fields[i]!;
    if (now === null || now.length !== then.length) return false;
    for (let j = 0; j < now.length; j++) if (!Object.is(now[j], then[j])) return false;
  }
  return true;
}

/** Drop the subclasses registered since (an invocation's classes, unreachable from Python once it ended). */
export function forgetSubclasses(fp: Fingerprint): void {
  for (const [cls, n] of fp.classes) if (cls.subclasses !== null && cls.subclasses !== undefined && cls.subclasses.length > n) cls.subclasses.length = n;
}
