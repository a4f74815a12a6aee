// obj[key], obj[key] = v, del obj[key], and `x in obj` for builtin containers and user classes.
import type { Runtime } from "./context.js";
import { E, PyThrow, makeExc, pyErr } from "./exceptions.js";
import * as I from "./int.js";
import { PyBoxed, PyByteArray, PyBytes, PyList, PyRange, PySlice, PyTuple, PyType, PyWrapper, type Value } from "./object.js";
import { cpArray, hasSurrogates } from "./strings.js";
import { None, T } from "./types.js";
import { callValue, userDunder } from "./call.js";
import { PyDict, PySet } from "./dict.js";
import { PyDictView, iterate } from "./iter.js";
import { asInt, eq, repr, typeOf } from "./ops.js";

/** An index value via __index__ (int, bool, or a user class defining __index__). */
export function toIndex(rt: Runtime, v: Value, what = "indices"): I.Int {
  const i = asInt(v);
  if (i !== undefined) return i;
  const t = typeOf(v);
  const f = userDunder(t, "__index__");
  if (f !== undefined) {
    const r = asInt(callValue(rt, f, [v], null));
    if (r !== undefined) return r;
  }
  throw pyErr("TypeError", what.replace("%s", t.name));
}

function clampIndex(i: I.Int): number {
  if (typeof i === "number") return i;
  return i > 0n ? Number.MAX_SAFE_INTEGER : Number.MIN_SAFE_INTEGER;
}

/** Normalize a sequence index; returns -1 when out of range. */
function seqIndex(i: I.Int, len: number): number {
  let k = clampIndex(i);
  if (k < 0) k += len;
  return k >= 0 && k < len ? k : -1;
}

const SLICE_INDEX_MSG = "slice indices must be integers or None or have an __index__ method";

/** One slice bound clamped to [lo, hi] after adding `len` to a negative value (no closure: hot). */
function sliceBound(rt: Runtime, v: Value, dflt: number, lo: number, hi: number, len: number): number {
  if (v === None) return dflt;
  let x = typeof v === "number" ? v : clampIndex(toIndex(rt, v, SLICE_INDEX_MSG));
  if (x < 0) {
    x += len;
    if (x < lo) x = lo;
  } else if (x > hi) x = hi;
  return x;
}

/**
 * CPython's PySlice_GetIndicesEx on the slice's three values, into rt.sliceOut as (start, stop,
 * step, length). Every user __index__ runs before anything is written, so a nested slice inside
 * one cannot clobber the result.
 */
export function sliceBounds(rt: Runtime, sStart: Value, sStop: Value, sStep: Value, len: number): void {
  const step = sStep === None ? 1 : typeof sStep === "number" ? sStep : clampIndex(toIndex(rt, sStep, SLICE_INDEX_MSG));
  if (step === 0) throw pyErr("ValueError", "slice step cannot be zero");
  let start: number;
  let stop: number;
  let n = 0;
  if (step > 0) {
    start = sliceBound(rt, sStart, 0, 0, len, len);
    stop = sliceBound(rt, sStop, len, 0, len, len);
    if (stop > start) n = step === 1 ? stop - start : Math.floor((stop - start - 1) / step) + 1;
  } else {
    start = sliceBound(rt, sStart, len - 1, -1, len - 1, len);
    stop = sliceBound(rt, sStop, -1, -1, len - 1, len);
    if (start > stop) n = Math.floor((start - stop - 1) / -step) + 1;
  }
  const out = rt.sliceOut;
  out[0] = start;
  out[1] = stop;
  out[2] = step;
  out[3] = n;
}

/** CPython's PySlice_GetIndicesEx: (start, stop, step, length). */
function sliceIndices(rt: Runtime, s: PySlice, len: number): [number, number, number, number] {
  sliceBounds(rt, s.start, s.stop, s.step, len);
  const out = rt.sliceOut;
  return [out[0] as number, out[1] as number, out[2] as number, out[3] as number];
}

/** items[start:stop:step] from the slice's three values (no PySlice needed). */
export function sliceValues<X>(rt: Runtime, items: readonly X[], sStart: Value, sStop: Value, sStep: Value): X[] {
  sliceBounds(rt, sStart, sStop, sStep, items.length);
  const out = rt.sliceOut;
  const start = out[0] as number;
  const step = out[2] as number;
  const n = out[3] as number;
  rt.charge(n);
  rt.alloc(8 * n);
  if (step === 1) return items.slice(start, start + n);
  const res: X[] = new Array(n);
  for (let i = 0, j = start; i < n; i++, j += step) res[i] = items[j] as X;
  return res;
}

function sliceArray<X>(rt: Runtime, items: readonly X[], s: PySlice): X[] {
  return sliceValues(rt, items, s.start, s.stop, s.step);
}

/** list.__getitem__ on the builtin layout (what a subclass reaches through super()). */
export function listGetItem(rt: Runtime, o: PyList, k: Value): Value {
  if (k instanceof PySlice) return new PyList(T.list, sliceArray(rt, o.items, k));
  const i = seqIndex(toIndex(rt, k, "list indices must be integers or slices, not %s"), o.items.length);
  if (i < 0) throw pyErr("IndexError", "list index out of range");
  return o.items[i] as Value;
}

/** tuple.__getitem__ on the builtin layout. */
export function tupleGetItem(rt: Runtime, o: PyTuple, k: Value): Value {
  if (k instanceof PySlice) return new PyTuple(T.tuple, sliceArray(rt, o.items, k));
  const i = seqIndex(toIndex(rt, k, "tuple indices must be integers or slices, not %s"), o.items.length);
  if (i < 0) throw pyErr("IndexError", "tuple index out of range");
  return o.items[i] as Value;
}

export function getItem(rt: Runtime, o: Value, k: Value): Value {
  // A list subclass's own __getitem__ wins over the builtin layout (as CPython's slot does).
  if (o instanceof PyList && (o.cls === T.list || userDunder(o.cls, "__getitem__") === undefined)) return listGetItem(rt, o, k);
  if (o instanceof PyDict && o.cls === T.dict) {
    const v = o.get(rt, k);
    if (v === undefined) throw keyError(rt, k);
    return v;
  }
  if (typeof o === "string") return strItem(rt, o, k);
  if (o instanceof PyTuple && o.cls === T.tuple) return tupleGetItem(rt, o, k);
  const t = typeOf(o);
  if (!t.builtin) {
    const f = userDunder(t, "__getitem__");
    if (f !== undefined) return callValue(rt, f, [o, k], null);
    if (o instanceof PyBoxed && typeof o.v === "string") return strItem(rt, o.v, k);
  }
  if (o instanceof PyType) {
    const cg = o.lookup("__class_getitem__");
    if (cg !== undefined) return callValue(rt, cg instanceof PyWrapper ? cg.fget : cg, [o, k], null);
    if (o.builtin) return o; // list[int] etc.: generic aliases are the class itself in the PVM
  }
  if (o instanceof PyDict) {
    const v = o.get(rt, k);
    if (v !== undefined) return v;
    const miss = userDunder(t, "__missing__");
    if (miss !== undefined) return callValue(rt, miss, [o, k], null);
    throw keyError(rt, k);
  }
  if (o instanceof PyTuple) return getItem(rt, new PyTuple(T.tuple, o.items), k);
  if (o instanceof PyRange) {
    const len = Number(o.length);
    if (k instanceof PySlice) {
      const [start, stop, step] = sliceIndices(rt, k, len);
      return new PyRange(T.range, o.start + BigInt(start) * o.step, o.start + BigInt(stop) * o.step, o.step * BigInt(step));
    }
    const i = seqIndex(toIndex(rt, k, "range indices must be integers or slices, not %s"), len);
    if (i < 0) throw pyErr("IndexError", "range object index out of range");
    return I.norm(o.start + BigInt(i) * o.step);
  }
  if (o instanceof PyBytes || o instanceof PyByteArray) {
    const b = o instanceof PyBytes ? o.b : o.view();
    if (k instanceof PySlice) {
      const out = Uint8Array.from(sliceArray(rt, Array.from(b), k));
      return o instanceof PyBytes ? new PyBytes(T.bytes, out) : new PyByteArray(T.bytearray, out);
    }
    const i = seqIndex(toIndex(rt, k, "byte indices must be integers or slices, not %s"), b.length);
    if (i < 0) throw pyErr("IndexError", `${o instanceof PyBytes ? "index" : "bytearray index"} out of range`);
    return b[i] as number;
  }
  throw pyErr("TypeError", `'${t.name}' object is not subscriptable`);
}

export function keyError(_rt: Runtime, k: Value): PyThrow {
  const e = makeExc(E.KeyError);
  e.args = [k];
  return new PyThrow(e);
}

function strItem(rt: Runtime, s: string, k: Value): string {
  const fast = !hasSurrogates(s);
  if (k instanceof PySlice) {
    if (fast) {
      const [start, , step, n] = sliceIndices(rt, k, s.length);
      rt.charge(n);
      if (step === 1) return s.slice(start, start + n);
      let out = "";
      for (let i = 0, j = start; i < n; i++, j += step) out += s[j];
      return out;
    }
    return sliceArray(rt, cpArray(s), k).join("");
  }
  const idx = toIndex(rt, k, "string indices must be integers, not '%s'");
  if (fast) {
    const i = seqIndex(idx, s.length);
    if (i < 0) throw pyErr("IndexError", "string index out of range");
    return s[i] as string;
  }
  const cps = cpArray(s);
  const i = seqIndex(idx, cps.length);
  if (i < 0) throw pyErr("IndexError", "string index out of range");
  return cps[i] as string;
}

/** list.__setitem__ on the builtin layout. */
export function listSetItem(rt: Runtime, o: PyList, k: Value, v: Value): void {
  if (k instanceof PySlice) return listSetSlice(rt, o, k, v);
  const i = seqIndex(toIndex(rt, k, "list indices must be integers or slices, not %s"), o.items.length);
  if (i < 0) throw pyErr("IndexError", "list assignment index out of range");
  o.items[i] = v;
}

export function setItem(rt: Runtime, o: Value, k: Value, v: Value): void {
  if (o instanceof PyList && (o.cls === T.list || userDunder(o.cls, "__setitem__") === undefined)) return listSetItem(rt, o, k, v);
  const t = typeOf(o);
  if (!t.builtin) {
    const f = userDunder(t, "__setitem__");
    if (f !== undefined) {
      callValue(rt, f, [o, k, v], null);
      return;
    }
  }
  if (o instanceof PyDict) {
    o.set(rt, k, v);
    return;
  }
  if (o instanceof PyByteArray) {
    const i = seqIndex(toIndex(rt, k, "bytearray indices must be integers or slices, not %s"), o.len);
    if (i < 0) throw pyErr("IndexError", "bytearray index out of range");
    const x = asInt(v);
    if (x === undefined || Number(x) < 0 || Number(x) > 255) throw pyErr("ValueError", "byte must be in range(0, 256)");
    o.b[i] = Number(x);
    return;
  }
  throw pyErr("TypeError", `'${t.name}' object does not support item assignment`);
}

function listSetSlice(rt: Runtime, o: PyList, k: PySlice, v: Value): void {
  let src: readonly Value[];
  // Only a list assigned into itself needs a snapshot of its items; other sources are read once.
  if (v === o) src = o.items.slice();
  else if (v instanceof PyList || v instanceof PyTuple) src = v.items;
  else {
    const out: Value[] = [];
    const next = iterate(rt, v);
    for (let x = next(); x !== undefined; x = next()) out.push(x);
    src = out;
  }
  sliceBounds(rt, k.start, k.stop, k.step, o.items.length);
  const bounds = rt.sliceOut;
  const start = bounds[0] as number;
  const stop = bounds[1] as number;
  const step = bounds[2] as number;
  const n = bounds[3] as number;
  rt.charge(src.length + n);
  if (step === 1) {
    const del = Math.max(0, stop - start);
    rt.alloc(8 * Math.max(0, src.length - n));
    if (src.length === del) {
      for (let i = 0; i < del; i++) o.items[start + i] = src[i] as Value;
      return;
    }
    // concat, not splice(...src): a spread of a huge list would overflow the host's argument limit
    o.items = o.items.slice(0, start).concat(src, o.items.slice(start + del));
    return;
  }
  if (src.length !== n) throw pyErr("ValueError", `attempt to assign sequence of size ${src.length} to extended slice of size ${n}`);
  for (let i = 0, j = start; i < n; i++, j += step) o.items[j] = src[i] as Value;
}

/** list.__delitem__ on the builtin layout. */
export function listDelItem(rt: Runtime, o: PyList, k: Value): void {
  if (k instanceof PySlice) {
    const [start, , step, n] = sliceIndices(rt, k, o.items.length);
    rt.charge(o.items.length);
    if (step === 1) o.items.splice(start, n);
    else {
      const drop = new Set<number>();
      for (let i = 0, j = start; i < n; i++, j += step) drop.add(j);
      o.items = o.items.filter((_x, i) => !drop.has(i));
    }
    return;
  }
  const i = seqIndex(toIndex(rt, k, "list indices must be integers or slices, not %s"), o.items.length);
  if (i < 0) throw pyErr("IndexError", "list assignment index out of range");
  rt.charge(o.items.length - i);
  o.items.splice(i, 1);
}

export function delItem(rt: Runtime, o: Value, k: Value): void {
  if (o instanceof PyList && (o.cls === T.list || userDunder(o.cls, "__delitem__") === undefined)) return listDelItem(rt, o, k);
  const t = typeOf(o);
  if (!t.builtin) {
    const f = userDunder(t, "__delitem__");
    if (f !== undefined) {
      callValue(rt, f, [o, k], null);
      return;
    }
  }
  if (o instanceof PyDict) {
    if (o.table.delete(rt, k) === undefined) throw keyError(rt, k);
    return;
  }
  throw pyErr("TypeError", `'${t.name}' object doesn't support item deletion`);
}

/** `x in items` for a list or tuple layout: identity or equality, 1 Cycle per item looked at. */
export function seqContains(rt: Runtime, items: readonly Value[], x: Value): boolean {
  for (let i = 0; i < items.length; i++) {
    rt.charge(1);
    const y = items[i] as Value;
    if (y === x || eq(rt, y, x)) return true;
  }
  return false;
}

/** True when `needle` occurs as a contiguous run in `hay` (the empty run occurs everywhere). */
function bytesInclude(hay: Uint8Array, needle: Uint8Array): boolean {
  const m = needle.length;
  if (m === 0) return true;
  const first = needle[0]!;
  for (let i = hay.indexOf(first); i >= 0 && i + m <= hay.length; i = hay.indexOf(first, i + 1)) {
    let j = 1;
    while (j < m && hay[i + j] === needle[j]) j++;
    if (j === m) return true;
  }
  return false;
}

export function contains(rt: Runtime, container: Value, x: Value): boolean {
  if (typeof container === "string") {
    if (x instanceof PyBoxed && typeof x.v === "string") x = x.v;
    if (typeof x !== "string") throw pyErr("TypeError", `'in <string>' requires string as left operand, not ${typeOf(x).name}`);
    rt.charge(container.length);
    return container.includes(x);
  }
  if (container instanceof PyDict && container.cls === T.dict) return container.table.find(rt, x) !== undefined;
  if (container instanceof PySet && (container.cls.builtin || userDunder(container.cls, "__contains__") === undefined)) return container.table.find(rt, x) !== undefined;
  if ((container instanceof PyList || container instanceof PyTuple) && (container.cls.builtin || userDunder(container.cls, "__contains__") === undefined))
    return seqContains(rt, container.items, x);
  const t = typeOf(container);
  if (!t.builtin) {
    const f = userDunder(t, "__contains__");
    if (f !== undefined) {
      const r = callValue(rt, f, [container, x], null);
      return typeof r === "boolean" ? r : r !== 0 && r !== None;
    }
    if (container instanceof PyBoxed && typeof container.v === "string") return contains(rt, container.v, x);
  }
  if (container instanceof PyDict) return container.table.find(rt, x) !== undefined;
  if (container instanceof PyRange) {
    const i = asInt(x);
    if (i === undefined) return false;
    const b = I.big(i);
    const { start, stop, step } = container;
    if (step > 0n ? b < start || b >= stop : b > start || b <= stop) return false;
    return (b - start) % step === 0n;
  }
  if (container instanceof PyDictView) {
    if (container.cls === T.dict_keys) return container.d.table.find(rt, x) !== undefined;
  }
  if (container instanceof PyBytes || container instanceof PyByteArray) {
    const b = container instanceof PyBytes ? container.b : container.view();
    const i = asInt(x);
    if (i !== undefined) return b.includes(Number(i));
    if (x instanceof PyBytes) return bytesInclude(b, x.b);
  }
  const next = iterate(rt, container);
  for (let y = next(); y !== undefined; y = next()) {
    rt.charge(1);
    if (y === x || eq(rt, y, x)) return true;
  }
  return false;
}

export { repr };
