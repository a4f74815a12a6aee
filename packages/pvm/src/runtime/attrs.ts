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
 * The `__dict__` storage of an instance, function or exception: an insertion-ordered string-keyed
 * map (the subset of the Map interface the interpreter uses). Shaped while `shape` is not null
 * (`vals[i]` holds `shape.keys[i]`), else a Map in `map`.
 */
export class AttrDict {
  shape: Shape | null;
  vals: Value[];
  map: Map<string, Value> | null;
  constructor(cls: PyType) {
    this.shape = rootOf(cls);
    this.vals = [];
    this.map = null;
  }

  get size(): number {
    return this.shape !== null ? this.vals.length : (this.map as Map<string, Value>).size;
  }

  get(name: string): Value | undefined {
    const sh = this.shape;
    if (sh === null) return (this.map as Map<string, Value>).get(name);
    const i = sh.indexOf(name);
    return i < 0 ? undefined : this.vals[i];
  }

  has(name: string): boolean {
    const sh = this.shape;
    return sh === null ? (this.map as Map<string, Value>).has(name) : sh.indexOf(name) >= 0;
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
    (this.map as Map<string, Value>).set(name, v);
  }

  delete(name: string): boolean {
    const sh = this.shape;
    if (sh !== null) {
      if (sh.indexOf(name) < 0) return false;
      this.toMap();
    }
    return (this.map as Map<string, Value>).delete(name);
  }

  /** A snapshot of the entries in insertion order. */
  entries(): [string, Value][] {
    const sh = this.shape;
    if (sh === null) return [...(this.map as Map<string, Value>)];
    const vals = this.vals;
    return sh.keys.map((k, i) => [k, vals[i] as Value]);
  }

  keys(): string[] {
    const sh = this.shape;
    return sh === null ? [...(this.map as Map<string, Value>).keys()] : [...sh.keys];
  }

  [Symbol.iterator](): IterableIterator<[string, Value]> {
    return this.entries()[Symbol.iterator]();
  }

  private toMap(): void {
    const m = new Map<string, Value>();
    const keys = (this.shape as Shape).keys;
    for (let i = 0; i < keys.length; i++) m.set(keys[i] as string, this.vals[i] as Value);
    this.map = m;
    this.shape = null;
    this.vals = [];
  }
}
