import { AttrDict, type Shape } from "./attrs.js";
import type { Runtime } from "./context.js";

// The PVM's value representation (not consensus: only observable Python behaviour is).
//
// - int: a JS number while it is a safe integer, a bigint beyond (always normalized back).
// - bool: a JS boolean. str: a JS string (Python semantics by code point, see str.ts).
// - everything else: a PyObject whose `cls` is its Python type.

export type Value = number | bigint | string | boolean | PyObject;

/** Any Python object that is not an unboxed int, bool or str. */
/** Passed to `super()` by hot subclasses that assign `cls`/`dict` themselves (see PyObject). */
const OWN_FIELDS = null as unknown as PyType;

export class PyObject {
  // `declare` fields: plain assignments, no define-semantics field setup. Hot subclasses (PyFloat,
  // PyList, PyTuple) pass OWN_FIELDS and store the fields in their own constructor, so those
  // stores stay monomorphic instead of sharing this constructor's (megamorphic) store sites.
  declare cls: PyType;
  /** Instance attributes, for objects whose type allows them (user classes). */
  declare dict: AttrDict | null;
  constructor(cls: PyType, dict: AttrDict | null = null) {
    if (cls !== OWN_FIELDS) {
      this.cls = cls;
      this.dict = dict;
    }
  }
}

/**
 * A Python class. `layout` names the builtin base whose instance structure every instance has
 * (object, list, dict, BaseException, …); user classes inherit it from their bases.
 */
export class PyType extends PyObject {
  name: string;
  qualname: string;
  module: string;
  bases: PyType[];
  mro: PyType[];
  ns: Map<string, Value>;
  layout: Layout;
  /** Builtin types reject attribute assignment, as CPython's immutable types do. */
  readonly builtin: boolean;
  /** Whether instances carry a `dict` (false for builtin types and __slots__ classes). */
  hasDict: boolean;
  slots: string[] | null = null;
  /** Constructor for builtin layouts (CPython's tp_new); user classes inherit it along the MRO. */
  newFn: NewFn | null = null;
  constructor(meta: PyType | null, name: string, bases: PyType[], ns: Map<string, Value>, layout: Layout, builtin: boolean) {
    super(meta as PyType);
    if (meta === null) this.cls = this;
    this.name = name;
    this.qualname = name;
    this.module = "builtins";
    this.bases = bases;
    this.mro = [this];
    this.ns = ns;
    this.layout = layout;
    this.builtin = builtin;
    this.hasDict = !builtin;
    this.version = 0;
    this.shapeRoot = null;
  }
  /**
   * Lookup caches of a user class (builtin types are immutable and have short MROs). Any change
   * to the namespace of this class or of a base clears them (`invalidate`), down the subclass tree.
   */
  declare lookupCache: Map<string, Value | null> | null;
  declare dunderCache: Map<string, Value | null> | null;
  declare subclasses: PyType[] | null;
  /** Root of the hidden-class shapes of this class's instance dicts (see attrs.ts). */
  declare shapeRoot: Shape | null;
  /** Bumped by `invalidate`: compiled call sites cache per-type decisions keyed by (type, version). */
  declare version: number;

  /** Look `name` up along the MRO (no descriptor handling). */
  lookup(name: string): Value | undefined {
    if (!this.builtin) {
      let cache = this.lookupCache;
      if (cache === null || cache === undefined) cache = this.lookupCache = new Map();
      const hit = cache.get(name);
      if (hit !== undefined) return hit === null ? undefined : hit;
      const v = this.lookupUncached(name);
      cache.set(name, v === undefined ? null : v);
      return v;
    }
    return this.lookupUncached(name);
  }
  lookupUncached(name: string): Value | undefined {
    const mro = this.mro;
    for (let i = 0; i < mro.length; i++) {
      const v = (mro[i] as PyType).ns.get(name);
      if (v !== undefined) return v;
    }
    return undefined;
  }
  /** Register `sub` as a subclass, so namespace changes here reach its caches. */
  addSubclass(sub: PyType): void {
    (this.subclasses ??= []).push(sub);
  }
  /** Namespace changed: drop this class's caches and those of every subclass. */
  invalidate(): void {
    this.version++;
    this.lookupCache = null;
    this.dunderCache = null;
    const subs = this.subclasses;
    if (subs !== null && subs !== undefined) for (const s of subs) s.invalidate();
  }
  isSubtypeOf(other: PyType): boolean {
    if (this === other) return true;
    const mro = this.mro;
    for (let i = 1; i < mro.length; i++) if (mro[i] === other) return true;
    return false;
  }
}

export type Layout =
  | "object"
  | "type"
  | "int"
  | "bool"
  | "float"
  | "str"
  | "bytes"
  | "bytearray"
  | "list"
  | "tuple"
  | "dict"
  | "set"
  | "frozenset"
  | "exception"
  | "function"
  | "other";

/**
 * An instance of a user subclass of int or str (`class I(int)`, IntEnum members). Python ints and
 * strs are unboxed JS primitives, so a subclass instance is this box: the exact builtin value `v`
 * (never itself boxed) plus the attribute dict. Every fast path tests `typeof` or an exact class
 * first, so boxes only ever reach the slow paths, which try the class's own dunders and then
 * retry on `v` (CPython's inherited int/str slots). Subclasses of float, bytes, bytearray and
 * frozenset need no box: their PyFloat/PyBytes/... object carries the subclass in `cls`.
 */
export class PyBoxed extends PyObject {
  declare readonly v: number | bigint | string;
  constructor(cls: PyType, v: number | bigint | string) {
    super(OWN_FIELDS);
    this.cls = cls;
    this.dict = cls.hasDict || cls.slots !== null ? new AttrDict(cls) : null;
    this.v = v;
  }
}

/** The builtin value inside a boxed int/str subclass instance, or `v` itself. */
export function unbox(v: Value): Value {
  return v instanceof PyBoxed ? v.v : v;
}

export class PyFloat extends PyObject {
  declare readonly v: number;
  constructor(cls: PyType, v: number) {
    super(OWN_FIELDS);
    this.cls = cls;
    this.dict = null;
    this.v = v;
  }
}

export class PyList extends PyObject {
  declare items: Value[];
  constructor(cls: PyType, items: Value[]) {
    super(OWN_FIELDS);
    this.cls = cls;
    // Instances of user subclasses of list carry an attribute dict.
    this.dict = cls.builtin ? null : new AttrDict(cls);
    this.items = items;
  }
}

/**
 * hash(x) of an immutable value whose items all hash the same forever, kept with the Cycles its first
 * computation charged so a later hash charges them again without redoing the work (ops.ts `hash`,
 * cips/metering.md "Hashing"). `undefined` until then.
 */
export interface HashMemo {
  hashMemo: number | bigint | undefined;
  hashWeight: number;
}

export class PyTuple extends PyObject implements HashMemo {
  declare readonly items: readonly Value[];
  declare hashMemo: number | bigint | undefined;
  declare hashWeight: number;
  constructor(cls: PyType, items: readonly Value[]) {
    super(OWN_FIELDS);
    this.cls = cls;
    // Instances of user subclasses carry an attribute dict unless the class declares empty __slots__.
    this.dict = cls.builtin || (cls.slots !== null && cls.slots.length === 0 && !cls.hasDict) ? null : new AttrDict(cls);
    this.items = items;
    this.hashMemo = undefined;
    this.hashWeight = 0;
  }
}

export class PyBytes extends PyObject implements HashMemo {
  readonly b: Uint8Array;
  declare hashMemo: number | bigint | undefined;
  declare hashWeight: number;
  constructor(cls: PyType, b: Uint8Array) {
    super(cls);
    this.b = b;
    this.hashMemo = undefined;
    this.hashWeight = 0;
  }
}

export class PyByteArray extends PyObject {
  b: Uint8Array;
  len: number;
  constructor(cls: PyType, b: Uint8Array) {
    super(cls);
    this.b = b;
    this.len = b.length;
  }
  view(): Uint8Array {
    return this.b.subarray(0, this.len);
  }
}

export class PyRange extends PyObject {
  constructor(
    cls: PyType,
    readonly start: bigint,
    readonly stop: bigint,
    readonly step: bigint,
  ) {
    super(cls);
  }
  get length(): bigint {
    const { start, stop, step } = this;
    if (step > 0n) return stop > start ? (stop - start + step - 1n) / step : 0n;
    return start > stop ? (start - stop - step - 1n) / -step : 0n;
  }
}

/** `X | Y` of types (PEP 604): the union's distinct members in order, None as NoneType. */
export class PyUnion extends PyObject {
  constructor(
    cls: PyType,
    readonly args: readonly Value[],
  ) {
    super(cls);
  }
}

export class PySlice extends PyObject {
  constructor(
    cls: PyType,
    readonly start: Value,
    readonly stop: Value,
    readonly step: Value,
  ) {
    super(cls);
  }
}

/** A cell shared between a scope and the closures that capture one of its variables. */
export class Cell {
  declare v: Value | undefined;
  constructor(v: Value | undefined = undefined) {
    this.v = v;
  }
}

/** A JS-implemented callable (builtin function, or builtin method when `self` is bound). */
export type NativeFn = (rt: Runtime, args: Value[], kw: Map<string, Value> | null) => Value;
export type NewFn = (rt: Runtime, cls: PyType, args: Value[], kw: Map<string, Value> | null) => Value;

export class PyNative extends PyObject {
  readonly name: string;
  readonly fn: NativeFn;
  /** A method descriptor: when found on a type, binds `self` as args[0]. */
  readonly isMethod: boolean;
  /** The builtin type a method descriptor belongs to (for its repr: `<method 'append' of 'list' objects>`). */
  owner: PyType | null = null;
  constructor(cls: PyType, name: string, fn: NativeFn, isMethod: boolean) {
    super(cls);
    this.name = name;
    this.fn = fn;
    this.isMethod = isMethod;
  }
}

export class PyBoundMethod extends PyObject {
  declare readonly func: Value;
  declare readonly self: Value;
  /** What the method was found on: `self`, except a builtin method of an int/str subclass instance, whose `self` is the unboxed value. */
  declare readonly owner: Value;
  constructor(cls: PyType, func: Value, self: Value, owner: Value = self) {
    super(cls);
    this.func = func;
    this.self = self;
    this.owner = owner;
  }
}

/** classmethod, staticmethod and property wrappers. */
export class PyWrapper extends PyObject {
  constructor(
    cls: PyType,
    public fget: Value,
    public fset: Value | null = null,
    public fdel: Value | null = null,
    public doc: Value | null = null,
  ) {
    super(cls);
  }
}
