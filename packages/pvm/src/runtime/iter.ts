// Iteration: a JS-level `next()` returning `undefined` at exhaustion, so loops over lists, ranges,
// dicts and strings never allocate exception objects; Python-visible iterators wrap the same.
import { C } from "./costs.js";
import type { Runtime } from "./context.js";
import { E, PyBaseException, PyThrow, pyErr } from "./exceptions.js";
import { PyGenerator } from "./function.js";
import { PyBoxed, PyByteArray, PyBytes, PyList, PyObject, PyRange, PyTuple, type Value } from "./object.js";
import { hasSurrogates } from "./strings.js";
import { None, T } from "./types.js";
import { callValue, userDunder } from "./call.js";
import { PyDict, PySet } from "./dict.js";
import { typeOf } from "./ops.js";

export type NextFn = () => Value | undefined;

const NO_REFS: readonly Value[] = [];

/** A Python iterator implemented in TS (list_iterator, dict_keyiterator, map, zip, …). */
export class PyIterator extends PyObject {
  readonly next: NextFn;
  /**
   * The values `next` holds on to (the iterable, map's function, …): what the live-heap recount
   * reaches through the iterator, whose closure it cannot enter (cips/pvm.md, "Memory accounting").
   */
  readonly refs: readonly Value[];
  constructor(next: NextFn, refs: readonly Value[] = NO_REFS) {
    super(T.iterator);
    this.next = next;
    this.refs = refs;
  }
}

/** A view over a dict (keys/values/items): iterable, sized, supports `in`. */
export class PyDictView extends PyObject {
  constructor(
    cls: typeof T.dict_keys | typeof T.dict_values | typeof T.dict_items,
    readonly d: PyDict,
  ) {
    super(cls);
  }
}

function tableIter(_rt: Runtime, t: PyDict["table"], pick: (k: Value, v: Value) => Value): NextFn {
  const it = t.entries();
  const size = t.size;
  const version = t.version;
  return () => {
    if (t.version !== version || t.size !== size) {
      throw pyErr("RuntimeError", `${t.size !== size ? "dictionary changed size" : "dictionary keys changed"} during iteration`);
    }
    const r = it.next();
    if (r.done === true) return undefined;
    return pick(r.value.k, r.value.v);
  };
}

/** Resume a generator: returns the yielded value, or undefined when it returned (value in `out`). */
export function genResume(rt: Runtime, g: PyGenerator, mode: "next" | "throw", v: Value | PyThrow, out?: { value: Value }): Value | undefined {
  if (g.running) throw pyErr("ValueError", "generator already executing");
  if (g.finished) {
    // An async generator's awaitable can be awaited once (CPython's AWAITABLE_STATE_CLOSED).
    if (g.cls === T.async_generator_asend) throw pyErr("RuntimeError", "cannot reuse already awaited __anext__()/asend()");
    if (g.cls === T.async_generator_athrow) throw pyErr("RuntimeError", "cannot reuse already awaited aclose()/athrow()");
    if (mode === "throw") throw v as PyThrow;
    return undefined;
  }
  if (!g.started && mode === "next" && v !== None) throw pyErr("TypeError", "can't send non-None value to a just-started generator");
  g.started = true;
  g.running = true;
  if (++rt.depth > rt.recursionLimit) {
    rt.depth--;
    g.running = false;
    throw pyErr("RecursionError", "maximum recursion depth exceeded");
  }
  let r: IteratorResult<Value, Value>;
  // A compiled generator's frame joins the running chain while it runs (the live-heap recount's roots).
  const f = g.frame;
  if (f !== null) {
    f.back = rt.top;
    rt.top = f;
  }
  try {
    r = mode === "next" ? g.it.next(v as Value) : g.it.throw(v);
  } catch (e) {
    g.finished = true;
    if (e instanceof PyThrow && e.exc.cls.isSubtypeOf(E.StopIteration)) {
      const err = new PyBaseException(E.RuntimeError, ["generator raised StopIteration"]);
      err.cause = e.exc;
      err.context = e.exc;
      err.suppressContext = true;
      throw new PyThrow(err);
    }
    throw e;
  } finally {
    if (f !== null) {
      rt.top = f.back;
      f.back = null;
    }
    g.running = false;
    rt.depth--;
  }
  if (r.done === true) {
    g.finished = true;
    if (out !== undefined) out.value = r.value;
    return undefined;
  }
  return r.value;
}

/** The JS-level iterator of any iterable value; raises TypeError for non-iterables. */
export function iterate(rt: Runtime, v: Value): NextFn {
  if (v instanceof PyList) {
    let i = 0;
    const items = v;
    return () => (i < items.items.length ? items.items[i++] : undefined);
  }
  if (v instanceof PyTuple) {
    let i = 0;
    const items = v.items;
    return () => (i < items.length ? items[i++] : undefined);
  }
  if (typeof v === "string") {
    if (!hasSurrogates(v)) {
      let i = 0;
      return () => (i < v.length ? v[i++] : undefined);
    }
    const it = v[Symbol.iterator]();
    return () => {
      const r = it.next();
      return r.done === true ? undefined : r.value;
    };
  }
  if (v instanceof PyRange) return rangeIter(v);
  if (v instanceof PyIterator) return v.next;
  if (v instanceof PyGenerator && v.cls === T.generator) return () => genResume(rt, v, "next", None);
  const t = typeOf(v);
  if (!t.builtin) {
    const f = userDunder(t, "__iter__");
    if (f !== undefined) return nextOf(rt, callValue(rt, f, [v], null));
    const gi = userDunder(t, "__getitem__");
    if (gi !== undefined) {
      let i = 0;
      return () => {
        try {
          return callValue(rt, gi, [v, i++], null);
        } catch (e) {
          if (e instanceof PyThrow && (e.exc.cls.isSubtypeOf(E.IndexError) || e.exc.cls.isSubtypeOf(E.StopIteration))) return undefined;
          throw e;
        }
      };
    }
  }
  if (v instanceof PyBoxed && typeof v.v === "string") return iterate(rt, v.v);
  if (v instanceof PyDict) return tableIter(rt, v.table, (k) => k);
  if (v instanceof PySet) return tableIter(rt, v.table, (k) => k);
  if (v instanceof PyDictView) {
    const d = v.d;
    if (v.cls === T.dict_keys) return tableIter(rt, d.table, (k) => k);
    if (v.cls === T.dict_values) return tableIter(rt, d.table, (_k, x) => x);
    // Each item is a new pair: `allocation` per item, as a tuple display (cips/metering.md).
    return tableIter(rt, d.table, (k, x) => {
      rt.charge(C.alloc);
      return new PyTuple(T.tuple, [k, x]);
    });
  }
  if (v instanceof PyBytes || v instanceof PyByteArray) {
    let i = 0;
    return () => {
      const b = v instanceof PyBytes ? v.b : v.view();
      return i < b.length ? (b[i++] as number) : undefined;
    };
  }
  throw pyErr("TypeError", `'${t.name}' object is not iterable`);
}

function rangeIter(r: PyRange): NextFn {
  if (
    r.start >= BigInt(Number.MIN_SAFE_INTEGER) &&
    r.stop <= BigInt(Number.MAX_SAFE_INTEGER) &&
    r.stop >= BigInt(Number.MIN_SAFE_INTEGER) &&
    r.start <= BigInt(Number.MAX_SAFE_INTEGER)
  ) {
    let i = Number(r.start);
    const stop = Number(r.stop);
    const step = Number(r.step);
    if (step > 0) return () => (i < stop ? ((i += step), i - step) : undefined);
    return () => (i > stop ? ((i += step), i - step) : undefined);
  }
  let i = r.start;
  return () => {
    if (r.step > 0n ? i >= r.stop : i <= r.stop) return undefined;
    const x = i;
    i += r.step;
    return x >= BigInt(Number.MIN_SAFE_INTEGER) && x <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(x) : x;
  };
}

/** The next-function of an object already known to be an iterator (result of __iter__). */
export function nextOf(rt: Runtime, it: Value): NextFn {
  if (it instanceof PyIterator) return it.next;
  if (it instanceof PyGenerator) return () => genResume(rt, it, "next", None);
  const t = typeOf(it);
  const n = userDunder(t, "__next__");
  if (n === undefined) throw pyErr("TypeError", `iter() returned non-iterator of type '${t.name}'`);
  return () => {
    try {
      return callValue(rt, n, [it], null);
    } catch (e) {
      if (e instanceof PyThrow && e.exc.cls.isSubtypeOf(E.StopIteration)) return undefined;
      throw e;
    }
  };
}

/** iter(v): a Python-visible iterator. */
export function getIter(rt: Runtime, v: Value): Value {
  if (v instanceof PyIterator || v instanceof PyGenerator) return v;
  const t = typeOf(v);
  if (!t.builtin) {
    const f = userDunder(t, "__iter__");
    if (f !== undefined) {
      const it = callValue(rt, f, [v], null);
      nextOf(rt, it); // validates
      return it;
    }
  }
  return new PyIterator(iterate(rt, v), [v]);
}

/** next(it): one value or undefined at exhaustion. */
export function nextValue(rt: Runtime, it: Value): Value | undefined {
  if (it instanceof PyIterator) return it.next();
  if (it instanceof PyGenerator) return genResume(rt, it, "next", None);
  const t = typeOf(it);
  const n = userDunder(t, "__next__");
  if (n === undefined) throw pyErr("TypeError", `'${t.name}' object is not an iterator`);
  try {
    return callValue(rt, n, [it], null);
  } catch (e) {
    if (e instanceof PyThrow && e.exc.cls.isSubtypeOf(E.StopIteration)) return undefined;
    throw e;
  }
}

/** All values of an iterable, charging one Cycle per element. */
export function iterToArray(rt: Runtime, v: Value): Value[] {
  if (v instanceof PyList || v instanceof PyTuple) {
    rt.charge(v.items.length);
    rt.alloc(8 * v.items.length);
    return v.items.slice();
  }
  const next = iterate(rt, v);
  const out: Value[] = [];
  // Pinned while a Python iterator fills it: the live-heap recount must see the elements.
  rt.pins.push(out);
  try {
    for (let x = next(); x !== undefined; x = next()) {
      rt.charge(1);
      out.push(x);
    }
    rt.alloc(8 * out.length);
  } finally {
    rt.pins.pop();
  }
  return out;
}
