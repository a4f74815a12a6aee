import type { PyType, Value } from "./object.js";

// Instance attribute dicts with hidden-class shapes (not consensus: only Python behaviour is).
//
// Objects of one class nearly always get the same attributes in the same order (`__init__`), so
// an instance keeps its values in an array and points at a shared `Shape` naming the keys in
// insertion order. Adding a key moves the dict to the next shape along a transition tree rooted
// at its class; compiled attribute sites cache (shape → index) and read or write the array
// directly instead of hashing the name. A delete, more than MAX_KEYS keys, or a tree that has
// grown past MAX_SHAPES (names made up at run time through setattr) turns that dict into a plain
// Map for good: the same behaviour, just without the fast path, and host memory stays bounded.
// Reading `obj.__dict__` hands the attributes to a real Python dict that stays the storage.

const MAX_KEYS = 64;
const MAX_SHAPES = 1024;
/** Below this many keys a linear scan beats hashing (the names are mostly interned literals). */
const SCAN = 8;

export class Shape {
  readonly keys: readonly string[];
  private readonly tree: { count: number };
  private index: Map<string, number> | null = null;
  private next: Map<string, Shape> | null = null;
  constructor(keys: readonly string[], tree: { count: number }) {
    this.keys = keys;
    this.tree = tree;
  }

  /** Position of `name` in this shape's values, or -1. */
  indexOf(name: string): number {
    const keys = this.keys;
    const n = keys.length;
    if (n <= SCAN) {
      for (let i = 0; i < n; i++) if (keys[i] === name) return i;
      return -1;
    }
    let ix = this.index;
    if (ix === null) {
      ix = this.index = new Map();
      for (let i = 0; i < n; i++) ix.set(keys[i] as string, i);
    }
    return ix.get(name) ?? -1;
  }

  /** The shape with `name` appended (shared by every dict taking that step), or null when full. */
  with(name: string): Shape | null {
    const hit = this.next?.get(name);
    if (hit !== undefined) return hit;
    if (this.keys.length >= MAX_KEYS || this.tree.count >= MAX_SHAPES) return null;
    this.tree.count++;
    const s = new Shape([...this.keys, name], this.tree);
    (this.next ??= new Map()).set(name, s);
    return s;
  }
}

/** A shape no dict ever has: the initial value of inline caches keyed by shape. */
export const NO_SHAPE = new Shape([], { count: MAX_SHAPES });

function rootOf(cls: PyType): Shape {
  let r = cls.shapeRoot;
  if (r === null) r = cls.shapeRoot = new Shape([], { count: 0 });
  return r;
}

/**
 * The Python dict an object's `__dict__` returned (PyDict implements this over its hash table):
 * from then on the object's attributes live there, so both views always agree. Attribute access
 * only ever sees its str keys.
 */
export interface LiveDict {
  getStr(name: string): Value | undefined;
  setStr(name: string, v: Value): void;
  deleteStr(name: string): boolean;
  strEntries(): [string, Value][];
  readonly count: number;
}

/**
 * The attribute storage of an instance, function or exception: an insertion-ordered string-keyed
 * map (the subset of the Map interface the interpreter uses). Shaped while `shape` is not null
 * (`vals[i]` holds `shape.keys[i]`); else a Map in `map`; else, once Python code has asked for
 * `__dict__`, the dict in `live`.
 */
export class AttrDict {
  shape: Shape | null;
  vals: Value[];
  map: Map<string, Value> | null;
  live: LiveDict | null;
  constructor(cls: PyType) {
    this.shape = rootOf(cls);
    this.vals = [];
    this.map = null;
    this.live = null;
  }

  get size(): number {
    if (this.shape !== null) return this.vals.length;
    return this.map !== null ? this.map.size : (this.live as LiveDict).count;
  }

  get(name: string): Value | undefined {
    const sh = this.shape;
    if (sh === null) return this.map !== null ? this.map.get(name) : (this.live as LiveDict).getStr(name);
    const i = sh.indexOf(name);
    return i < 0 ? undefined : this.vals[i];
  }

  has(name: string): boolean {
    const sh = this.shape;
    if (sh !== null) return sh.indexOf(name) >= 0;
    return this.map !== null ? this.map.has(name) : (this.live as LiveDict).getStr(name) !== undefined;
  }

  set(name: string, v: Value): void {
    const sh = this.shape;
    if (sh !== null) {
      const i = sh.indexOf(name);
      if (i >= 0) {
        this.vals[i] = v;
        return;
      }
      const next = sh.with(name);
      if (next !== null) {
        this.vals.push(v);
        this.shape = next;
        return;
      }
      this.toMap();
    }
    if (this.map !== null) this.map.set(name, v);
    else (this.live as LiveDict).setStr(name, v);
  }

  delete(name: string): boolean {
    const sh = this.shape;
    if (sh !== null) {
      if (sh.indexOf(name) < 0) return false;
      this.toMap();
    }
    return this.map !== null ? this.map.delete(name) : (this.live as LiveDict).deleteStr(name);
  }

  /** A snapshot of the entries in insertion order. */
  entries(): [string, Value][] {
    const sh = this.shape;
    if (sh === null) return this.map !== null ? [...this.map] : (this.live as LiveDict).strEntries();
    const vals = this.vals;
    return sh.keys.map((k, i) => [k, vals[i] as Value]);
  }

  keys(): string[] {
    return this.entries().map((e) => e[0]);
  }

  /**
   * Make `d` the storage: with `keep`, the current attributes move into it first (`__dict__`'s
   * first read); without, they are dropped (`obj.__dict__ = d`).
   */
  adopt(d: LiveDict, keep: boolean): void {
    if (keep) for (const [k, v] of this.entries()) d.setStr(k, v);
    this.shape = null;
    this.vals = [];
    this.map = null;
    this.live = d;
  }

  [Symbol.iterator](): IterableIterator<[string, Value]> {
    return this.entries()[Symbol.iterator]();
  }

  /** Leave the shaped mode for a Map (a delete, or a full shape tree). */
  private toMap(): void {
    const m = new Map<string, Value>();
    const keys = (this.shape as Shape).keys;
    for (let i = 0; i < keys.length; i++) m.set(keys[i] as string, this.vals[i] as Value);
    this.map = m;
    this.shape = null;
    this.vals = [];
  }
}
