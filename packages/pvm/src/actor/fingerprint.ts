// The state of an imported module, object by object, to prove it unchanged (cips/pvm.md "Warm
// sessions", "Module snapshots"): every object reachable from the module's namespace with every
// Python-visible field it holds. A snapshot is restored only while each object still holds exactly
// what it held when the module's body had just run; kinds not listed here are refused (no snapshot).
import type { AttrDict } from "../runtime/attrs.js";
import { PyDict, PySet } from "../runtime/dict.js";
import { Globals, PyFunction, PyModule } from "../runtime/function.js";
import { Cell, PyBoxed, PyBytes, PyFloat, PyList, PyNative, PyObject, PyTuple, PyType, PyWrapper } from "../runtime/object.js";

/** Each reachable object that Python can change, its kind, and the values of its fields, flat. */
export interface Fingerprint {
  readonly objects: readonly object[];
  readonly kinds: readonly Kind[];
  readonly fields: readonly unknown[];
  /** The user classes among `objects`, with their subclass count (subclassing is not Python-visible). */
  readonly classes: readonly (readonly [PyType, number])[];
}

/** Kinds Python code can change (checked), and kinds it cannot (their contents are walked once). */
enum Kind {
  Globals,
  Cell,
  Type,
  Function,
  Wrapper,
  Table,
  List,
  Instance,
  /** Immutable: a module, tuple, bytes, float, boxed value, frozenset or builtin function without attributes. */
  Fixed,
}

/** Records fields (appending) or checks them against a recording (at a cursor). */
class Fields {
  at = 0;
  same = true;
  constructor(
    readonly list: unknown[],
    readonly recording: boolean,
  ) {}
  /** A readonly reference: walked when recording, never compared. */
  child(v: unknown): void {
    if (this.recording) this.kids.push(v);
  }
  readonly kids: unknown[] = [];
  f(v: unknown): void {
    if (this.recording) this.list.push(v);
    else if (!Object.is(this.list[this.at++], v)) this.same = false;
  }
  attrs(d: AttrDict | null): void {
    this.f(d);
    if (d === null || d === undefined) return;
    // A shape fixes the names, in order; its values array holds the values (attrs.ts).
    this.f(d.shape);
    this.f(d.map);
    this.f(d.live);
    if (d.shape !== null) this.items(d.vals);
    else if (d.map !== null) this.map(d.map);
  }
  items(xs: readonly unknown[]): void {
    this.f(xs);
    this.f(xs.length);
    for (let i = 0; i < xs.length; i++) this.f(xs[i]);
  }
  map(m: ReadonlyMap<string, unknown>): void {
    this.f(m);
    this.f(m.size);
    for (const [k, v] of m) {
      this.f(k);
      this.f(v);
    }
  }
}

function kindOf(x: object): Kind | null {
  if (x instanceof Globals) return Kind.Globals;
  if (x instanceof Cell) return Kind.Cell;
  if (!(x instanceof PyObject)) return null;
  if (x instanceof PyType) return Kind.Type;
  if (x instanceof PyFunction) return Kind.Function;
  if (x instanceof PyWrapper) return Kind.Wrapper;
  if (x instanceof PyDict || (x instanceof PySet && !x.frozen)) return Kind.Table;
  if (x instanceof PyList) return Kind.List;
  const fixed =
    x instanceof PyModule || x instanceof PyTuple || x instanceof PyBytes || x instanceof PyFloat || x instanceof PyBoxed || x instanceof PyNative || x instanceof PySet;
  if (fixed) return x.dict === null ? Kind.Fixed : null;
  // A plain instance (object(), a user class with or without attributes): its class and attributes.
  return x.constructor === PyObject ? Kind.Instance : null;
}

/** The fields of `x` by its kind (for Fixed: only what it refers to, never compared). */
function fieldsOf(x: object, kind: Kind, io: Fields): void {
  switch (kind) {
    case Kind.Globals: {
      const m = (x as Globals).map;
      io.f(m.size);
      for (const [k, b] of m) {
        io.f(k);
        io.f(b);
        io.f(b.v);
      }
      return;
    }
    case Kind.Cell:
      io.f((x as Cell).v);
      return;
    case Kind.Fixed: {
      if (x instanceof PyModule) io.f(x.globals);
      else if (x instanceof PyTuple) io.items(x.items);
      else if (x instanceof PySet) for (const e of x.table.entries()) io.f(e.k);
      else if (x instanceof PyBoxed) io.f(x.v);
      else if (x instanceof PyNative) io.f(x.owner);
      return;
    }
  }
  const o = x as PyObject;
  io.f(o.cls);
  io.attrs(o.dict);
  switch (kind) {
    case Kind.Type: {
      const t = x as PyType;
      io.f(t.name);
      io.f(t.qualname);
      io.f(t.module);
      io.f(t.layout);
      io.f(t.hasDict);
      io.f(t.newFn);
      io.items(t.bases);
      io.items(t.mro);
      if (t.slots === null) io.f(null);
      else io.items(t.slots);
      io.map(t.ns);
      return;
    }
    case Kind.Function: {
      const fn = x as PyFunction;
      io.f(fn.name);
      io.f(fn.qualname);
      // code, globals and closure are readonly: the closure's cells are objects of their own.
      io.f(fn.doc);
      io.f(fn.classCell);
      io.f(fn.annotate);
      io.f(fn.annotations);
      io.items(fn.defaults);
      for (const c of fn.closure) io.child(c);
      if (fn.kwdefaults === null) io.f(null);
      else io.map(fn.kwdefaults);
      return;
    }
    case Kind.Wrapper: {
      const w = x as PyWrapper;
      io.f(w.fget);
      io.f(w.fset);
      io.f(w.fdel);
      io.f(w.doc);
      return;
    }
    case Kind.Table: {
      const t = (x as PyDict | PySet).table;
      io.f(t);
      io.f(t.size);
      for (const e of t.entries()) {
        io.f(e.k);
        io.f(e.v);
      }
      return;
    }
    case Kind.List:
      io.items((x as PyList).items);
      return;
  }
}

/** Everything reachable from `roots` (builtin types excepted: shared, immutable), or null if any kind is refused. */
export function takeFingerprint(roots: readonly unknown[]): Fingerprint | null {
  const seen = new Set<object>();
  const objects: object[] = [];
  const kinds: Kind[] = [];
  const record = new Fields([], true);
  const classes: [PyType, number][] = [];
  const work = roots.slice();
  while (work.length > 0) {
    const x = work.pop();
    if (typeof x !== "object" || x === null || seen.has(x)) continue;
    if (x instanceof PyType && x.builtin) continue;
    seen.add(x);
    const kind = kindOf(x);
    if (kind === null) return null;
    const io = kind === Kind.Fixed ? new Fields([], true) : record;
    const from = io.list.length;
    io.kids.length = 0;
    fieldsOf(x, kind, io);
    work.push(...io.kids);
    if (kind !== Kind.Fixed) {
      objects.push(x);
      kinds.push(kind);
    }
    if (x instanceof PyType) classes.push([x, x.subclasses?.length ?? 0]);
    // Children: every Python object, namespace or cell among the fields (bindings are compared by their namespace).
    for (let i = from; i < io.list.length; i++) {
      const v = io.list[i];
      if (v instanceof PyObject || v instanceof Globals || v instanceof Cell) work.push(v);
    }
  }
  return { objects, kinds, fields: record.list, classes };
}

/** Whether every object still holds exactly the fields it held when the fingerprint was taken. */
export function unchanged(fp: Fingerprint): boolean {
  const io = new Fields(fp.fields as unknown[], false);
  const { objects, kinds } = fp;
  for (let i = 0; i < objects.length && io.same; i++) fieldsOf(objects[i]!, kinds[i]!, io);
  return io.same && io.at === fp.fields.length;
}

/** Drop the subclasses registered since (an invocation's classes, unreachable from Python once it ended). */
export function forgetSubclasses(fp: Fingerprint): void {
  for (const [cls, n] of fp.classes) if (cls.subclasses !== null && cls.subclasses !== undefined && cls.subclasses.length > n) cls.subclasses.length = n;
}
