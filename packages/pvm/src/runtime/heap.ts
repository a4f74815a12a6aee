// The live-heap recount of the per-call memory budget (cips/pvm.md, "Memory accounting"): the bytes
// reachable from the call's roots, each object sized by the kind table below, each object and each
// distinct string visited once, with an explicit worklist (no host recursion). The result depends
// only on the object graph, never on the traversal order or on V8's garbage collector.
import { AttrDict } from "./attrs.js";
import { PySuper } from "./call.js";
import { PyDict, PySet } from "./dict.js";
import { PyBaseException } from "./exceptions.js";
import { Frame } from "./frame.js";
import { Binding, Globals, PyFunction, PyGenerator, PyModule } from "./function.js";
import { PyDictView, PyIterator } from "./iter.js";
import { Cell, PyBoundMethod, PyBoxed, PyByteArray, PyBytes, PyList, PyObject, PySlice, PyTuple, PyType, PyUnion, PyWrapper } from "./object.js";

/**
 * Bytes of each kind, the figures the allocation charges use (cips/pvm.md's allocation table);
 * kinds the allocation charges never size (ints, floats, frames, cells, modules, iterators,
 * generators, methods) are 0 bytes but still cost a visit.
 */
export const LIVE_BYTES = {
  /** An instance of a user class (`object.__new__`, boxed int/str subclass instances). */
  instance: 56,
  /** One instance attribute (also a function's or an exception's `__dict__` entry). */
  attribute: 16,
  listHeader: 56,
  /** One list or tuple element, and one element of a partial result under construction. */
  slot: 8,
  dictHeader: 64,
  dictEntry: 24,
  setEntry: 16,
  function: 120,
  classHeader: 256,
  classEntry: 32,
  exception: 96,
} as const;

/**
 * Text a native routine has produced and charged but not yet handed to Python (json.dumps's
 * pieces): pinned while the routine runs, it counts `bytes`, since its pieces may repeat one string.
 */
export class HeldBytes {
  bytes = 0;
}

export interface LiveCount {
  /** Bytes reachable from the roots, by LIVE_BYTES; strings and bytes by their length. */
  bytes: number;
  /** Objects and distinct strings visited: what the recount charges Cycles for. */
  visited: number;
}

/**
 * Count the bytes reachable from `roots`, calling `visit()` once per object or distinct string
 * reached (the caller charges Cycles there, so it may stop the walk with OutOfCycles).
 * Builtin types are shared and immutable: they are neither counted nor entered.
 */
export function countLive(roots: readonly unknown[], visit: () => void): LiveCount {
  const seen = new Set<object>();
  const strings = new Set<string>();
  const work: unknown[] = roots.slice();
  let bytes = 0;
  let visited = 0;
  const L = LIVE_BYTES;
  while (work.length > 0) {
    const x = work.pop();
    if (typeof x === "string") {
      if (strings.has(x)) continue;
      strings.add(x);
      visit();
      visited++;
      bytes += x.length;
      continue;
    }
    if (typeof x !== "object" || x === null || seen.has(x)) continue;
    if (x instanceof PyType && x.builtin) continue;
    seen.add(x);
    visit();
    visited++;
    if (x instanceof PyObject) {
      bytes += objectBytes(x, work);
      work.push(x.cls);
      const d = x.dict;
      if (d !== null && d !== undefined) work.push(d);
      continue;
    }
    if (x instanceof Frame) {
      for (const v of x.s) work.push(v);
      work.push(x.ret);
      if (x.ns !== null) work.push(x.ns);
      if (x.nsObj !== undefined) work.push(x.nsObj);
      if (x.held !== undefined) for (const v of x.held) work.push(v);
      if (x.classCell !== null) work.push(x.classCell);
      if (x.fn !== null) work.push(x.fn);
      continue;
    }
    if (x instanceof HeldBytes) {
      bytes += x.bytes;
      continue;
    }
    if (x instanceof Cell) {
      work.push(x.v);
      continue;
    }
    if (x instanceof AttrDict) {
      if (x.live !== null) work.push(x.live);
      else {
        bytes += L.attribute * x.size;
        for (const [k, v] of x.entries()) work.push(k, v);
      }
      continue;
    }
    if (x instanceof Globals) {
      for (const [k, b] of x.map) work.push(k, b.v);
      continue;
    }
    if (x instanceof Binding) {
      work.push(x.v);
      continue;
    }
    if (x instanceof Map) {
      for (const [k, v] of x) work.push(k, v);
      continue;
    }
    if (Array.isArray(x)) {
      // A partial result pinned while it is built (a comprehension's or list()'s elements).
      bytes += L.slot * x.length;
      for (const v of x) work.push(v);
    }
  }
  return { bytes, visited };
}

/** The bytes of one Python object by its kind; pushes the objects it references onto `work`. */
function objectBytes(x: PyObject, work: unknown[]): number {
  const L = LIVE_BYTES;
  const user = !x.cls.builtin;
  if (x instanceof PyList) {
    for (const v of x.items) work.push(v);
    return L.listHeader + L.slot * x.items.length + (user ? L.instance : 0);
  }
  if (x instanceof PyTuple) {
    for (const v of x.items) work.push(v);
    return L.slot * x.items.length + (user ? L.instance : 0);
  }
  if (x instanceof PyDict) {
    for (const e of x.table.entries()) work.push(e.k, e.v);
    return L.dictHeader + L.dictEntry * x.table.size + (user ? L.instance : 0);
  }
  if (x instanceof PySet) {
    for (const e of x.table.entries()) work.push(e.k);
    return L.setEntry * x.table.size + (user ? L.instance : 0);
  }
  if (x instanceof PyBytes) return x.b.length + (user ? L.instance : 0);
  if (x instanceof PyByteArray) return x.len + (user ? L.instance : 0);
  if (x instanceof PyBoxed) {
    work.push(x.v);
    return L.instance;
  }
  if (x instanceof PyFunction) {
    for (const v of x.defaults) work.push(v);
    if (x.kwdefaults !== null) work.push(x.kwdefaults);
    for (const c of x.closure) work.push(c);
    work.push(x.globals, x.doc, x.classCell, x.annotations);
    return L.function;
  }
  if (x instanceof PyType) {
    work.push(x.ns);
    for (const b of x.bases) work.push(b);
    for (const m of x.mro) work.push(m);
    if (x.slots !== null) for (const s of x.slots) work.push(s);
    return L.classHeader + L.classEntry * x.ns.size;
  }
  if (x instanceof PyBaseException) {
    for (const v of x.args) work.push(v);
    for (const t of x.traceback) work.push(t.frame);
    work.push(x.cause, x.context);
    if (x.exceptions !== null) for (const e of x.exceptions) work.push(e);
    return L.exception;
  }
  if (x instanceof PyGenerator) {
    work.push(x.frame);
    return 0;
  }
  if (x instanceof PyModule) {
    work.push(x.globals);
    return 0;
  }
  if (x instanceof PyBoundMethod) work.push(x.func, x.self, x.owner);
  else if (x instanceof PyWrapper) work.push(x.fget, x.fset, x.fdel, x.doc);
  else if (x instanceof PySlice) work.push(x.start, x.stop, x.step);
  else if (x instanceof PyUnion) for (const a of x.args) work.push(a);
  else if (x instanceof PySuper) work.push(x.start, x.obj);
  else if (x instanceof PyDictView) work.push(x.d);
  else if (x instanceof PyIterator) for (const r of x.refs) work.push(r);
  return user ? L.instance : 0;
}
