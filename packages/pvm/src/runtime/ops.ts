// The data model's core operations: type of a value, truth, repr/str, equality, hashing,
// comparisons and arithmetic. Builtin types are handled directly; user classes through their
// dunder methods (looked up on the type, as CPython does).
import { PyGenerator } from "./function.js";
import type { Runtime } from "./context.js";
import { E, PyBaseException, pyErr } from "./exceptions.js";
import { percentFormat } from "./percent-format.js";
import { iterToArray, PyDictView } from "./iter.js";
import { N, num } from "./numeric.js";
import * as I from "./int.js";
import {
  unbox,
  PyBoundMethod,
  PyBoxed,
  PyByteArray,
  PyNative,
  PyBytes,
  PyFloat,
  PyList,
  type PyObject,
  PyRange,
  PySlice,
  PyTuple,
  type HashMemo,
  type PyType,
  PyType as PyTypeClass,
  PyUnion,
  type Value,
} from "./object.js";
import { TextBuilder, bytesRepr, cmpStr, strRepr } from "./strings.js";
import { C } from "./costs.js";
import { Ellipsis, None, NotImplemented, T } from "./types.js";
import { call2, callValue, userDunder } from "./call.js";
import { PyFunction } from "./function.js";
import { PyDict, PySet, dictRepr, setRepr } from "./dict.js";

export function typeOf(v: Value): PyType {
  switch (typeof v) {
    case "number":
    case "bigint":
      return T.int;
    case "string":
      return T.str;
    case "boolean":
      return T.bool;
    default:
      return v.cls;
  }
}

export function typeName(v: Value): string {
  return typeOf(v).name;
}

export function float(v: number): PyFloat {
  return new PyFloat(T.float, v);
}
export function tuple(items: readonly Value[]): PyTuple {
  return new PyTuple(T.tuple, items);
}
export function list(items: Value[]): PyList {
  return new PyList(T.list, items);
}
export function bool(b: boolean): boolean {
  return b;
}

export function isInt(v: Value): v is number | bigint {
  return typeof v === "number" || typeof v === "bigint";
}

/** An int value from int or bool (not float). */
export function asInt(v: Value): I.Int | undefined {
  if (typeof v === "number" || typeof v === "bigint") return v;
  if (typeof v === "boolean") return v ? 1 : 0;
  // An int subclass instance is accepted wherever an int is (CPython's PyLong_Check).
  if (v instanceof PyBoxed && typeof v.v !== "string") return v.v;
  return undefined;
}

/** Numeric value as a JS float for mixed arithmetic, or undefined if not int/bool/float. */
function asFloat(v: Value): number | undefined {
  if (typeof v === "number") return v;
  if (v instanceof PyFloat) return v.v;
  if (typeof v === "boolean") return v ? 1 : 0;
  if (typeof v === "bigint") return I.intToFloat(v);
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// truth, repr, str

export function truthy(rt: Runtime, v: Value): boolean {
  switch (typeof v) {
    case "boolean":
      return v;
    case "number":
      return v !== 0;
    case "string":
      return v.length !== 0;
    case "bigint":
      return v !== 0n;
  }
  if (v === None) return false;
  if (v instanceof PyList) return v.items.length !== 0;
  if (v.cls.builtin) return layoutTruth(v);
  const b = userDunder(v.cls, "__bool__");
  if (b !== undefined) {
    const r = callValue(rt, b, [v], null);
    if (typeof r !== "boolean") throw pyErr("TypeError", `__bool__ should return bool, returned ${typeName(r)}`);
    return r;
  }
  const l = userDunder(v.cls, "__len__");
  if (l !== undefined) return truthy(rt, callValue(rt, l, [v], null));
  // A user subclass of a builtin without __bool__/__len__ is judged by its builtin layout.
  return layoutTruth(v);
}

/** Truth of a builtin layout (the object itself or the builtin part of a user subclass). */
function layoutTruth(v: PyObject): boolean {
  if (v instanceof PyFloat) return v.v !== 0;
  if (v instanceof PyTuple) return v.items.length !== 0;
  if (v instanceof PyDict) return v.table.size !== 0;
  if (v instanceof PySet) return v.table.size !== 0;
  if (v instanceof PyBytes) return v.b.length !== 0;
  if (v instanceof PyByteArray) return v.len !== 0;
  if (v instanceof PyRange) return v.length !== 0n;
  if (v instanceof PyBoxed) return v.v !== 0 && v.v !== 0n && v.v !== "";
  return true;
}

export function intStr(v: I.Int): string {
  return typeof v === "number" ? String(v) : v.toString();
}

export function floatRepr(x: number): string {
  return N.floatRepr(x);
}

export function repr(rt: Runtime, v: Value): string {
  switch (typeof v) {
    case "number":
      return String(v);
    case "bigint": {
      // Converting a big int to decimal is a string operation over its digits.
      const s = v.toString();
      rt.charge(s.length);
      return s;
    }
    case "string":
      rt.charge(v.length);
      return strRepr(v);
    case "boolean":
      return v ? "True" : "False";
  }
  if (!v.cls.builtin || v.cls.layout === "exception") {
    const f = userDunder(v.cls, "__repr__");
    if (f !== undefined) return expectStr(callValue(rt, f, [v], null), "__repr__");
  }
  return builtinRepr(rt, v);
}

function charged(rt: Runtime, text: string): string {
  rt.charge(text.length);
  return text;
}

function expectStr(r: Value, what: string): string {
  if (typeof r !== "string") throw pyErr("TypeError", `${what} returned non-string (type ${typeName(r)})`);
  return r;
}

/** Guard against infinite recursion in self-containing containers: `[...]`. */
function reprContainer(rt: Runtime, v: PyObject, empty: string, f: () => string): string {
  const active = rt.reprActive;
  if (active.has(v)) return empty;
  rt.enter(" while getting the repr of an object");
  active.add(v);
  try {
    // Building a container's repr is a string operation: 1 Cycle per character produced.
    const out = f();
    rt.charge(out.length);
    rt.alloc(out.length);
    return out;
  } finally {
    active.delete(v);
    rt.leave();
  }
}

/**
 * `open` + the items' reprs joined by ", " + `close`. The length is read on every step, as CPython's
 * list repr does: an item's __repr__ may shrink or grow the list.
 */
export function itemsRepr(rt: Runtime, items: readonly Value[], open: string, close: string): string {
  const out = new TextBuilder();
  out.add(open);
  for (let i = 0; i < items.length; i++) {
    if (i > 0) out.add(", ");
    out.add(repr(rt, items[i] as Value));
  }
  out.add(close);
  return out.text();
}

function builtinRepr(rt: Runtime, v: PyObject): string {
  if (v instanceof PyFloat) return floatRepr(v.v);
  if (v instanceof PyBoxed) return repr(rt, v.v);
  if (v === None) return "None";
  if (v === NotImplemented) return "NotImplemented";
  if (v === Ellipsis) return "Ellipsis";
  if (v instanceof PyList) return reprContainer(rt, v, "[...]", () => itemsRepr(rt, v.items, "[", "]"));
  if (v instanceof PyTuple) {
    if (v.items.length === 1) return reprContainer(rt, v, "(...)", () => `(${repr(rt, v.items[0] as Value)},)`);
    return reprContainer(rt, v, "(...)", () => itemsRepr(rt, v.items, "(", ")"));
  }
  if (v instanceof PyDict) return reprContainer(rt, v, "{...}", () => dictRepr(rt, v));
  if (v instanceof PySet) return reprContainer(rt, v, "set(...)", () => setRepr(rt, v));
  // The text a bytes repr produces is charged per character, as a str's (stringPerChar).
  if (v instanceof PyBytes) return charged(rt, bytesRepr(v.b));
  if (v instanceof PyByteArray) return charged(rt, `${v.cls.name}(${bytesRepr(v.view())})`);
  if (v instanceof PySlice) return `slice(${repr(rt, v.start)}, ${repr(rt, v.stop)}, ${repr(rt, v.step)})`;
  if (v instanceof PyUnion) return v.args.map((a) => unionMemberRepr(rt, a)).join(" | ");
  if (v instanceof PyRange) return v.step === 1n ? `range(${v.start}, ${v.stop})` : `range(${v.start}, ${v.stop}, ${v.step})`;
  if (v instanceof PyBaseException) {
    const name = v.cls.name;
    if (v.args.length === 1) return `${name}(${repr(rt, v.args[0] as Value)})`;
    return `${name}(${v.args.map((x) => repr(rt, x)).join(", ")})`;
  }
  if (v instanceof PyFunction) return `<function ${v.qualname} at ${addressOf(rt, v)}>`;
  if (v instanceof PyNative) return nativeRepr(v);
  if (v instanceof PyBoundMethod) return boundRepr(rt, v);
  return describe(rt, v);
}

// Dunders that CPython exposes as plain methods rather than slot wrappers.
const METHOD_DUNDERS = new Set([
  "__format__",
  "__reduce__",
  "__reduce_ex__",
  "__sizeof__",
  "__dir__",
  "__getnewargs__",
  "__round__",
  "__trunc__",
  "__floor__",
  "__ceil__",
  "__class_getitem__",
  "__init_subclass__",
  "__subclasshook__",
  "__getstate__",
  "__reversed__",
]);

/** `<built-in function len>`, `<method 'append' of 'list' objects>`, `<slot wrapper '__add__' of 'int' objects>`. */
function nativeRepr(v: PyNative): string {
  const owner = v.owner;
  if (!v.isMethod || owner === null) return `<built-in function ${v.name}>`;
  const dunder = v.name.length > 4 && v.name.startsWith("__") && v.name.endsWith("__");
  const kind = dunder && !METHOD_DUNDERS.has(v.name) && !((owner.layout === "list" || owner.layout === "dict") && v.name === "__getitem__") ? "slot wrapper" : "method";
  return `<${kind} '${v.name}' of '${owner.name}' objects>`;
}

/** `<bound method A.f of <__main__.A object at 0x…>>`, `<built-in method append of list object at 0x…>`. */
function boundRepr(rt: Runtime, m: PyBoundMethod): string {
  const f = m.func;
  if (f instanceof PyNative) return `<built-in method ${f.name} of ${typeName(m.owner)} object at ${addressOf(rt, m.owner)}>`;
  rt.enter(" while getting the repr of an object");
  try {
    const name = f instanceof PyFunction ? f.qualname : repr(rt, f);
    return `<bound method ${name} of ${repr(rt, m.self)}>`;
  } finally {
    rt.leave();
  }
}

/**
 * The deterministic `0x…` address the PVM prints for an object (never a host address): its
 * allocation-order id; an unboxed int/str has no identity, so its hash stands in (as for id()).
 */
export function addressOf(rt: Runtime, v: Value): string {
  const n = typeof v === "object" ? BigInt(rt.idOf(v) * 16) : BigInt.asUintN(48, BigInt(hash(rt, v)) * 16n);
  return `0x${n.toString(16).padStart(12, "0")}`;
}

export function str(rt: Runtime, v: Value): string {
  switch (typeof v) {
    case "string":
      return v;
    case "number":
      return String(v);
    case "bigint": {
      const s = v.toString();
      rt.charge(s.length);
      return s;
    }
    case "boolean":
      return v ? "True" : "False";
  }
  if (!v.cls.builtin || v.cls.layout === "exception") {
    const f = userDunder(v.cls, "__str__");
    if (f !== undefined) return expectStr(callValue(rt, f, [v], null), "__str__");
    // str has its own __str__ (the value itself), so a str subclass's __repr__ does not reach str().
    if (v instanceof PyBoxed && typeof v.v === "string") return v.v;
    if (v instanceof PyBytes || v instanceof PyByteArray) return builtinRepr(rt, v);
    const r = userDunder(v.cls, "__repr__");
    if (r !== undefined && !(v instanceof PyBaseException)) return expectStr(callValue(rt, r, [v], null), "__repr__");
    if (v instanceof PyBoxed) return str(rt, v.v);
  }
  if (v instanceof PyBaseException) {
    if (v.args.length === 0) return "";
    if (v.args.length === 1) {
      const a = v.args[0] as Value;
      return v.cls === E.KeyError || v.cls.isSubtypeOf(E.KeyError) ? repr(rt, a) : str(rt, a);
    }
    return repr(rt, tuple(v.args));
  }
  return builtinRepr(rt, v);
}

// ---------------------------------------------------------------------------------------------
// PEP 604 unions: `int | None`

function unionable(v: Value): boolean {
  return v === None || v instanceof PyTypeClass || v instanceof PyUnion;
}

/** `a | b` of types, None and unions: the distinct members in order (a single member is itself). */
function unionOf(a: Value, b: Value): Value {
  const args: Value[] = [];
  const add = (v: Value): void => {
    if (v instanceof PyUnion) for (const x of v.args) add(x);
    else {
      const m = v === None ? T.NoneType : v;
      if (!args.includes(m)) args.push(m);
    }
  };
  add(a);
  add(b);
  return args.length === 1 ? (args[0] as Value) : new PyUnion(T.UnionType, args);
}

/** A member as CPython prints it inside a union: builtins bare, others module-qualified, None. */
function unionMemberRepr(rt: Runtime, v: Value): string {
  if (v === T.NoneType) return "None";
  if (v instanceof PyTypeClass) return v.module === "builtins" ? v.qualname : `${v.module}.${v.qualname}`;
  return repr(rt, v);
}

// ---------------------------------------------------------------------------------------------
// equality and hashing

/**
 * `a == b` for two str: equal lengths of a full compare chunk or more charge compareBytes (the
 * contents are scanned); different lengths are unequal at once and charge nothing.
 */
export function strEq(rt: Runtime, a: string, b: string): boolean {
  if (a.length === b.length && a.length >= COMPARE_FREE) rt.charge(C.compareUnits(a.length));
  return a === b;
}

export function eq(rt: Runtime, a: Value, b: Value): boolean {
  if (typeof a === "string" && typeof b === "string") return strEq(rt, a, b);
  if (a === b) return !(a instanceof PyFloat && Number.isNaN(a.v));
  const ta = typeof a;
  const tb = typeof b;
  if ((ta === "string" || tb === "string") && ta !== "object" && tb !== "object") return false; // a !== b already
  if ((ta === "number" || ta === "bigint" || ta === "boolean") && (tb === "number" || tb === "bigint" || tb === "boolean")) {
    return I.intCmp(asInt(a) as I.Int, asInt(b) as I.Int) === 0;
  }
  const r = richCompare(rt, "Eq", a, b);
  return typeof r === "boolean" ? r : truthy(rt, r);
}

const HASH_MOD = 2n ** 61n - 1n;

/** CPython's hash for ints (modulus 2**61 - 1), as a bigint-free number when it fits. */
export function hashInt(v: I.Int): number | bigint {
  if (typeof v === "number" && Math.abs(v) < 2 ** 52) return v === -1 ? -2 : v;
  const b = I.big(v);
  const neg = b < 0n;
  let h = (neg ? -b : b) % HASH_MOD;
  if (neg) h = -h;
  if (h === -1n) h = -2n;
  return I.norm(h);
}

// CPython's slot_tp_hash keeps a __hash__ result that fits in a signed 64-bit word as is (-1
// becomes -2) and only reduces larger ints with the int hash.
function userHashResult(n: I.Int): number | bigint {
  if (typeof n === "number") return n === -1 ? -2 : n;
  if (n >= -(2n ** 63n) && n < 2n ** 63n) return I.norm(n);
  return hashInt(n);
}

export function hashFloat(x: number): number | bigint {
  return I.norm(N.hashFloat(x));
}

/** CPython's str hash with PYTHONHASHSEED=0 (SipHash-1-3, key 0). Never affects ordering. */
export function hashStr(s: string): number | bigint {
  return I.norm(N.hashStr(s));
}

export function hash(rt: Runtime, v: Value): number | bigint {
  switch (typeof v) {
    case "number":
    case "bigint":
      return hashInt(v);
    case "boolean":
      return v ? 1 : 0;
    case "string":
      rt.charge(C.hashBytes(v.length));
      return hashStr(v);
  }
  if (v instanceof PyFloat && v.cls === T.float) return hashFloat(v.v);
  if (!v.cls.builtin || v.cls.layout === "exception") {
    const h = v.cls.lookup("__hash__");
    if (h === None) throw pyErr("TypeError", `unhashable type: '${v.cls.name}'`);
    const f = userDunder(v.cls, "__hash__");
    if (f !== undefined) {
      const r = callValue(rt, f, [v], null);
      const n = asInt(r);
      if (n === undefined) throw pyErr("TypeError", "__hash__ method should return an integer");
      return userHashResult(n);
    }
    if (userDunder(v.cls, "__eq__") !== undefined) throw pyErr("TypeError", `unhashable type: '${v.cls.name}'`);
    if (v instanceof PyBoxed) return hash(rt, v.v);
    if (v instanceof PyFloat) return hashFloat(v.v);
  }
  if (v instanceof PyTuple) {
    if (v.hashMemo !== undefined) return replayHash(rt, v);
    rt.enter(" while calling a Python object");
    try {
      return hashTuple(rt, v);
    } finally {
      rt.leave();
    }
  }
  if (v instanceof PyList || v instanceof PyDict || (v instanceof PySet && !v.frozen) || v instanceof PyByteArray) {
    throw pyErr("TypeError", `unhashable type: '${v.cls.name}'`);
  }
  if (v instanceof PyUnion) {
    let h = 0x55;
    for (const m of v.args) h = (h ^ Number(BigInt.asIntN(32, BigInt(hash(rt, m))))) | 0;
    return h;
  }
  if (v instanceof PySet) {
    if (v.hashMemo !== undefined) return replayHash(rt, v);
    const start = rt.cyclesUsed;
    rt.charge(C.elem * v.table.size);
    let h = 0;
    let fixed = true;
    for (const e of v.table.entries()) {
      const x = e.k;
      h = (h ^ Number(BigInt.asIntN(32, BigInt(hash(rt, x))))) | 0;
      if (fixed && !hashIsFixed(x)) fixed = false;
    }
    if (fixed) memoHash(v, h, rt.cyclesUsed - start);
    return h;
  }
  if (v instanceof PyBytes) {
    if (v.hashMemo !== undefined) return replayHash(rt, v);
    const w = C.hashBytes(v.b.length);
    rt.charge(w);
    return memoHash(v, I.norm(N.hashBytes(v.b)), w);
  }
  return rt.idOf(v) * 16;
}

// Hashing charges its work (cips/metering.md "Hashing"): a tuple or frozenset one Cycle per item plus
// its items' own hashes, a str or bytes per started 2 characters or bytes. An immutable value whose items all hash
// the same forever keeps its hash and the Cycles that first computation charged (object.ts HashMemo):
// a repeat charges the same Cycles without redoing the work, so the memo is never observable.

function replayHash(rt: Runtime, v: HashMemo): number | bigint {
  rt.charge(v.hashWeight);
  return v.hashMemo as number | bigint;
}

function memoHash(v: HashMemo, h: number | bigint, weight: number): number | bigint {
  v.hashMemo = h;
  v.hashWeight = weight;
  return h;
}

/** Whether `x`'s hash is the same on every later call and runs no Python code. */
function hashIsFixed(x: Value): boolean {
  if (typeof x !== "object") return true;
  if (!x.cls.builtin) return false;
  if (x instanceof PyTuple || x instanceof PySet || x instanceof PyBytes) return x.hashMemo !== undefined;
  return x instanceof PyFloat;
}

/** CPython's tuple hash (xxHash-derived, 64-bit). */
function hashTuple(rt: Runtime, t: PyTuple): number | bigint {
  const items = t.items;
  const start = rt.cyclesUsed;
  rt.charge(C.elem * items.length);
  const hashes: (number | bigint)[] = new Array(items.length);
  let fixed = true;
  for (let i = 0; i < items.length; i++) {
    const x = items[i] as Value;
    hashes[i] = hash(rt, x);
    if (fixed && !hashIsFixed(x)) fixed = false;
  }
  const r = N.hashTupleOf(hashes);
  const h = typeof r === "number" ? r : I.norm(r);
  return fixed ? memoHash(t, h, rt.cyclesUsed - start) : h;
}

// ---------------------------------------------------------------------------------------------
// comparisons

export type CmpOp = "Eq" | "NotEq" | "Lt" | "LtE" | "Gt" | "GtE";
const REFLECT: Record<CmpOp, CmpOp> = { Eq: "Eq", NotEq: "NotEq", Lt: "Gt", LtE: "GtE", Gt: "Lt", GtE: "LtE" };
const DUNDER: Record<CmpOp, string> = { Eq: "__eq__", NotEq: "__ne__", Lt: "__lt__", LtE: "__le__", Gt: "__gt__", GtE: "__ge__" };
const SYMBOL: Record<CmpOp, string> = { Eq: "==", NotEq: "!=", Lt: "<", LtE: "<=", Gt: ">", GtE: ">=" };

function cmpResult(op: CmpOp, c: number): boolean {
  switch (op) {
    case "Eq":
      return c === 0;
    case "NotEq":
      return c !== 0;
    case "Lt":
      return c < 0;
    case "LtE":
      return c <= 0;
    case "Gt":
      return c > 0;
    case "GtE":
      return c >= 0;
  }
}

/** Exact comparison of an int with a float (CPython compares exactly, not via conversion). */
function cmpIntFloat(a: I.Int, x: number): number {
  if (Number.isNaN(x)) return NaN;
  if (x === Infinity) return -1;
  if (x === -Infinity) return 1;
  if (typeof a === "number") return a < x ? -1 : a > x ? 1 : 0;
  const fl = Math.floor(x);
  const c = I.intCmp(a, I.norm(BigInt(fl)));
  if (c !== 0) return c;
  return fl === x ? 0 : -1;
}

/** Compare two builtin values; returns NaN when the comparison is "unordered", undefined if unsupported. */
function builtinCmp(rt: Runtime, a: Value, b: Value, op: CmpOp): number | undefined {
  const ia = asInt(a);
  const ib = asInt(b);
  if (ia !== undefined && ib !== undefined) return I.intCmp(ia, ib);
  if (typeof a === "string" && typeof b === "string") {
    if (op === "Eq" || op === "NotEq") return strEq(rt, a, b) ? 0 : 1;
    rt.charge(C.compareUnits(a.length < b.length ? a.length : b.length));
    return cmpStr(a, b);
  }
  if (a instanceof PyFloat || b instanceof PyFloat) {
    if (a instanceof PyFloat && b instanceof PyFloat) return a.v < b.v ? -1 : a.v > b.v ? 1 : a.v === b.v ? 0 : NaN;
    if (a instanceof PyFloat && ib !== undefined) return -cmpIntFloat(ib, a.v);
    if (b instanceof PyFloat && ia !== undefined) return cmpIntFloat(ia, b.v);
    return undefined;
  }
  if (a instanceof PyList && b instanceof PyList) return seqCmp(rt, a.items, b.items, op);
  if (a instanceof PyTuple && b instanceof PyTuple) return seqCmp(rt, a.items, b.items, op);
  if ((a instanceof PyBytes || a instanceof PyByteArray) && (b instanceof PyBytes || b instanceof PyByteArray)) {
    const x = a instanceof PyBytes ? a.b : a.view();
    const y = b instanceof PyBytes ? b.b : b.view();
    const n = Math.min(x.length, y.length);
    rt.charge(C.compareUnits(n));
    for (let i = 0; i < n; i++) if (x[i] !== y[i]) return (x[i] as number) - (y[i] as number);
    return x.length - y.length;
  }
  if (op === "Eq" || op === "NotEq") {
    if (a instanceof PyDict && b instanceof PyDict) return a.equals(rt, b) ? 0 : 1;
    if (a instanceof PyRange && b instanceof PyRange) return rangeEq(a, b) ? 0 : 1;
  }
  if (a instanceof PySet && b instanceof PySet) return a.compare(rt, b, op);
  return undefined;
}

function rangeEq(a: PyRange, b: PyRange): boolean {
  const la = a.length;
  if (la !== b.length) return false;
  if (la === 0n) return true;
  if (a.start !== b.start) return false;
  return la === 1n || a.step === b.step;
}

function seqCmp(rt: Runtime, x: readonly Value[], y: readonly Value[], op: CmpOp): number {
  rt.enter(" in comparison");
  try {
    return seqCmpInner(rt, x, y, op);
  } finally {
    rt.leave();
  }
}

function seqCmpInner(rt: Runtime, x: readonly Value[], y: readonly Value[], op: CmpOp): number {
  const n = Math.min(x.length, y.length);
  rt.charge(n);
  if ((op === "Eq" || op === "NotEq") && x.length !== y.length) return 1;
  for (let i = 0; i < n; i++) {
    const p = x[i] as Value;
    const q = y[i] as Value;
    if (p === q) continue;
    // Distinct small ints and distinct strs, charged as eq and richCompare below would charge them.
    if (typeof p === "number" && typeof q === "number") {
      if (op === "Eq" || op === "NotEq") return 1;
      return p < q ? -1 : 1;
    }
    if (typeof p === "string" && typeof q === "string") {
      strEq(rt, p, q);
      if (op === "Eq" || op === "NotEq") return 1;
      rt.charge(C.compareUnits(p.length < q.length ? p.length : q.length));
      return cmpStr(p, q) < 0 ? -1 : 1;
    }
    if (eq(rt, p, q)) continue;
    if (op === "Eq" || op === "NotEq") return 1;
    return truthy(rt, richCompare(rt, "Lt", p, q)) ? -1 : 1;
  }
  return x.length - y.length;
}

export function richCompare(rt: Runtime, op: CmpOp, a: Value, b: Value): Value {
  const ta = typeOf(a);
  const tb = typeOf(b);
  const userA = !ta.builtin || ta.layout === "exception";
  const userB = !tb.builtin || tb.layout === "exception";
  if (userA || userB) {
    // A subclass on the right that overrides the reflected method goes first (CPython rule).
    const rightFirst = userB && tb !== ta && tb.isSubtypeOf(ta);
    const tryOne = (x: Value, tx: PyType, y: Value, o: CmpOp): Value => {
      const f = userDunder(tx, DUNDER[o]);
      return f === undefined ? NotImplemented : call2(rt, f, x, y);
    };
    let r: Value = NotImplemented;
    if (rightFirst) r = tryOne(b, tb, a, REFLECT[op]);
    if (r === NotImplemented && userA) r = tryOne(a, ta, b, op);
    if (r === NotImplemented && !rightFirst && userB) r = tryOne(b, tb, a, REFLECT[op]);
    if (r !== NotImplemented) return r;
    if (op === "NotEq" && userA) {
      const f = userDunder(ta, "__eq__");
      if (f !== undefined) {
        const e = call2(rt, f, a, b);
        if (e !== NotImplemented) return !truthy(rt, e);
      }
    }
  }
  if (a instanceof PyUnion && b instanceof PyUnion && (op === "Eq" || op === "NotEq")) {
    const same = a.args.length === b.args.length && a.args.every((x) => b.args.includes(x));
    return op === "Eq" ? same : !same;
  }
  const c = builtinCmp(rt, unbox(a), unbox(b), op);
  if (c !== undefined) return Number.isNaN(c) ? op === "NotEq" : cmpResult(op, c);
  if (op === "Eq") return a === b;
  if (op === "NotEq") return a !== b;
  throw pyErr("TypeError", `'${SYMBOL[op]}' not supported between instances of '${ta.name}' and '${tb.name}'`);
}

/** Strings shorter than one compare chunk charge nothing extra (a sort's hot path skips the call). */
const COMPARE_FREE = C.compareChunk;

export function lessThan(rt: Runtime, a: Value, b: Value): boolean {
  if (typeof a === "number" && typeof b === "number") return a < b;
  if (typeof a === "string" && typeof b === "string") {
    if (a.length >= COMPARE_FREE || b.length >= COMPARE_FREE) rt.charge(C.compareUnits(a.length < b.length ? a.length : b.length));
    return cmpStr(a, b) < 0;
  }
  // Exact tuples (sort keys): richCompare would reach seqCmp after its type checks.
  if (a instanceof PyTuple && b instanceof PyTuple && a.cls === T.tuple && b.cls === T.tuple) return seqCmp(rt, a.items, b.items, "Lt") < 0;
  const r = richCompare(rt, "Lt", a, b);
  return typeof r === "boolean" ? r : truthy(rt, r);
}

// ---------------------------------------------------------------------------------------------
// arithmetic

export type BinOpName = "Add" | "Sub" | "Mult" | "MatMult" | "Div" | "Mod" | "Pow" | "LShift" | "RShift" | "BitOr" | "BitXor" | "BitAnd" | "FloorDiv";

const BINOP_SYMBOL: Record<BinOpName, string> = {
  Add: "+",
  Sub: "-",
  Mult: "*",
  MatMult: "@",
  Div: "/",
  Mod: "%",
  Pow: "** or pow()",
  LShift: "<<",
  RShift: ">>",
  BitOr: "|",
  BitXor: "^",
  BitAnd: "&",
  FloorDiv: "//",
};
const BINOP_DUNDER: Record<BinOpName, string> = {
  Add: "add",
  Sub: "sub",
  Mult: "mul",
  MatMult: "matmul",
  Div: "truediv",
  Mod: "mod",
  Pow: "pow",
  LShift: "lshift",
  RShift: "rshift",
  BitOr: "or",
  BitXor: "xor",
  BitAnd: "and",
  FloorDiv: "floordiv",
};

// The dunder names, built once: a name made per call would be a fresh string to hash on every
// lookup of the type's dunder cache.
const dunders = (prefix: string): Record<BinOpName, string> =>
  Object.fromEntries(Object.entries(BINOP_DUNDER).map(([op, n]) => [op, `__${prefix}${n}__`])) as Record<BinOpName, string>;
const LEFT_DUNDER = dunders("");
const RIGHT_DUNDER = dunders("r");
const INPLACE_DUNDER = dunders("i");

/**
 * CIP-3's big-int surcharge, when either operand is a bigint: bigIntOp (the bigint's allocation
 * and conversions, ~150 ns here whatever its size) plus the wider operand's 64-bit words;
 * then, for *, // and %, which are quadratic in the words, ceil(wa * wb / 8) - max(wa, wb) more
 * when that is positive (only past 512-bit operands; cips/metering.md "Big integers"). Each
 * operand's words are measured once.
 */
function bigCharge(rt: Runtime, op: BinOpName, a: I.Int, b: I.Int): void {
  const wa = I.chunks64(a);
  const wb = I.chunks64(b);
  const linear = Math.max(wa, wb);
  rt.charge(C.bigIntOp + linear);
  if (op === "Mult" || op === "FloorDiv" || op === "Mod") {
    const extra = Math.ceil((wa * wb) / 8) - linear;
    if (extra > 0) rt.charge(extra);
  }
}

/** int op int (bigints charged by size); what `binop` reaches for two ints, callable directly. */
export function intBinop(rt: Runtime, op: BinOpName, a: I.Int, b: I.Int): Value {
  if (typeof a === "bigint" || typeof b === "bigint") bigCharge(rt, op, a, b);
  switch (op) {
    case "Add":
      return I.intAdd(a, b);
    case "Sub":
      return I.intSub(a, b);
    case "Mult":
      return I.intMul(a, b);
    case "Div":
      if (typeof a === "number" && typeof b === "number" && b !== 0) return float(a / b);
      if (b === 0 || b === 0n) throw pyErr("ZeroDivisionError", "division by zero");
      return float(num(() => N.intTrueDiv(I.big(a), I.big(b))));
    case "FloorDiv":
      return I.intFloorDiv(a, b);
    case "Mod":
      return I.intMod(a, b);
    case "Pow":
      if (I.big(b) < 0n) {
        if (a === 0 || a === 0n) throw pyErr("ZeroDivisionError", "0.0 cannot be raised to a negative power");
        return floatBinop("Pow", I.intToFloat(a), I.intToFloat(b));
      }
      {
        const r = I.intPow(a, b);
        if (typeof r === "bigint") {
          // Repeated squaring up to the result's w words: w, plus ceil(w * w / 8) - w past 8 words.
          const w = Math.ceil(I.bitLength(r) / 64);
          rt.charge(Math.max(w, Math.ceil((w * w) / 8)));
        }
        return r;
      }
    case "LShift": {
      const r = I.intShl(a, b);
      if (typeof r === "bigint") rt.charge(I.chunks64(r)); // the words written (cips/metering.md)
      return r;
    }
    case "RShift":
      return I.intShr(a, b);
    case "BitAnd":
      return I.intAnd(a, b);
    case "BitOr":
      return I.intOr(a, b);
    case "BitXor":
      return I.intXor(a, b);
    case "MatMult":
      return NotImplemented;
  }
}

/** Python float floor division and modulo (CPython's float_divmod). */
export function floatDivmod(x: number, y: number): [number, number] {
  let mod = x % y;
  let div = (x - mod) / y;
  if (mod !== 0) {
    if (y < 0 !== mod < 0) {
      mod += y;
      div -= 1;
    }
  } else mod = y < 0 ? -0 : 0;
  let fd: number;
  if (div !== 0) {
    fd = Math.floor(div);
    if (div - fd > 0.5) fd += 1;
  } else fd = x / y < 0 ? -0 : 0;
  return [fd, mod];
}

function floatBinop(op: BinOpName, x: number, y: number): Value {
  switch (op) {
    case "Add":
      return float(x + y);
    case "Sub":
      return float(x - y);
    case "Mult":
      return float(x * y);
    case "Div":
      if (y === 0) throw pyErr("ZeroDivisionError", "float division by zero");
      return float(x / y);
    case "FloorDiv":
      if (y === 0) throw pyErr("ZeroDivisionError", "float floor division by zero");
      return float(num(() => N.floatFloorDiv(x, y)));
    case "Mod":
      if (y === 0) throw pyErr("ZeroDivisionError", "float modulo");
      return float(num(() => N.floatMod(x, y)));
    case "Pow":
      return float(floatPow(x, y));
    default:
      return NotImplemented;
  }
}

function seqRepeat<T>(rt: Runtime, items: readonly T[], n: I.Int, slotBytes: number): T[] {
  const k = typeof n === "bigint" ? (n > 0n ? Infinity : 0) : n;
  if (k <= 0 || items.length === 0) return [];
  const total = items.length * k;
  rt.alloc(total * slotBytes); // throws MemoryError before allocating
  rt.charge(total);
  const out: T[] = new Array(total);
  for (let i = 0, j = 0; i < k; i++) for (let m = 0; m < items.length; m++) out[j++] = items[m] as T;
  return out;
}

function strRepeat(rt: Runtime, s: string, n: I.Int): string {
  const k = typeof n === "bigint" ? (n > 0n ? Infinity : 0) : n;
  if (k <= 0 || s.length === 0) return "";
  const total = s.length * k;
  rt.alloc(total);
  rt.charge(total);
  return s.repeat(k);
}

export function strConcat(rt: Runtime, a: string, b: string): string {
  const n = a.length + b.length;
  rt.charge(n);
  rt.alloc(n);
  return a + b;
}

function builtinBinop(rt: Runtime, op: BinOpName, a: Value, b: Value): Value {
  const ia = asInt(a);
  const ib = asInt(b);
  if (ia !== undefined && ib !== undefined) return intBinop(rt, op, ia, ib);
  if (a instanceof PyFloat || b instanceof PyFloat) {
    const x = asFloat(a);
    const y = asFloat(b);
    if (x !== undefined && y !== undefined) return floatBinop(op, x, y);
    if (op !== "Mod" || typeof a !== "string") return NotImplemented;
  }
  switch (op) {
    case "Add":
      if (typeof a === "string" && typeof b === "string") return strConcat(rt, a, b);
      if (a instanceof PyList && b instanceof PyList) {
        rt.charge(a.items.length + b.items.length);
        rt.alloc(8 * (a.items.length + b.items.length));
        return list(a.items.concat(b.items));
      }
      if (a instanceof PyTuple && b instanceof PyTuple) {
        rt.charge(a.items.length + b.items.length);
        rt.alloc(8 * (a.items.length + b.items.length));
        return tuple(a.items.concat(b.items));
      }
      if ((a instanceof PyBytes || a instanceof PyByteArray) && (b instanceof PyBytes || b instanceof PyByteArray)) {
        const x = a instanceof PyBytes ? a.b : a.view();
        const y = b instanceof PyBytes ? b.b : b.view();
        rt.charge(x.length + y.length);
        rt.alloc(x.length + y.length);
        const out = new Uint8Array(x.length + y.length);
        out.set(x);
        out.set(y, x.length);
        return a instanceof PyBytes ? new PyBytes(T.bytes, out) : new PyByteArray(T.bytearray, out);
      }
      return NotImplemented;
    case "Mult": {
      const [seq, n] = ia !== undefined ? [b, ia] : ib !== undefined ? [a, ib] : [null, 0];
      if (seq === null) return NotImplemented;
      if (typeof seq === "string") return strRepeat(rt, seq, n);
      if (seq instanceof PyList) return list(seqRepeat(rt, seq.items, n, 8));
      if (seq instanceof PyTuple) return tuple(seqRepeat(rt, seq.items, n, 8));
      if (seq instanceof PyBytes) return new PyBytes(T.bytes, Uint8Array.from(seqRepeat(rt, Array.from(seq.b), n, 1)));
      return NotImplemented;
    }
    case "Mod":
      if (typeof a === "string") return percentFormat(rt, a, b);
      return NotImplemented;
    case "BitOr":
    case "BitAnd":
    case "BitXor":
    case "Sub":
      if ((a instanceof PyDictView && a.cls !== T.dict_values) || (b instanceof PyDictView && b.cls !== T.dict_values)) {
        const sa = a instanceof PySet ? a : toSet(rt, a);
        const sb = b instanceof PySet ? b : toSet(rt, b);
        return sa.setOp(rt, op, sb);
      }
      if (a instanceof PySet && b instanceof PySet) return a.setOp(rt, op, b);
      if (op === "BitOr" && a instanceof PyDict && b instanceof PyDict) {
        const d = a.copy(rt);
        d.update(rt, b);
        return d;
      }
      return NotImplemented;
    default:
      return NotImplemented;
  }
}

export function binop(rt: Runtime, op: BinOpName, a: Value, b: Value): Value {
  // Float fast paths (float op float, float op small int, small int op float).
  if (a instanceof PyFloat && a.cls === T.float) {
    if (b instanceof PyFloat && b.cls === T.float) {
      const r = floatBinop(op, a.v, b.v);
      if (r !== NotImplemented) return r;
    } else if (typeof b === "number") {
      const r = floatBinop(op, a.v, b);
      if (r !== NotImplemented) return r;
    }
  } else if (typeof a === "number" && b instanceof PyFloat && b.cls === T.float) {
    const r = floatBinop(op, a, b.v);
    if (r !== NotImplemented) return r;
  }
  const ta = typeOf(a);
  const tb = typeOf(b);
  if (!ta.builtin || !tb.builtin) {
    const rightFirst = !tb.builtin && tb !== ta && tb.isSubtypeOf(ta);
    if (rightFirst) {
      const f = userDunder(tb, RIGHT_DUNDER[op]);
      if (f !== undefined) {
        const r = call2(rt, f, b, a);
        if (r !== NotImplemented) return r;
      }
    }
    const fa = userDunder(ta, LEFT_DUNDER[op]);
    if (fa !== undefined) {
      const r = call2(rt, fa, a, b);
      if (r !== NotImplemented) return r;
    }
    if (!rightFirst && ta !== tb) {
      const f = userDunder(tb, RIGHT_DUNDER[op]);
      if (f !== undefined) {
        const r = call2(rt, f, b, a);
        if (r !== NotImplemented) return r;
      }
    }
  }
  // Subclasses of int and str fall back to the base's operator on their values; `%` keeps its
  // right operand whole (str formatting calls that object's own __str__/__repr__).
  const ua = unbox(a);
  const r = builtinBinop(rt, op, ua, op === "Mod" && typeof ua === "string" ? b : unbox(b));
  if (r !== NotImplemented) return r;
  if (op === "BitOr" && unionable(a) && unionable(b)) return unionOf(a, b);
  const tua = typeOf(ua);
  if (op === "Add" && (tua === T.str || tua === T.list || tua === T.tuple) && tua.builtin) {
    throw pyErr("TypeError", `can only concatenate ${tua.name} (not "${tb.name}") to ${tua.name}`);
  }
  throw pyErr("TypeError", `unsupported operand type(s) for ${BINOP_SYMBOL[op]}: '${ta.name}' and '${tb.name}'`);
}

/** `a op= b`: tries __iop__ first, mutating lists in place, then falls back to binop. */
export function inplaceBinop(rt: Runtime, op: BinOpName, a: Value, b: Value): Value {
  if (typeof a !== "object" || a instanceof PyFloat) return binop(rt, op, a, b);
  if (a instanceof PyList && op === "Add") {
    const items = iterToArray(rt, b);
    rt.charge(items.length);
    rt.alloc(8 * items.length);
    for (const x of items) a.items.push(x);
    return a;
  }
  if (a instanceof PySet && !a.frozen && (op === "BitOr" || op === "BitAnd" || op === "Sub" || op === "BitXor") && b instanceof PySet) {
    a.setOpInPlace(rt, op, b);
    return a;
  }
  const ta = typeOf(a);
  if (!ta.builtin) {
    const f = userDunder(ta, INPLACE_DUNDER[op]);
    if (f !== undefined) {
      const r = call2(rt, f, a, b);
      if (r !== NotImplemented) return r;
    }
  }
  return binop(rt, op, a, b);
}

export type UnaryName = "Invert" | "Not" | "UAdd" | "USub";

export function unaryop(rt: Runtime, op: UnaryName, v: Value): Value {
  if (op === "Not") return !truthy(rt, v);
  const i = typeof v === "object" ? undefined : asInt(v);
  if (i !== undefined) {
    if (op === "USub") return I.intNeg(i);
    if (op === "UAdd") return i;
    return I.intInvert(i);
  }
  if (v instanceof PyFloat && op !== "Invert" && v.cls === T.float) return op === "USub" ? float(-v.v) : v;
  const t = typeOf(v);
  if (!t.builtin) {
    const f = userDunder(t, op === "USub" ? "__neg__" : op === "UAdd" ? "__pos__" : "__invert__");
    if (f !== undefined) return callValue(rt, f, [v], null);
    // Subclasses of int and float: the base's operator, on the base value (`+I(3)` is the int 3).
    if (v instanceof PyBoxed && typeof v.v !== "string") return unaryop(rt, op, v.v);
    if (v instanceof PyFloat && op !== "Invert") return float(op === "USub" ? -v.v : v.v);
  }
  const sym = op === "USub" ? "unary -" : op === "UAdd" ? "unary +" : "unary ~";
  throw pyErr("TypeError", `bad operand type for ${sym}: '${t.name}'`);
}

/** Length of a string in code points, charged as a string op over its length only when slow. */
/** The default `<...>` repr of objects without a better one; addresses are deterministic ids. */
export function describe(rt: Runtime, v: PyObject): string {
  const addr = addressOf(rt, v);
  const t = v.cls;
  if (t === T.type || v instanceof PyTypeClass) return `<class '${(v as PyType).module === "builtins" ? "" : `${(v as PyType).module}.`}${(v as PyType).qualname}'>`;
  const gen = v instanceof PyGenerator ? ` ${v.qualname}` : "";
  return `<${t.module === "builtins" ? "" : `${t.module}.`}${t.qualname} object${gen} at ${addr}>`;
}

function toSet(rt: Runtime, v: Value): PySet {
  const s = new PySet(T.set, false);
  for (const x of iterToArray(rt, v)) s.add(rt, x);
  return s;
}

/**
 * float ** float with CPython's special cases (float_pow), the core computed by the numeric
 * library's correctly rounded powPositive (never the host's Math.pow). A negative base with a
 * non-integral exponent raises ValueError (CPython would return a complex number).
 */
export function floatPow(x: number, y: number): number {
  if (y === 0) return 1;
  if (Number.isNaN(x)) return x === 1 ? 1 : NaN;
  if (Number.isNaN(y)) return x === 1 ? 1 : NaN;
  if (!Number.isFinite(y)) {
    const ax = Math.abs(x);
    if (ax === 1) return 1;
    if (y > 0 === ax > 1) return Infinity;
    return 0;
  }
  const yIsOddInt = Number.isInteger(y) && Math.abs(y % 2) === 1;
  if (!Number.isFinite(x)) {
    if (x > 0) return y > 0 ? Infinity : 0;
    if (y > 0) return yIsOddInt ? -Infinity : Infinity;
    return yIsOddInt ? -0 : 0;
  }
  if (x === 0) {
    if (y < 0) throw pyErr("ZeroDivisionError", "0.0 cannot be raised to a negative power");
    return yIsOddInt ? x : 0;
  }
  if (x < 0 && !Number.isInteger(y)) throw pyErr("ValueError", "math domain error");
  const ax = Math.abs(x);
  if (ax === 1) return x < 0 && yIsOddInt ? -1 : 1;
  // Exponents whose correctly rounded result is one IEEE operation (sqrt, *, / are exactly
  // rounded in hardware): same bits as powPositive, much faster.
  let r: number;
  if (y === 0.5) r = Math.sqrt(ax);
  else if (y === 2) r = ax * ax;
  else if (y === 1) r = ax;
  else if (y === -1) r = 1 / ax;
  else r = N.libm.powPositive(ax, y);
  if (!Number.isFinite(r)) throw pyErr("OverflowError", "(34, 'Numerical result out of range')");
  return x < 0 && yIsOddInt ? -r : r;
}
