// Constructors (tp_new) of the builtin types and the methods of list, dict, set, tuple, int,
// float and bytes.
import { AttrDict } from "../runtime/attrs.js";
import { callValue, typeCall, userDunder } from "../runtime/call.js";
import type { Runtime } from "../runtime/context.js";
import { PyDict, PySet } from "../runtime/dict.js";
import { E, PyBaseException, pyErr } from "../runtime/exceptions.js";
import * as I from "../runtime/int.js";
import { PyDictView, iterToArray, iterate } from "../runtime/iter.js";
import { PyBoxed, PyByteArray, PyBytes, PyFloat, PyList, PyObject, PyRange, PySlice, PyTuple, PyType, PyWrapper, type Value } from "../runtime/object.js";
import { asInt, eq, float, floatRepr, hash, lessThan, repr, str, truthy, tuple, typeOf } from "../runtime/ops.js";
import { cmpStr, utf8Decode } from "../runtime/strings.js";
import { keyError, listDelItem, listGetItem, listSetItem, seqContains, toIndex, tupleGetItem } from "../runtime/subscript.js";
import { None, T } from "../runtime/types.js";
import { PyGenerator } from "../runtime/function.js";
import { genResume } from "../runtime/iter.js";
import { PyThrow } from "../runtime/exceptions.js";
import { closeGen } from "../compiler/generators.js";
import { createClass, initSubclass } from "../compiler/classes.js";
import { N, num } from "../runtime/numeric.js";
import { installStrMethods } from "./strmethods.js";
import { installBytesMethods } from "./bytesmethods.js";
import { installValueSlots } from "./valueslots.js";
import { method } from "./util.js";
import { installAsyncGenMethods } from "./agen.js";

function parseIntText(text: string, base: number): I.Int {
  const v = num(() => N.parseIntFromString(text, base));
  return I.norm(v);
}

function parseIntTextLocal(text: string, base: number): I.Int {
  let s = text.trim().replace(/_(?=[0-9a-zA-Z])/g, "");
  let neg = false;
  if (s.startsWith("-") || s.startsWith("+")) {
    neg = s[0] === "-";
    s = s.slice(1);
  }
  let b = base;
  const pre = s.slice(0, 2).toLowerCase();
  if ((b === 16 || b === 0) && pre === "0x") (b = 16), (s = s.slice(2));
  else if ((b === 8 || b === 0) && pre === "0o") (b = 8), (s = s.slice(2));
  else if ((b === 2 || b === 0) && pre === "0b") (b = 2), (s = s.slice(2));
  else if (b === 0) b = 10;
  const digits = "0123456789abcdefghijklmnopqrstuvwxyz".slice(0, b);
  if (s.length === 0 || ![...s.toLowerCase()].every((c) => digits.includes(c)) || /^_|__|_$/.test(text.trim())) {
    throw pyErr("ValueError", `invalid literal for int() with base ${base}: ${repr(null as never, text)}`);
  }
  if (s.length > 1300) I.overflow();
  let v = 0n;
  const B = BigInt(b);
  for (const c of s.toLowerCase()) v = v * B + BigInt(digits.indexOf(c));
  return I.norm(neg ? -v : v);
}

function latin1(b: Uint8Array): string {
  let s = "";
  for (let i = 0; i < b.length; i++) s += String.fromCharCode(b[i] as number);
  return s;
}

function parseFloatText(text: string): number {
  return num(() => N.parseFloatFromString(text));
}

function parseFloatTextLocal(text: string): number {
  const s = text.trim().replace(/_(?=\d)/g, "").toLowerCase();
  if (/^[+-]?(inf|infinity)$/.test(s)) return s.startsWith("-") ? -Infinity : Infinity;
  if (/^[+-]?nan$/.test(s)) return NaN;
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/.test(s)) throw pyErr("ValueError", `could not convert string to float: ${repr(null as never, text)}`);
  return Number(s);
}

export function toFloat(rt: Runtime, v: Value): number {
  if (v instanceof PyFloat && v.cls !== T.float) {
    // A float subclass's own __float__ decides, as its nb_float does.
    const f = userDunder(v.cls, "__float__");
    if (f !== undefined) {
      const r = callValue(rt, f, [v], null);
      if (!(r instanceof PyFloat)) throw pyErr("TypeError", `${v.cls.name}.__float__ returned non-float (type ${typeOf(r).name})`);
      return r.v;
    }
  }
  if (v instanceof PyFloat) return v.v;
  if (v instanceof PyBoxed && typeof v.v === "string") v = v.v;
  const i = asInt(v);
  if (i !== undefined) return I.intToFloat(i);
  if (typeof v === "string") {
    rt.charge(v.length);
    return parseFloatText(v);
  }
  const t = typeOf(v);
  const f = t.lookup("__float__");
  if (f !== undefined) {
    const r = callValue(rt, f, [v], null);
    if (r instanceof PyFloat) return r.v;
  }
  const ix = t.lookup("__index__");
  if (ix !== undefined) return I.intToFloat(asInt(callValue(rt, ix, [v], null)) as I.Int);
  throw pyErr("TypeError", `float() argument must be a string or a real number, not '${t.name}'`);
}

export function toInt(rt: Runtime, v: Value, base?: Value): I.Int {
  // A str subclass parses as its text; an int subclass's own __int__ decides, as its nb_int does.
  if (v instanceof PyBoxed) {
    if (typeof v.v === "string") v = v.v;
    else if (base === undefined) {
      const f = userDunder(v.cls, "__int__");
      if (f !== undefined) {
        const r = asInt(callValue(rt, f, [v], null));
        if (r === undefined) throw pyErr("TypeError", "__int__ returned non-int");
        return r;
      }
    }
  }
  if (base !== undefined) {
    const bi = asInt(base);
    if (bi === undefined) throw pyErr("TypeError", `'${typeOf(base).name}' object cannot be interpreted as an integer`);
    if (typeof v !== "string" && !(v instanceof PyBytes)) throw pyErr("TypeError", "int() can't convert non-string with explicit base");
    const b = Number(bi);
    if (b !== 0 && (b < 2 || b > 36)) throw pyErr("ValueError", "int() base must be >= 2 and <= 36, or 0");
    rt.charge(typeof v === "string" ? v.length : v.b.length);
    return parseIntText(typeof v === "string" ? v : latin1(v.b), b);
  }
  const i = asInt(v);
  if (i !== undefined) return i;
  if (v instanceof PyFloat) {
    if (Number.isNaN(v.v)) throw pyErr("ValueError", "cannot convert float NaN to integer");
    if (!Number.isFinite(v.v)) throw pyErr("OverflowError", "cannot convert float infinity to integer");
    return I.norm(BigInt(Math.trunc(v.v)));
  }
  if (typeof v === "string") {
    rt.charge(v.length);
    return parseIntText(v, 10);
  }
  if (v instanceof PyBytes) return parseIntText(latin1(v.b), 10);
  const t = typeOf(v);
  for (const n of ["__int__", "__index__"]) {
    const f = t.lookup(n);
    if (f !== undefined) {
      const r = asInt(callValue(rt, f, [v], null));
      if (r === undefined) throw pyErr("TypeError", `${n} returned non-int`);
      return r;
    }
  }
  throw pyErr("TypeError", `int() argument must be a string, a bytes-like object or a real number, not '${t.name}'`);
}

function bytesFrom(rt: Runtime, v: Value | undefined, enc?: Value): Uint8Array {
  if (v === undefined) return new Uint8Array(0);
  if (typeof v === "string") {
    if (enc === undefined) throw pyErr("TypeError", "string argument without an encoding");
    rt.charge(10 + v.length);
    return new TextEncoder().encode(v);
  }
  const n = asInt(v);
  if (n !== undefined) {
    if (I.big(n) < 0n) throw pyErr("ValueError", "negative count");
    rt.alloc(Number(n));
    return new Uint8Array(Number(n));
  }
  if (v instanceof PyBytes) return v.b.slice();
  if (v instanceof PyByteArray) return v.view().slice();
  const items = iterToArray(rt, v);
  return Uint8Array.from(
    items.map((x) => {
      const b = asInt(x);
      if (b === undefined) throw pyErr("TypeError", `'${typeOf(x).name}' object cannot be interpreted as an integer`);
      if (Number(b) < 0 || Number(b) > 255) throw pyErr("ValueError", "bytes must be in range(0, 256)");
      return Number(b);
    }),
  );
}

/** An instance of a user subclass of int or str: the exact value in a box with its attributes. */
function boxedInstance(rt: Runtime, cls: PyType, v: I.Int | string): PyBoxed {
  rt.alloc(56);
  return new PyBoxed(cls, v);
}

/** A float/bytes/bytearray of a user subclass carries the subclass's attribute dict. */
function withDict<X extends PyObject>(rt: Runtime, cls: PyType, o: X): X {
  rt.alloc(56);
  if (cls.hasDict || cls.slots !== null) o.dict = new AttrDict(cls);
  return o;
}

function dictFromArgs(rt: Runtime, d: PyDict, args: Value[], kw: Map<string, Value> | null): void {
  const src = args[0];
  if (src !== undefined) {
    if (src instanceof PyDict) d.update(rt, src);
    else {
      const keysFn = typeOf(src).lookup("keys");
      if (keysFn !== undefined && !(src instanceof PyList)) {
        for (const k of iterToArray(rt, callValue(rt, keysFn, [src], null))) d.set(rt, k, (callValue(rt, typeOf(src).lookup("__getitem__") as Value, [src, k], null)));
      } else {
        let i = 0;
        for (const item of iterToArray(rt, src)) {
          const kv = iterToArray(rt, item);
          if (kv.length !== 2) throw pyErr("ValueError", `dictionary update sequence element #${i} has length ${kv.length}; 2 is required`);
          d.set(rt, kv[0] as Value, kv[1] as Value);
          i++;
        }
      }
    }
  }
  if (kw !== null) for (const [k, v] of kw) d.set(rt, k, v);
}

function installConstructors(): void {
  T.object.newFn = (rt, cls) => {
    rt.alloc(56);
    return new PyObject(cls, cls.hasDict || cls.slots !== null ? new AttrDict(cls) : null);
  };
  T.int.newFn = (rt, cls, a, kw) => {
    let base = a[1];
    if (kw !== null && kw.size > 0) {
      for (const k of kw.keys()) if (k !== "base") throw pyErr("TypeError", `'${k}' is an invalid keyword argument for int()`);
      base = kw.get("base") ?? base;
      if (a.length === 0) throw pyErr("TypeError", "int() missing string argument");
    }
    if (a.length > 2) throw pyErr("TypeError", `int() takes at most 2 arguments (${a.length} given)`);
    const v = a.length === 0 ? 0 : toInt(rt, a[0] as Value, base);
    return cls === T.int ? v : boxedInstance(rt, cls, v);
  };
  T.bool.newFn = (rt, _cls, a) => (a.length === 0 ? false : truthy(rt, a[0] as Value));
  T.float.newFn = (rt, cls, a) => {
    const x = a.length === 0 ? 0 : toFloat(rt, a[0] as Value);
    return cls === T.float ? float(x) : withDict(rt, cls, new PyFloat(cls, x));
  };
  T.str.newFn = (rt, cls, a, kw) => {
    const s = strNew(rt, a, kw);
    return cls === T.str ? s : boxedInstance(rt, cls, s);
  };
  const strNew = (rt: Runtime, a: Value[], kw: Map<string, Value> | null): string => {
    if (a.length === 0) return "";
    const v = a[0] as Value;
    if ((a.length > 1 || kw !== null) && (v instanceof PyBytes || v instanceof PyByteArray)) {
      const b = v instanceof PyBytes ? v.b : v.view();
      rt.charge(10 + b.length);
      const s = utf8Decode(b);
      if (s === null) throw pyErr("UnicodeDecodeError", "'utf-8' codec can't decode bytes: invalid data");
      return s;
    }
    return str(rt, v);
  };
  T.bytes.newFn = (rt, cls, a) => (cls === T.bytes ? new PyBytes(T.bytes, bytesFrom(rt, a[0], a[1])) : withDict(rt, cls, new PyBytes(cls, bytesFrom(rt, a[0], a[1]))));
  T.bytearray.newFn = (rt, cls, a) => (cls === T.bytearray ? new PyByteArray(T.bytearray, bytesFrom(rt, a[0], a[1])) : withDict(rt, cls, new PyByteArray(cls, bytesFrom(rt, a[0], a[1]))));
  T.list.newFn = (rt, cls, a) => new PyList(cls, a.length === 0 ? [] : iterToArray(rt, a[0] as Value));
  T.tuple.newFn = (rt, cls, a) => {
    if (cls === T.tuple) return a.length === 0 ? tuple([]) : a[0] instanceof PyTuple && a[0].cls === T.tuple ? a[0] : tuple(iterToArray(rt, a[0] as Value));
    // A user subclass (namedtuple and friends): always a fresh instance of that class.
    return new PyTuple(cls, a.length === 0 ? [] : iterToArray(rt, a[0] as Value));
  };
  T.dict.newFn = (rt, cls, a, kw) => {
    const d = new PyDict(cls);
    dictFromArgs(rt, d, a, kw);
    return d;
  };
  const setNew = (frozen: boolean) => (rt: Runtime, cls: PyType, a: Value[]) => {
    const s = new PySet(cls, frozen);
    if (a.length > 0) for (const x of iterToArray(rt, a[0] as Value)) s.add(rt, x);
    return s;
  };
  T.set.newFn = setNew(false);
  T.frozenset.newFn = setNew(true);
  T.range.newFn = (rt, _cls, a) => {
    const ints = a.map((x) => I.big(toIndex(rt, x, "'%s' object cannot be interpreted as an integer")));
    if (ints.length === 0) throw pyErr("TypeError", "range expected at least 1 argument, got 0");
    if (ints.length > 3) throw pyErr("TypeError", `range expected at most 3 arguments, got ${ints.length}`);
    const [start, stop, step] = ints.length === 1 ? [0n, ints[0] as bigint, 1n] : [ints[0] as bigint, ints[1] as bigint, (ints[2] ?? 1n) as bigint];
    if (step === 0n) throw pyErr("ValueError", "range() arg 3 must not be zero");
    return new PyRange(T.range, start, stop, step);
  };
  T.slice.newFn = (_rt, _cls, a) => (a.length === 1 ? new PySlice(T.slice, None, a[0] as Value, None) : new PySlice(T.slice, a[0] ?? None, a[1] ?? None, a[2] ?? None));
  T.type.newFn = (rt, cls, a, kw) => {
    if (a.length === 1) return typeOf(a[0] as Value);
    if (a.length !== 3) throw pyErr("TypeError", "type() takes 1 or 3 arguments");
    const [name, bases, ns] = a as [Value, Value, Value];
    if (typeof name !== "string" || !(bases instanceof PyTuple) || !(ns instanceof PyDict)) throw pyErr("TypeError", "type.__new__() argument types are (str, tuple, dict)");
    const m = new Map<string, Value>();
    for (const e of ns.table.entries()) if (typeof e.k === "string") m.set(e.k, e.v);
    const mod = m.get("__module__");
    const made = createClass(rt, cls, name, bases.items as PyType[], m, typeof mod === "string" ? mod : "__main__", name);
    // type.__new__ runs the parent's __init_subclass__, so metaclasses that override __new__ or
    // __call__ (ABCMeta, EnumType) get it too; the plain class statement path calls it itself.
    initSubclass(rt, made, kw ?? null);
    return made;
  };
  T.property.newFn = (_rt, _cls, a, kw) => new PyWrapper(T.property, a[0] ?? kw?.get("fget") ?? None, a[1] ?? kw?.get("fset") ?? None, a[2] ?? kw?.get("fdel") ?? None, a[3] ?? kw?.get("doc") ?? None);
  T.classmethod.newFn = (_rt, _cls, a) => new PyWrapper(T.classmethod, a[0] as Value);
  T.staticmethod.newFn = (_rt, _cls, a) => new PyWrapper(T.staticmethod, a[0] as Value);
  const excNew = (rt: Runtime, cls: PyType, a: Value[]) => {
    rt.alloc(96);
    const e = new PyBaseException(cls, a.slice());
    if (cls.isSubtypeOf(E.BaseExceptionGroup)) {
      const list = a[1] === undefined ? [] : iterToArray(rt, a[1]);
      if (typeof a[0] !== "string" || list.length === 0) throw pyErr("TypeError", "BaseExceptionGroup(msg, excs): msg must be str and excs a non-empty sequence");
      e.exceptions = list as PyBaseException[];
      e.args = [a[0], tuple(list)];
    }
    return e;
  };
  E.BaseException.newFn = excNew;
  E.ExceptionGroup.newFn = excNew;
}

function self<X>(v: Value, cls: abstract new (...a: never[]) => X, t: PyType, name: string): X {
  if (!(v instanceof cls)) throw pyErr("TypeError", `descriptor '${name}' for '${t.name}' objects doesn't apply to a '${typeOf(v).name}' object`);
  return v;
}

function sortList(rt: Runtime, items: Value[], key: Value, reverse: boolean): void {
  const n = items.length;
  rt.charge(n * Math.max(1, Math.ceil(Math.log2(n + 1))));
  const keys = key === None ? items : items.map((x) => callValue(rt, key, [x], null));
  const idx = items.map((_x, i) => i);
  // Stable merge sort (Array.prototype.sort is stable); reverse keeps stability like CPython.
  const allNum = keys.every((k) => typeof k === "number");
  const allStr = !allNum && keys.every((k) => typeof k === "string");
  if (allNum || allStr) {
    // Homogeneous small ints or strs: compare natively (same order as Python's `<`).
    const sign = reverse ? -1 : 1;
    if (allNum) {
      const ks = keys as number[];
      idx.sort((i, j) => sign * ((ks[i] as number) - (ks[j] as number)));
    } else {
      const ks = keys as string[];
      idx.sort((i, j) => sign * cmpStr(ks[i] as string, ks[j] as string));
    }
  } else
    idx.sort((i, j) => {
      const a = keys[i] as Value;
      const b = keys[j] as Value;
      if (reverse) return lessThan(rt, b, a) ? -1 : lessThan(rt, a, b) ? 1 : 0;
      return lessThan(rt, a, b) ? -1 : lessThan(rt, b, a) ? 1 : 0;
    });
  const copy = items.slice();
  for (let i = 0; i < n; i++) items[i] = copy[idx[i] as number] as Value;
}

function installListMethods(): void {
  const L = T.list;
  const me = (v: Value, n: string): PyList => (v instanceof PyList ? v : self(v, PyList, L, n)); // constant instanceof: monomorphic
  // The layout's own item protocol, as a subclass reaches it through super() or list.__x__(self, …).
  method(L, "__getitem__", (rt, a) => listGetItem(rt, me(a[0] as Value, "__getitem__"), a[1] as Value));
  method(L, "__setitem__", (rt, a) => {
    listSetItem(rt, me(a[0] as Value, "__setitem__"), a[1] as Value, a[2] as Value);
    return None;
  });
  method(L, "__delitem__", (rt, a) => {
    listDelItem(rt, me(a[0] as Value, "__delitem__"), a[1] as Value);
    return None;
  });
  method(L, "__contains__", (rt, a) => seqContains(rt, me(a[0] as Value, "__contains__").items, a[1] as Value));
  method(L, "__len__", (_rt, a) => me(a[0] as Value, "__len__").items.length);
  method(L, "append", (rt, a) => {
    rt.alloc(8);
    me(a[0] as Value, "append").items.push(a[1] as Value);
    return None;
  });
  method(L, "extend", (rt, a) => {
    const l = me(a[0] as Value, "extend");
    const xs = iterToArray(rt, a[1] as Value);
    rt.alloc(8 * xs.length);
    for (const x of xs) l.items.push(x);
    return None;
  });
  method(L, "pop", (rt, a) => {
    const l = me(a[0] as Value, "pop");
    if (l.items.length === 0) throw pyErr("IndexError", "pop from empty list");
    if (a.length < 2) return l.items.pop() as Value;
    let i = Number(toIndex(rt, a[1] as Value));
    if (i < 0) i += l.items.length;
    if (i < 0 || i >= l.items.length) throw pyErr("IndexError", "pop index out of range");
    rt.charge(l.items.length - i);
    // shift() for the head (a queue's pop(0)), else move the tail down: no result array allocated.
    const items = l.items;
    const v = items[i] as Value;
    if (i === 0) items.shift();
    else {
      for (let j = i + 1; j < items.length; j++) items[j - 1] = items[j] as Value;
      items.length--;
    }
    return v;
  });
  method(L, "insert", (rt, a) => {
    const l = me(a[0] as Value, "insert");
    let i = Number(toIndex(rt, a[1] as Value));
    const n = l.items.length;
    if (i < 0) i = Math.max(0, i + n);
    if (i > n) i = n;
    rt.charge(n - i);
    rt.alloc(8);
    l.items.splice(i, 0, a[2] as Value);
    return None;
  });
  method(L, "remove", (rt, a) => {
    const l = me(a[0] as Value, "remove");
    for (let i = 0; i < l.items.length; i++) {
      rt.charge(1);
      if (eq(rt, l.items[i] as Value, a[1] as Value)) {
        l.items.splice(i, 1);
        return None;
      }
    }
    throw pyErr("ValueError", "list.remove(x): x not in list");
  });
  method(L, "index", (rt, a) => {
    const l = me(a[0] as Value, "index");
    for (let i = 0; i < l.items.length; i++) {
      rt.charge(1);
      if (eq(rt, l.items[i] as Value, a[1] as Value)) return i;
    }
    throw pyErr("ValueError", `${repr(rt, a[1] as Value)} is not in list`);
  });
  method(L, "count", (rt, a) => {
    const l = me(a[0] as Value, "count");
    rt.charge(l.items.length);
    return l.items.filter((x) => eq(rt, x, a[1] as Value)).length;
  });
  method(L, "__init__", (rt, a) => {
    const l = me(a[0] as Value, "__init__");
    l.items = a.length > 1 ? iterToArray(rt, a[1] as Value) : [];
    return None;
  });
  method(L, "clear", (_rt, a) => {
    me(a[0] as Value, "clear").items.length = 0;
    return None;
  });
  method(L, "copy", (rt, a) => {
    const l = me(a[0] as Value, "copy");
    rt.charge(l.items.length);
    rt.alloc(56 + 8 * l.items.length);
    return new PyList(T.list, l.items.slice());
  });
  method(L, "reverse", (rt, a) => {
    const l = me(a[0] as Value, "reverse");
    rt.charge(l.items.length);
    l.items.reverse();
    return None;
  });
  method(L, "sort", (rt, a, kw) => {
    if (a.length > 1) throw pyErr("TypeError", "sort() takes no positional arguments");
    const l = me(a[0] as Value, "sort");
    const items = l.items;
    l.items = [];
    try {
      sortList(rt, items, kw?.get("key") ?? None, truthy(rt, kw?.get("reverse") ?? false));
    } finally {
      if (l.items.length > 0) {
        l.items = items;
        throw pyErr("ValueError", "list modified during sort");
      }
      l.items = items;
    }
    return None;
  });
}

function installDictMethods(): void {
  const D = T.dict;
  const me = (v: Value, n: string): PyDict => (v instanceof PyDict ? v : self(v, PyDict, D, n)); // constant instanceof: monomorphic
  method(D, "get", (rt, a) => me(a[0] as Value, "get").get(rt, a[1] as Value) ?? a[2] ?? None);
  method(D, "keys", (_rt, a) => new PyDictView(T.dict_keys, me(a[0] as Value, "keys")));
  method(D, "values", (_rt, a) => new PyDictView(T.dict_values, me(a[0] as Value, "values")));
  method(D, "items", (_rt, a) => new PyDictView(T.dict_items, me(a[0] as Value, "items")));
  method(D, "pop", (rt, a) => {
    const table = me(a[0] as Value, "pop").table;
    // CPython answers pop() on an empty dict without hashing the key.
    const e = table.size === 0 ? undefined : table.delete(rt, a[1] as Value);
    if (e !== undefined) return e.v;
    if (a.length > 2) return a[2] as Value;
    throw keyError(rt, a[1] as Value);
  });
  method(D, "popitem", (rt, a) => {
    const e = me(a[0] as Value, "popitem").table.popLast(rt);
    if (e === undefined) throw pyErr("KeyError", "popitem(): dictionary is empty");
    return tuple([e.k, e.v]);
  });
  method(D, "setdefault", (rt, a) => {
    const d = me(a[0] as Value, "setdefault");
    const cur = d.get(rt, a[1] as Value);
    if (cur !== undefined) return cur;
    d.set(rt, a[1] as Value, a[2] ?? None);
    return a[2] ?? None;
  });
  method(D, "update", (rt, a, kw) => {
    dictFromArgs(rt, me(a[0] as Value, "update"), a.slice(1), kw);
    return None;
  });
  method(D, "clear", (_rt, a) => {
    me(a[0] as Value, "clear").table.clear();
    return None;
  });
  method(D, "copy", (rt, a) => me(a[0] as Value, "copy").copy(rt));
  method(D, "__getitem__", (rt, a) => {
    const v = me(a[0] as Value, "__getitem__").get(rt, a[1] as Value);
    if (v === undefined) throw keyError(rt, a[1] as Value);
    return v;
  });
  method(D, "__setitem__", (rt, a) => {
    me(a[0] as Value, "__setitem__").set(rt, a[1] as Value, a[2] as Value);
    return None;
  });
  method(D, "__contains__", (rt, a) => me(a[0] as Value, "__contains__").table.find(rt, a[1] as Value) !== undefined);
  method(D, "__len__", (_rt, a) => me(a[0] as Value, "__len__").table.size);
  D.ns.set("fromkeys", new PyWrapper(T.classmethod, fnOf("fromkeys", (rt, a) => {
    const d = new PyDict(a[0] as PyType);
    for (const k of iterToArray(rt, a[1] as Value)) d.set(rt, k, a[2] ?? None);
    return d;
  })));
  D.ns.set("__init__", fnOf("__init__", (rt, a, kw) => {
    dictFromArgs(rt, me(a[0] as Value, "__init__"), a.slice(1), kw);
    return None;
  }, true));
}

import { PyNative } from "../runtime/object.js";
function fnOf(name: string, fn: PyNative["fn"], isMethod = false): PyNative {
  return new PyNative(T.builtin_function_or_method, name, fn, isMethod);
}

function installSetMethods(): void {
  for (const S of [T.set, T.frozenset]) {
    const me = (v: Value, n: string): PySet => (v instanceof PySet ? v : self(v, PySet, S, n)); // constant instanceof: monomorphic
    method(S, "__contains__", (rt, a) => me(a[0] as Value, "__contains__").table.find(rt, a[1] as Value) !== undefined);
    method(S, "__len__", (_rt, a) => me(a[0] as Value, "__len__").table.size);
    const other = (rt: Runtime, v: Value): PySet => {
      if (v instanceof PySet) return v;
      const s = new PySet(T.set, false);
      for (const x of iterToArray(rt, v)) s.add(rt, x);
      return s;
    };
    const op = (name: string, o: "BitOr" | "BitAnd" | "Sub" | "BitXor") =>
      method(S, name, (rt, a) => {
        let r = me(a[0] as Value, name);
        for (const x of a.slice(1)) r = r.setOp(rt, o, other(rt, x));
        return a.length === 1 ? r.setOp(rt, "BitOr", new PySet(T.set, false)) : r;
      });
    op("union", "BitOr");
    op("intersection", "BitAnd");
    op("difference", "Sub");
    op("symmetric_difference", "BitXor");
    method(S, "issubset", (rt, a) => me(a[0] as Value, "issubset").isSubset(rt, other(rt, a[1] as Value)));
    method(S, "issuperset", (rt, a) => other(rt, a[1] as Value).isSubset(rt, me(a[0] as Value, "issuperset")));
    method(S, "isdisjoint", (rt, a) => me(a[0] as Value, "isdisjoint").setOp(rt, "BitAnd", other(rt, a[1] as Value)).table.size === 0);
    method(S, "copy", (rt, a) => me(a[0] as Value, "copy").setOp(rt, "BitOr", new PySet(T.set, false)));
  }
  const S = T.set;
  const me = (v: Value, n: string): PySet => (v instanceof PySet ? v : self(v, PySet, S, n)); // constant instanceof: monomorphic
  method(S, "__init__", (rt, a) => {
    const st = me(a[0] as Value, "__init__");
    st.table.clear();
    if (a.length > 1) for (const k of iterToArray(rt, a[1] as Value)) st.add(rt, k);
    return None;
  });
  method(S, "add", (rt, a) => (me(a[0] as Value, "add").add(rt, a[1] as Value), None));
  method(S, "remove", (rt, a) => {
    if (me(a[0] as Value, "remove").table.delete(rt, a[1] as Value) === undefined) throw keyError(rt, a[1] as Value);
    return None;
  });
  method(S, "discard", (rt, a) => (me(a[0] as Value, "discard").table.delete(rt, a[1] as Value), None));
  method(S, "pop", (rt, a) => {
    const s = me(a[0] as Value, "pop");
    const first = s.table.entries().next();
    if (first.done === true) throw pyErr("KeyError", "pop from an empty set");
    s.table.delete(rt, first.value.k);
    return first.value.k;
  });
  method(S, "clear", (_rt, a) => (me(a[0] as Value, "clear").table.clear(), None));
  method(S, "update", (rt, a) => {
    const s = me(a[0] as Value, "update");
    for (const x of a.slice(1)) for (const k of iterToArray(rt, x)) s.add(rt, k);
    return None;
  });
  const inplace = (name: string, o: "BitAnd" | "Sub" | "BitXor") =>
    method(S, name, (rt, a) => {
      const s = me(a[0] as Value, name);
      const o2 = new PySet(T.set, false);
      for (const k of iterToArray(rt, a[1] as Value)) o2.add(rt, k);
      s.setOpInPlace(rt, o, o2);
      return None;
    });
  inplace("intersection_update", "BitAnd");
  inplace("difference_update", "Sub");
  inplace("symmetric_difference_update", "BitXor");
}

function installMisc(): void {
  method(T.tuple, "index", (rt, a) => {
    const t = self(a[0] as Value, PyTuple, T.tuple, "index");
    for (let i = 0; i < t.items.length; i++) if (eq(rt, t.items[i] as Value, a[1] as Value)) return i;
    throw pyErr("ValueError", "tuple.index(x): x not in tuple");
  });
  method(T.tuple, "__getitem__", (rt, a) => tupleGetItem(rt, self(a[0] as Value, PyTuple, T.tuple, "__getitem__"), a[1] as Value));
  method(T.tuple, "__contains__", (rt, a) => seqContains(rt, self(a[0] as Value, PyTuple, T.tuple, "__contains__").items, a[1] as Value));
  method(T.tuple, "__len__", (_rt, a) => self(a[0] as Value, PyTuple, T.tuple, "__len__").items.length);
  method(T.tuple, "count", (rt, a) => self(a[0] as Value, PyTuple, T.tuple, "count").items.filter((x) => eq(rt, x, a[1] as Value)).length);
  method(T.int, "bit_length", (_rt, a) => I.bitLength(asInt(a[0] as Value) as I.Int));
  method(T.int, "to_bytes", (rt, a, kw) => {
    const n = I.big(asInt(a[0] as Value) as I.Int);
    const len = Number(asInt(a[1] ?? kw?.get("length") ?? 1));
    const order = (a[2] ?? kw?.get("byteorder") ?? "big") as string;
    const signed = truthy(rt, kw?.get("signed") ?? false);
    rt.alloc(len);
    let v = n;
    if (v < 0n) {
      if (!signed) throw pyErr("OverflowError", "can't convert negative int to unsigned");
      v += 1n << BigInt(8 * len);
    }
    if (v >= 1n << BigInt(8 * len) || (signed && n >= 0n && len > 0 && v >= 1n << BigInt(8 * len - 1))) throw pyErr("OverflowError", "int too big to convert");
    const out = new Uint8Array(len);
    for (let i = len - 1; i >= 0; i--) {
      out[i] = Number(v & 0xffn);
      v >>= 8n;
    }
    if (order === "little") out.reverse();
    return new PyBytes(T.bytes, out);
  });
  T.int.ns.set("from_bytes", new PyWrapper(T.classmethod, fnOf("from_bytes", (rt, a, kw) => {
    const b = bytesFrom(rt, a[1]);
    const order = (a[2] ?? kw?.get("byteorder") ?? "big") as string;
    const signed = truthy(rt, kw?.get("signed") ?? false);
    const arr = order === "little" ? Array.from(b).reverse() : Array.from(b);
    let v = 0n;
    for (const x of arr) v = (v << 8n) | BigInt(x);
    if (signed && arr.length > 0 && (arr[0] as number) >= 0x80) v -= 1n << BigInt(8 * arr.length);
    // `I.from_bytes(...)` builds an I, as CPython does for subclasses.
    return a[0] === T.int || a[0] === undefined ? I.norm(v) : callValue(rt, a[0], [I.norm(v)], null);
  })));
  method(T.int, "__index__", (_rt, a) => asInt(a[0] as Value) as I.Int);
  // The numbers.Integral attributes: on an int subclass instance they give the exact int value.
  const intProp = (name: string, get: (v: I.Int) => Value) => T.int.ns.set(name, new PyWrapper(T.property, fnOf(name, (_rt, a) => get(asInt(a[0] as Value) as I.Int))));
  intProp("real", (v) => v);
  intProp("imag", () => 0);
  intProp("numerator", (v) => v);
  intProp("denominator", () => 1);
  method(T.int, "conjugate", (_rt, a) => asInt(a[0] as Value) as I.Int);
  const floatProp = (name: string, get: (x: number) => number) => T.float.ns.set(name, new PyWrapper(T.property, fnOf(name, (_rt, a) => float(get((a[0] as PyFloat).v)))));
  floatProp("real", (x) => x);
  floatProp("imag", () => 0);
  method(T.float, "conjugate", (_rt, a) => float((a[0] as PyFloat).v));
  method(T.float, "is_integer", (_rt, a) => Number.isInteger((a[0] as PyFloat).v));
  method(T.float, "hex", (_rt, a) => floatRepr((a[0] as PyFloat).v));
  method(T.float, "as_integer_ratio", (_rt, a) => {
    let x = (a[0] as PyFloat).v;
    if (!Number.isFinite(x)) throw pyErr("OverflowError", "cannot convert Infinity to integer ratio");
    let d = 1n;
    while (!Number.isInteger(x)) {
      x *= 2;
      d *= 2n;
    }
    return tuple([I.norm(BigInt(x)), I.norm(d)]);
  });
  method(T.bytes, "decode", (rt, a) => {
    const b = (a[0] as PyBytes).b;
    rt.charge(10 + b.length);
    const s = utf8Decode(b);
    if (s === null) throw pyErr("UnicodeDecodeError", "'utf-8' codec can't decode bytes: invalid data");
    return s;
  });
  method(T.bytes, "hex", (rt, a) => {
    const b = (a[0] as PyBytes).b;
    rt.charge(b.length * 2);
    return Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
  });
  T.bytes.ns.set("fromhex", new PyWrapper(T.classmethod, fnOf("fromhex", (_rt, a) => {
    const s = String(a[1]).replace(/\s+/g, "");
    if (!/^([0-9a-fA-F]{2})*$/.test(s)) throw pyErr("ValueError", "non-hexadecimal number found in fromhex() arg");
    return new PyBytes(T.bytes, Uint8Array.from(s.match(/../g) ?? [], (h) => parseInt(h, 16)));
  })));
  method(T.bytearray, "append", (rt, a) => {
    const b = a[0] as PyByteArray;
    const x = Number(asInt(a[1] as Value));
    if (!(x >= 0 && x <= 255)) throw pyErr("ValueError", "byte must be in range(0, 256)");
    rt.alloc(1);
    if (b.len === b.b.length) {
      const nb = new Uint8Array(Math.max(8, b.len * 2));
      nb.set(b.b);
      b.b = nb;
    }
    b.b[b.len++] = x;
    return None;
  });
  method(T.object, "__init__", () => None);
  method(T.object, "__eq__", (_rt, a) => (a[0] === a[1] ? true : NotImplementedValue()));
  method(T.object, "__ne__", (_rt, a) => a[0] !== a[1]);
  method(T.object, "__hash__", (rt, a) => hash(rt, a[0] as Value));
  method(T.object, "__repr__", (rt, a) => repr(rt, a[0] as Value));
  method(T.object, "__str__", (rt, a) => str(rt, a[0] as Value));
  method(T.object, "__setattr__", (rt, a) => (genericSetAttr(rt, a[0] as Value, a[1] as string, a[2] as Value), None));
  method(T.object, "__getattribute__", (rt, a) => {
    const v = genericGetAttr(rt, a[0] as Value, typeOf(a[0] as Value), a[1] as string);
    if (v === undefined) throw pyErr("AttributeError", `'${typeOf(a[0] as Value).name}' object has no attribute '${String(a[1])}'`);
    return v;
  });
  method(T.object, "__delattr__", (rt, a) => {
    const o = a[0] as Value;
    if (typeof o !== "object" || o.dict === null || !o.dict.delete(a[1] as string)) throw pyErr("AttributeError", String(a[1]));
    return None;
  });
  T.object.ns.set("__init_subclass__", new PyWrapper(T.classmethod, fnOf("__init_subclass__", () => None)));
  method(T.type, "mro", (_rt, a) => new PyList(T.list, (a[0] as PyType).mro.slice()));
  // type.__call__, reachable from a metaclass's own __call__ through super().
  method(T.type, "__call__", (rt, a, kw) => {
    const cls = a[0];
    if (!(cls instanceof PyType)) throw pyErr("TypeError", "descriptor '__call__' requires a 'type' object");
    return typeCall(rt, cls, a.slice(1), kw);
  });
  method(E.BaseException, "with_traceback", (_rt, a) => a[0] as Value);
  method(E.BaseException, "__init__", (_rt, a) => {
    const e = a[0];
    if (e instanceof PyBaseException) e.args = a.slice(1);
    return None;
  });
  const P = T.property;
  const prop = (v: Value) => self(v, PyWrapper, P, "property");
  method(P, "setter", (_rt, a) => {
    const p = prop(a[0] as Value);
    return new PyWrapper(T.property, p.fget, a[1] as Value, p.fdel, p.doc);
  });
  method(P, "getter", (_rt, a) => {
    const p = prop(a[0] as Value);
    return new PyWrapper(T.property, a[1] as Value, p.fset, p.fdel, p.doc);
  });
  method(P, "deleter", (_rt, a) => {
    const p = prop(a[0] as Value);
    return new PyWrapper(T.property, p.fget, p.fset, a[1] as Value, p.doc);
  });
  for (const G of [T.generator, T.coroutine, T.async_generator_asend, T.async_generator_athrow, T.anext_awaitable]) {
    const gen = (v: Value) => self(v, PyGenerator, G, "send");
    const finish = (rt: Runtime, g: PyGenerator, y: Value | undefined, out: { value: Value }): Value => {
      if (y !== undefined) return y;
      const e = new PyBaseException(E.StopIteration, out.value === None ? [] : [out.value]);
      throw new PyThrow(e);
    };
    method(G, "send", (rt, a) => {
      const g = gen(a[0] as Value);
      const out = { value: None as Value };
      return finish(rt, g, genResume(rt, g, "next", a[1] ?? None, out), out);
    });
    method(G, "__next__", (rt, a) => {
      const g = gen(a[0] as Value);
      const out = { value: None as Value };
      return finish(rt, g, genResume(rt, g, "next", None, out), out);
    });
    method(G, "throw", (rt, a) => {
      const g = gen(a[0] as Value);
      let exc = a[1] as Value;
      if (exc instanceof PyType) exc = callValue(rt, exc, a[2] !== undefined && a[2] !== None ? [a[2]] : [], null);
      if (!(exc instanceof PyBaseException)) throw pyErr("TypeError", "exceptions must derive from BaseException");
      const out = { value: None as Value };
      if (!g.started) {
        g.finished = true;
        throw new PyThrow(exc);
      }
      return finish(rt, g, genResume(rt, g, "throw", new PyThrow(exc), out), out);
    });
    method(G, "close", (rt, a) => {
      closeGen(rt, gen(a[0] as Value));
      return None;
    });
    method(G, "__iter__", (_rt, a) => a[0] as Value);
  }
  method(E.BaseException, "add_note", () => None);
}

import { NotImplemented } from "../runtime/types.js";
import { genericGetAttr, genericSetAttr } from "../runtime/call.js";
function NotImplementedValue(): Value {
  return NotImplemented;
}

/** Populate builtin types' constructors and methods; runs once, when this module is loaded. */
function installBuiltinTypes(): void {
  installConstructors();
  installListMethods();
  installDictMethods();
  installSetMethods();
  installStrMethods();
  installMisc();
  installBytesMethods();
  installAsyncGenMethods();
  installValueSlots();
  void iterate;
}

installBuiltinTypes();

void parseIntTextLocal;
void parseFloatTextLocal;
