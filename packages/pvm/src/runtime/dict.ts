// Insertion-ordered hash tables for dict, set and frozenset. Keys that Python compares by value
// and that map to a unique JS primitive (int, bool, str, integral float → the int, other floats →
// the number) are stored directly in a JS Map; other hashable keys (tuples, user objects with
// __hash__/__eq__) go through their Python hash and __eq__ in a side index. 1, 1.0 and True are
// one key, as in Python.
import { AttrDict, type LiveDict } from "./attrs.js";
import type { Runtime } from "./context.js";
import { pyErr } from "./exceptions.js";
import * as I from "./int.js";
import { type HashMemo, PyBoxed, PyBytes, PyFloat, PyObject, type PyType, type Value } from "./object.js";
import { callValue, userDunder } from "./call.js";
import { C } from "./costs.js";
import { eq, hash, itemsRepr, repr, typeOf } from "./ops.js";
import { TextBuilder } from "./strings.js";
import { None, T } from "./types.js";

export class Entry {
  declare k: Value;
  declare v: Value;
  constructor(k: Value, v: Value) {
    this.k = k;
    this.v = v;
  }
}

const HASHED = Symbol("hashed");

/** The entry of `k` in a side-index bucket (one entry, or an array of entries whose hashes collide). */
function inBucket(rt: Runtime, bucket: Entry | Entry[], k: Value): Entry | undefined {
  if (bucket instanceof Entry) return bucket.k === k || eq(rt, bucket.k, k) ? bucket : undefined;
  for (const e of bucket) if (e.k === k || eq(rt, e.k, k)) return e;
  return undefined;
}

/** The direct Map key of `k`, or HASHED when `k` needs its Python hash and __eq__. */
function directKey(k: Value): unknown {
  switch (typeof k) {
    case "string":
    case "number":
    case "bigint":
      return k;
    case "boolean":
      return k ? 1 : 0;
  }
  // A float subclass with its own __hash__ or __eq__ goes through them, as in CPython.
  if (k instanceof PyFloat && (k.cls === T.float || (userDunder(k.cls, "__hash__") === undefined && userDunder(k.cls, "__eq__") === undefined))) {
    const x = k.v;
    if (Number.isInteger(x)) return Number.isSafeInteger(x) ? x + 0 : I.norm(BigInt(x));
    if (Number.isNaN(x)) return k; // NaN is only equal to itself (identity)
    return x; // a non-integral number can never collide with an int key
  }
  const t = k.cls;
  if (t.builtin && t.layout !== "exception") {
    if (t === T.tuple || t === T.frozenset || t === T.bytes || t === T.UnionType) return HASHED;
    if (t === T.list || t === T.dict || t === T.set || t === T.bytearray) throw pyErr("TypeError", `unhashable type: '${t.name}'`);
    return k;
  }
  if (t.lookup("__hash__") === None) throw pyErr("TypeError", `unhashable type: '${t.name}'`);
  if (k instanceof PyBoxed) {
    // An int/str subclass hashing as its value (no __hash__ of its own, or `__hash__ = int.__hash__`)
    // is the same key as the value: I(3) and 3 find each other, as in CPython.
    const h = userDunder(t, "__hash__");
    if (h === undefined || h === (typeof k.v === "string" ? T.str : T.int).ns.get("__hash__")) return k.v;
  }
  if (userDunder(t, "__hash__") === undefined && userDunder(t, "__eq__") === undefined && t.layout !== "tuple") {
    // A bytes or frozenset subclass hashes and compares as its contents.
    if (k instanceof PyBytes || (k instanceof PySet && k.frozen)) return HASHED;
    return k;
  }
  return HASHED;
}

/** Cycles for a new key, `size` keys stored counting it: tableInsert, plus largeTableInsert past 4,096 (cips/metering.md). */
function insertCycles(size: number): number {
  return size > C.largeTableKeys ? C.tableInsert + C.largeTableInsert : C.tableInsert;
}

/** log2 of the smallest large table (4,096 keys). */
const LARGE_LOG2 = 31 - Math.clz32(C.largeTableKeys);

/**
 * largeTableProbe per doubling: a lookup, overwrite or delete in a table of 4,096 keys or more pays
 * it once, twice from 8,192 keys, 5 times from 65,536 (cips/metering.md "Large containers"): each
 * doubling past what the caches hold adds memory traffic to every probe. A new key pays
 * largeTableInsert instead.
 */
function chargeProbe(rt: Runtime, size: number): void {
  if (size >= C.largeTableKeys) rt.charge(C.largeTableProbe * (32 - Math.clz32(size) - LARGE_LOG2));
}

class HashTable {
  declare readonly main: Map<unknown, Entry>;
  /** Hashed keys by Python hash: one Entry, or several when hashes collide (no array per key). */
  declare hashed: Map<number | bigint, Entry | Entry[]> | null;
  /** Bumped on every insertion or deletion, to detect mutation during iteration. */
  declare version: number;
  constructor() {
    this.main = new Map();
    this.hashed = null;
    this.version = 0;
  }

  get size(): number {
    return this.main.size;
  }

  find(rt: Runtime, k: Value): Entry | undefined {
    chargeProbe(rt, this.main.size);
    const d = directKey(k);
    if (d !== HASHED) return this.main.get(d);
    // Hash even when no hashed key is stored: an unhashable key (a tuple holding a list) must
    // raise TypeError on lookup as in CPython, and a user __hash__ runs as it would there.
    const h = hash(rt, k);
    if (this.hashed === null) return undefined;
    const bucket = this.hashed.get(h);
    if (bucket === undefined) return undefined;
    return inBucket(rt, bucket, k);
  }

  /** Insert or overwrite; returns true when a new key was added, which charges tableInsert (cips/metering.md). */
  set(rt: Runtime, k: Value, v: Value): boolean {
    const d = directKey(k);
    if (d !== HASHED) {
      if (!this.setDirect(d, k, v)) {
        chargeProbe(rt, this.main.size);
        return false;
      }
      rt.charge(insertCycles(this.main.size));
      return true;
    }
    const h = hash(rt, k);
    if (this.hashed === null) this.hashed = new Map();
    const bucket = this.hashed.get(h);
    const hit = bucket === undefined ? undefined : inBucket(rt, bucket, k);
    if (hit !== undefined) {
      hit.v = v;
      chargeProbe(rt, this.main.size);
      return false;
    }
    const e = new Entry(k, v);
    if (bucket === undefined) this.hashed.set(h, e);
    else if (bucket instanceof Entry) this.hashed.set(h, [bucket, e]);
    else bucket.push(e);
    this.main.set(e, e);
    this.version++;
    // A hashed key is stored twice (its entry and its hash bucket): past 4,096 keys each large
    // table pays largeTableInsert (cips/metering.md "Large containers").
    const size = this.main.size;
    rt.charge(size > C.largeTableKeys ? C.tableInsert + 2 * C.largeTableInsert : C.tableInsert);
    return true;
  }

  delete(rt: Runtime, k: Value): Entry | undefined {
    chargeProbe(rt, this.main.size);
    const d = directKey(k);
    if (d !== HASHED) {
      const e = this.main.get(d);
      if (e !== undefined) {
        this.main.delete(d);
        this.version++;
      }
      return e;
    }
    const h = hash(rt, k);
    if (this.hashed === null) return undefined;
    const bucket = this.hashed.get(h);
    if (bucket === undefined) return undefined;
    if (bucket instanceof Entry) {
      if (!(bucket.k === k || eq(rt, bucket.k, k))) return undefined;
      this.hashed.delete(h);
      this.main.delete(bucket);
      this.version++;
      return bucket;
    }
    for (let i = 0; i < bucket.length; i++) {
      const e = bucket[i] as Entry;
      if (e.k === k || eq(rt, e.k, k)) {
        bucket.splice(i, 1);
        if (bucket.length === 0) this.hashed.delete(h);
        this.main.delete(e);
        this.version++;
        return e;
      }
    }
    return undefined;
  }

  clear(): void {
    this.main.clear();
    this.hashed = null;
    this.version++;
  }

  entries(): IterableIterator<Entry> {
    return this.main.values();
  }

  /** A str key's entry (str keys are direct: no hashing, no Python code). */
  findStr(k: string): Entry | undefined {
    return this.main.get(k);
  }

  /** Insert or overwrite a str key. */
  setStr(k: string, v: Value): void {
    this.setDirect(k, k, v);
  }

  /** Insert or overwrite under the direct Map key `d` of `k`. */
  private setDirect(d: unknown, k: Value, v: Value): boolean {
    const e = this.main.get(d);
    if (e !== undefined) {
      e.v = v;
      return false;
    }
    this.main.set(d, new Entry(k, v));
    this.version++;
    return true;
  }

  deleteStr(k: string): boolean {
    if (!this.main.delete(k)) return false;
    this.version++;
    return true;
  }

  /** The entries whose key is a str (or a str subclass hashing as one), in insertion order. */
  strEntries(): [string, Value][] {
    const out: [string, Value][] = [];
    for (const [d, e] of this.main) if (typeof d === "string") out.push([d, e.v]);
    return out;
  }

  /** Remove and return the last inserted entry (dict.popitem). */
  popLast(rt: Runtime): Entry | undefined {
    let last: Entry | undefined;
    for (const e of this.main.values()) last = e;
    if (last !== undefined) this.delete(rt, last.k);
    return last;
  }
}

export class PyDict extends PyObject implements LiveDict {
  declare readonly table: HashTable;
  constructor(cls: PyType = T.dict) {
    super(cls, cls === T.dict ? null : new AttrDict(cls));
    this.table = new HashTable();
  }
  // LiveDict: this dict as an object's attribute storage (its `__dict__`).
  getStr(name: string): Value | undefined {
    return this.table.findStr(name)?.v;
  }
  setStr(name: string, v: Value): void {
    this.table.setStr(name, v);
  }
  deleteStr(name: string): boolean {
    return this.table.deleteStr(name);
  }
  strEntries(): [string, Value][] {
    return this.table.strEntries();
  }
  get count(): number {
    return this.table.size;
  }
  get(rt: Runtime, k: Value): Value | undefined {
    return this.table.find(rt, k)?.v;
  }
  set(rt: Runtime, k: Value, v: Value): void {
    if (this.table.set(rt, k, v)) rt.alloc(24);
  }
  copy(rt: Runtime): PyDict {
    const d = new PyDict();
    rt.charge(this.table.size);
    rt.alloc(64 + 24 * this.table.size);
    for (const e of this.table.entries()) d.table.set(rt, e.k, e.v);
    return d;
  }
  update(rt: Runtime, other: PyDict): void {
    rt.charge(other.table.size);
    for (const e of other.table.entries()) this.set(rt, e.k, e.v);
  }
  equals(rt: Runtime, other: PyDict): boolean {
    if (this.table.size !== other.table.size) return false;
    rt.enter(" in comparison");
    try {
      return this.equalsInner(rt, other);
    } finally {
      rt.leave();
    }
  }
  private equalsInner(rt: Runtime, other: PyDict): boolean {
    rt.charge(this.table.size);
    for (const e of this.table.entries()) {
      const o = other.table.find(rt, e.k);
      if (o === undefined || !(o.v === e.v || eq(rt, o.v, e.v))) return false;
    }
    return true;
  }
}

export function dictRepr(rt: Runtime, d: PyDict): string {
  const out = new TextBuilder();
  out.add("{");
  let first = true;
  for (const e of d.table.entries()) {
    if (!first) out.add(", ");
    first = false;
    out.add(repr(rt, e.k));
    out.add(": ");
    out.add(repr(rt, e.v));
  }
  out.add("}");
  return out.text();
}

export class PySet extends PyObject implements HashMemo {
  declare readonly table: HashTable;
  declare readonly frozen: boolean;
  /** A frozenset's hash once computed (object.ts HashMemo); a set is never hashed. */
  declare hashMemo: number | bigint | undefined;
  declare hashWeight: number;
  constructor(cls: PyType, frozen: boolean) {
    super(cls, cls === T.set || cls === T.frozenset ? null : new AttrDict(cls));
    this.table = new HashTable();
    this.frozen = frozen;
    this.hashMemo = undefined;
    this.hashWeight = 0;
  }
  add(rt: Runtime, k: Value): void {
    if (this.table.set(rt, k, k)) rt.alloc(16);
  }
  has(rt: Runtime, k: Value): boolean {
    return this.table.find(rt, k) !== undefined;
  }
  keys(): Value[] {
    const out: Value[] = [];
    for (const e of this.table.entries()) out.push(e.k);
    return out;
  }
  /**
   * The entries to walk in set algebra: the live table when every key is direct (int, str, float, …:
   * no Python code runs while walking, so nothing can change the table), else a snapshot. Saves a
   * large set's copy of its keys; results and Cycles are the same either way.
   */
  private walk(): Iterable<Entry> {
    return this.table.hashed === null ? this.table.entries() : [...this.table.entries()];
  }
  setOp(rt: Runtime, op: "BitOr" | "BitAnd" | "Sub" | "BitXor", other: PySet): PySet {
    const out = new PySet(this.frozen ? T.frozenset : T.set, this.frozen);
    rt.charge(this.table.size + other.table.size);
    switch (op) {
      case "BitOr":
        for (const e of this.walk()) out.add(rt, e.k);
        for (const e of other.walk()) out.add(rt, e.k);
        break;
      case "BitAnd":
        for (const e of this.walk()) if (other.has(rt, e.k)) out.add(rt, e.k);
        break;
      case "Sub":
        for (const e of this.walk()) if (!other.has(rt, e.k)) out.add(rt, e.k);
        break;
      case "BitXor":
        for (const e of this.walk()) if (!other.has(rt, e.k)) out.add(rt, e.k);
        for (const e of other.walk()) if (!this.has(rt, e.k)) out.add(rt, e.k);
        break;
    }
    return out;
  }
  setOpInPlace(rt: Runtime, op: "BitOr" | "BitAnd" | "Sub" | "BitXor", other: PySet): void {
    const r = this.setOp(rt, op, other);
    this.table.clear();
    for (const k of r.keys()) this.table.set(rt, k, k);
  }
  isSubset(rt: Runtime, other: PySet): boolean {
    rt.charge(this.table.size);
    for (const e of this.walk()) if (!other.has(rt, e.k)) return false;
    return true;
  }
  compare(rt: Runtime, other: PySet, op: string): number | undefined {
    const a = this.table.size;
    const b = other.table.size;
    switch (op) {
      case "Eq":
      case "NotEq":
        return a === b && this.isSubset(rt, other) ? 0 : 1;
      case "LtE":
        return this.isSubset(rt, other) ? -1 : 1;
      case "Lt":
        return a < b && this.isSubset(rt, other) ? -1 : 1;
      case "GtE":
        return other.isSubset(rt, this) ? 1 : -1;
      case "Gt":
        return a > b && other.isSubset(rt, this) ? 1 : -1;
    }
    return undefined;
  }
}

/**
 * `{1, 2}`, `frozenset({1, 2})`, `set()`. CPython takes a list of the keys first, then reprs it: a
 * key's __repr__ may change the set. Keys that are JS primitives (int, str, bool) run no Python code,
 * so they are read from the live table; from the first other key on, the rest is copied first.
 */
export function setRepr(rt: Runtime, s: PySet): string {
  const name = s.cls.name;
  if (s.table.size === 0) return `${name}()`;
  const plain = !s.frozen && s.cls === T.set;
  const out = new TextBuilder();
  out.add(plain ? "{" : `${name}({`);
  const it = s.table.entries();
  let r = it.next();
  let shown = 0;
  for (; r.done !== true && typeof r.value.k !== "object"; r = it.next()) {
    if (shown++ > 0) out.add(", ");
    out.add(repr(rt, r.value.k));
  }
  if (r.done !== true) {
    const rest: Value[] = [];
    for (; r.done !== true; r = it.next()) rest.push(r.value.k);
    out.add(itemsRepr(rt, rest, shown > 0 ? ", " : "", ""));
  }
  out.add(plain ? "}" : "})");
  return out.text();
}

export { callValue, typeOf };
