// The builtins namespace: builtin functions, types and exception classes. Iterating builtins
// charge one Cycle per element visited (CIP-3 "cost of built-in functions").
import { C } from "../runtime/costs.js";
import { callValue, getAttr, setAttr, delAttr, genericGetAttr, PySuper, userDunder } from "../runtime/call.js";
import type { Runtime } from "../runtime/context.js";
import { PyDict } from "../runtime/dict.js";
import { E, PyThrow, pyErr } from "../runtime/exceptions.js";
import { PyFunction, PyGenerator } from "../runtime/function.js";
import { aiterFn, anextFn } from "./agen.js";
import * as I from "../runtime/int.js";
import { genResume, getIter, iterate, iterToArray, nextValue, PyIterator } from "../runtime/iter.js";
import { PyBoxed, unbox, PyBoundMethod, PyByteArray, PyBytes, PyFloat, PyList, PyNative, PyObject, PyRange, PyTuple, PyType, PyUnion, type Value } from "../runtime/object.js";
import { asInt, binop, eq, float, hash, lessThan, repr, str, truthy, tuple, typeOf } from "../runtime/ops.js";
import { cpLength } from "../runtime/strings.js";
import { toIndex } from "../runtime/subscript.js";
import { Ellipsis, None, NotImplemented, T } from "../runtime/types.js";
import { asciiReprOf } from "../runtime/strings.js";
import { formatValue } from "./format-builtin.js";
import { fnValue } from "./util.js";
import { N, num } from "../runtime/numeric.js";

function len(rt: Runtime, v: Value): number {
  if (typeof v === "string") return cpLength(v);
  if (v instanceof PyList || v instanceof PyTuple) return v.items.length;
  const t = typeOf(v);
  if (!t.builtin) {
    const f = userDunder(t, "__len__");
    if (f !== undefined) {
      const r = asInt(callValue(rt, f, [v], null));
      if (r === undefined) throw pyErr("TypeError", "'__len__' method should return an integer");
      if (I.big(r) < 0n) throw pyErr("ValueError", "__len__() should return >= 0");
      return Number(r);
    }
  }
  if (v instanceof PyBoxed && typeof v.v === "string") return cpLength(v.v);
  if (v instanceof PyDict || (v instanceof PyObject && "table" in v)) return (v as PyDict).table.size;
  if (v instanceof PyBytes) return v.b.length;
  if (v instanceof PyByteArray) return v.len;
  if (v instanceof PyRange) return Number(v.length);
  if (v instanceof PyObject && "d" in v) return (v as unknown as { d: PyDict }).d.table.size;
  throw pyErr("TypeError", `object of type '${t.name}' has no len()`);
}

function isinstance(rt: Runtime, v: Value, cls: Value): boolean {
  if (cls instanceof PyTuple) return cls.items.some((c) => isinstance(rt, v, c));
  if (cls instanceof PyUnion) return cls.args.some((c) => isinstance(rt, v, c));
  if (!(cls instanceof PyType)) {
    // PEP 3119: any object whose type defines __instancecheck__ decides (typing's aliases, unions).
    const own = typeof cls === "object" && !cls.cls.builtin ? userDunder(cls.cls, "__instancecheck__") : undefined;
    if (own === undefined) throw pyErr("TypeError", "isinstance() arg 2 must be a type, a tuple of types, or a union");
    return truthy(rt, callValue(rt, own, [cls, v], null));
  }
  if (typeOf(v).isSubtypeOf(cls)) return true;
  // A metaclass may widen the check (abc's virtual subclasses).
  const hook = userDunder(cls.cls, "__instancecheck__");
  return hook !== undefined && truthy(rt, callValue(rt, hook, [cls, v], null));
}

function issubclass(rt: Runtime, c: Value, cls: Value): boolean {
  if (!(c instanceof PyType)) throw pyErr("TypeError", "issubclass() arg 1 must be a class");
  if (cls instanceof PyTuple) return cls.items.some((x) => issubclass(rt, c, x));
  if (cls instanceof PyUnion) return cls.args.some((x) => issubclass(rt, c, x));
  if (!(cls instanceof PyType)) {
    const own = typeof cls === "object" && !cls.cls.builtin ? userDunder(cls.cls, "__subclasscheck__") : undefined;
    if (own === undefined) throw pyErr("TypeError", "issubclass() arg 2 must be a class, a tuple of classes, or a union");
    return truthy(rt, callValue(rt, own, [cls, c], null));
  }
  if (c.isSubtypeOf(cls)) return true;
  const hook = userDunder(cls.cls, "__subclasscheck__");
  return hook !== undefined && truthy(rt, callValue(rt, hook, [cls, c], null));
}

function minmax(rt: Runtime, name: string, args: Value[], kw: Map<string, Value> | null, wantMax: boolean): Value {
  const key = kw?.get("key") ?? None;
  const dflt = kw?.get("default");
  const items = args.length === 1 ? iterToArray(rt, args[0] as Value) : args;
  if (args.length === 0) throw pyErr("TypeError", `${name} expected at least 1 argument, got 0`);
  if (items.length === 0) {
    if (dflt !== undefined) return dflt;
    throw pyErr("ValueError", `${name}() arg is an empty sequence`);
  }
  let best = items[0] as Value;
  let bestKey = key === None ? best : callValue(rt, key, [best], null);
  for (let i = 1; i < items.length; i++) {
    const x = items[i] as Value;
    const k = key === None ? x : callValue(rt, key, [x], null);
    if (wantMax ? lessThan(rt, bestKey, k) : lessThan(rt, k, bestKey)) {
      best = x;
      bestKey = k;
    }
  }
  return best;
}

function roundValue(rt: Runtime, x: Value, nd: Value | undefined): Value {
  const i = asInt(x);
  if (i !== undefined) {
    if (nd === undefined || nd === None) return i;
    const n = Number(asInt(nd));
    if (n >= 0) return i;
    const p = 10n ** BigInt(-n);
    const b = I.big(i);
    let q = b / p;
    let r = b % p;
    if (r < 0n) {
      q -= 1n;
      r += p;
    }
    if (2n * r > p || (2n * r === p && q % 2n !== 0n)) q += 1n;
    return I.norm(q * p);
  }
  if (x instanceof PyFloat) {
    const v = x.v;
    if (nd === undefined || nd === None) return I.norm(num(() => N.roundFloatToInt(v)));
    const n = asInt(nd);
    if (n === undefined) throw pyErr("TypeError", `'${typeOf(nd).name}' object cannot be interpreted as an integer`);
    const r = num(() => N.roundFloat(v, n));
    return float(Number(r));
  }
  const f = userDunder(typeOf(x), "__round__");
  if (f !== undefined) return callValue(rt, f, nd === undefined ? [x] : [x, nd], null);
  throw pyErr("TypeError", `type ${typeOf(x).name} doesn't define __round__ method`);
}

function intToBase(rt: Runtime, v: Value, base: number, prefix: string): string {
  const i = toIndex(rt, v, "'%s' object cannot be interpreted as an integer");
  const b = I.big(i);
  const out = (b < 0n ? "-" : "") + prefix + (b < 0n ? -b : b).toString(base);
  rt.charge(out.length); // stringPerChar per digit produced (cips/metering.md)
  return out;
}

function printFn(rt: Runtime, args: Value[], kw: Map<string, Value> | null): Value {
  const sepV = kw?.get("sep") ?? None;
  const endV = kw?.get("end") ?? None;
  const sep = sepV === None ? " " : (sepV as string);
  const end = endV === None ? "\n" : (endV as string);
  if (kw !== null) for (const k of kw.keys()) if (!["sep", "end", "flush", "file"].includes(k)) throw pyErr("TypeError", `'${k}' is an invalid keyword argument for print()`);
  const text = args.map((a) => str(rt, a)).join(sep) + end;
  rt.charge(text.length);
  rt.stdout(text);
  return None;
}

function sortedFn(rt: Runtime, args: Value[], kw: Map<string, Value> | null): Value {
  if (args.length !== 1) throw pyErr("TypeError", `sorted expected 1 argument, got ${args.length}`);
  const l = new PyList(T.list, iterToArray(rt, args[0] as Value));
  const sort = T.list.ns.get("sort") as PyNative;
  sort.fn(rt, [l], kw);
  return l;
}

function sumFn(rt: Runtime, args: Value[], kw: Map<string, Value> | null): Value {
  let acc: Value = args[1] ?? kw?.get("start") ?? 0;
  if (typeof acc === "string") throw pyErr("TypeError", "sum() can't sum strings [use ''.join(seq) instead]");
  const next = iterate(rt, args[0] as Value);
  for (let x = next(); x !== undefined; x = next()) {
    rt.charge(1);
    if (typeof acc === "number" && typeof x === "number") {
      const r: number = acc + x;
      if (Number.isSafeInteger(r)) {
        acc = r;
        continue;
      }
    }
    acc = binop(rt, "Add", acc, x);
  }
  return acc;
}

function mapIter(rt: Runtime, f: Value, its: Value[]): Value {
  const nexts = its.map((x) => iterate(rt, x));
  return new PyIterator(() => {
    const vals: Value[] = [];
    for (const n of nexts) {
      const v = n();
      if (v === undefined) return undefined;
      vals.push(v);
    }
    rt.charge(1);
    return callValue(rt, f, vals, null);
  }, [f, ...its]);
}

function zipIter(rt: Runtime, its: Value[], strict: boolean): Value {
  const nexts = its.map((x) => iterate(rt, x));
  return new PyIterator(() => {
    const n = nexts.length;
    if (n === 0) return undefined;
    // Sized up front: a tuple built by push() from [] keeps a 17-slot backing store, which made
    // list(zip(...)) mostly garbage-collector time (issue 18 audit).
    const vals: Value[] = n === 2 ? [None, None] : new Array<Value>(n).fill(None);
    for (let i = 0; i < n; i++) {
      const v = (nexts[i] as () => Value | undefined)();
      if (v === undefined) {
        if (strict && (i > 0 || nexts.slice(1).some((n) => n() !== undefined)))
          throw pyErr("ValueError", `zip() argument ${i + 1} is shorter than argument${i === 1 ? "" : "s"} 1${i > 1 ? `-${i}` : ""}`);
        return undefined;
      }
      vals[i] = v;
    }
    rt.charge(1 + C.alloc); // per step, and the new tuple (cips/metering.md)
    return tuple(vals);
  }, its);
}

/** Build the builtins namespace (one per run: it is a fresh Map, but its values are shared). */
export function makeBuiltins(): Map<string, Value> {
  const b = new Map<string, Value>();
  const def = (name: string, fn: PyNative["fn"]) => b.set(name, fnValue(name, fn));
  def("print", printFn);
  def("len", (rt, a) => {
    if (a.length !== 1) throw pyErr("TypeError", `len() takes exactly one argument (${a.length} given)`);
    return len(rt, a[0] as Value);
  });
  def("repr", (rt, a) => repr(rt, a[0] as Value));
  def("ascii", (rt, a) => asciiReprOf(repr(rt, a[0] as Value)));
  def("isinstance", (rt, a) => isinstance(rt, a[0] as Value, a[1] as Value));
  def("issubclass", (rt, a) => issubclass(rt, a[0] as Value, a[1] as Value));
  // A str subclass instance names an attribute by its text.
  const attrName = (v: Value | undefined): Value | undefined => (v instanceof PyBoxed ? v.v : v);
  def("hasattr", (rt, a) => {
    a[1] = attrName(a[1]) as Value;
    try {
      getAttr(rt, a[0] as Value, a[1] as string);
      return true;
    } catch (e) {
      if (e instanceof PyThrow && e.exc.cls.isSubtypeOf(E.AttributeError)) return false;
      throw e;
    }
  });
  def("getattr", (rt, a) => {
    a[1] = attrName(a[1]) as Value;
    if (typeof a[1] !== "string") throw pyErr("TypeError", "attribute name must be string");
    try {
      return getAttr(rt, a[0] as Value, a[1]);
    } catch (e) {
      if (a.length > 2 && e instanceof PyThrow && e.exc.cls.isSubtypeOf(E.AttributeError)) return a[2] as Value;
      throw e;
    }
  });
  def("setattr", (rt, a) => (setAttr(rt, a[0] as Value, attrName(a[1]) as string, a[2] as Value), None));
  def("delattr", (rt, a) => (delAttr(rt, a[0] as Value, attrName(a[1]) as string), None));
  def("iter", (rt, a) => {
    if (a.length === 2) {
      const fn = a[0] as Value;
      const sentinel = a[1] as Value;
      let done = false;
      return new PyIterator(() => {
        if (done) return undefined;
        const v = callValue(rt, fn, [], null);
        if (v === sentinel || eq(rt, v, sentinel)) {
          done = true;
          return undefined;
        }
        return v;
      }, [fn, sentinel]);
    }
    return getIter(rt, a[0] as Value);
  });
  def("aiter", aiterFn);
  def("anext", anextFn);
  def("next", (rt, a) => {
    const it = a[0] as Value;
    const out = { value: None as Value };
    const v = it instanceof PyGenerator ? genResume(rt, it, "next", None, out) : nextValue(rt, it);
    if (v !== undefined) return v;
    if (a.length > 1) return a[1] as Value;
    const e = pyErr("StopIteration");
    if (out.value !== None) e.exc.args = [out.value];
    throw e;
  });
  def("abs", (rt, a) => {
    const x = a[0] as Value;
    const f = typeof x === "object" ? userDunder(typeOf(x), "__abs__") : undefined;
    if (f !== undefined) return callValue(rt, f, [x], null);
    const i = asInt(x);
    if (i !== undefined) return I.big(i) < 0n ? I.intNeg(i) : i;
    if (x instanceof PyFloat) return float(Math.abs(x.v));
    throw pyErr("TypeError", `bad operand type for abs(): '${typeOf(x).name}'`);
  });
  def("divmod", (rt, a) => tuple([binop(rt, "FloorDiv", a[0] as Value, a[1] as Value), binop(rt, "Mod", a[0] as Value, a[1] as Value)]));
  def("pow", (rt, a, kw) => {
    const mod = a[2] ?? kw?.get("mod") ?? None;
    if (mod === None) return binop(rt, "Pow", a[0] as Value, a[1] as Value);
    const [x, y, m] = [asInt(a[0] as Value), asInt(a[1] as Value), asInt(mod)];
    if (x === undefined) {
      // Three-argument pow on a user/native type (decimal.Decimal): its __pow__(y, mod).
      const f = userDunder(typeOf(a[0] as Value), "__pow__");
      if (f !== undefined) {
        const r = callValue(rt, f, [a[0] as Value, a[1] as Value, mod], null);
        if (r !== NotImplemented) return r;
      }
    }
    if (x === undefined || y === undefined || m === undefined) throw pyErr("TypeError", "pow() 3rd argument not allowed unless all arguments are integers");
    // About one modular multiply per exponent bit, each quadratic in the operands' 64-bit words,
    // plus a fixed cost per bit for the bigints each step allocates (cips/metering.md "Big integers").
    const words = Math.ceil(Math.max(I.bitLength(x), I.bitLength(y), I.bitLength(m)) / 64);
    rt.charge(C.modPowBit(words) * Math.max(1, I.bitLength(y)));
    return I.intPowMod(x, y, m);
  });
  def("round", (rt, a, kw) => roundValue(rt, a[0] as Value, a[1] ?? kw?.get("ndigits")));
  def("min", (rt, a, kw) => minmax(rt, "min", a, kw, false));
  def("max", (rt, a, kw) => minmax(rt, "max", a, kw, true));
  def("sum", sumFn);
  def("any", (rt, a) => {
    const next = iterate(rt, a[0] as Value);
    for (let x = next(); x !== undefined; x = next()) {
      rt.charge(1);
      if (truthy(rt, x)) return true;
    }
    return false;
  });
  def("all", (rt, a) => {
    const next = iterate(rt, a[0] as Value);
    for (let x = next(); x !== undefined; x = next()) {
      rt.charge(1);
      if (!truthy(rt, x)) return false;
    }
    return true;
  });
  def("sorted", sortedFn);
  def("reversed", (rt, a) => {
    const v = a[0] as Value;
    const f = userDunder(typeOf(v), "__reversed__");
    if (f !== undefined) return callValue(rt, f, [v], null);
    if (v instanceof PyList) {
      let i = v.items.length - 1;
      return new PyIterator(() => (i >= 0 && i < v.items.length ? v.items[i--] : undefined), [v]);
    }
    if (v instanceof PyDict) {
      const keys = new PyList(T.list, iterToArray(rt, v).reverse());
      return new PyIterator(iterate(rt, keys), [keys]);
    }
    if (
      v instanceof PyObject &&
      !(v instanceof PyTuple) &&
      !(v instanceof PyRange) &&
      !(v instanceof PyBytes) &&
      userDunder(typeOf(v), "__getitem__") === undefined &&
      !("d" in v)
    ) {
      throw pyErr("TypeError", `'${typeOf(v).name}' object is not reversible`);
    }
    if (typeof v !== "string" && !(v instanceof PyObject)) throw pyErr("TypeError", `'${typeOf(v).name}' object is not reversible`);
    const items = iterToArray(rt, v).reverse();
    let i = 0;
    return new PyIterator(() => (i < items.length ? items[i++] : undefined), [new PyList(T.list, items)]);
  });
  def("enumerate", (rt, a, kw) => {
    const next = iterate(rt, a[0] as Value);
    let i: I.Int = asInt(a[1] ?? kw?.get("start") ?? 0) ?? 0;
    return new PyIterator(() => {
      const x = next();
      if (x === undefined) return undefined;
      rt.charge(C.alloc); // each item is a new pair (cips/metering.md)
      const r = tuple([i, x]);
      i = I.intAdd(i, 1);
      return r;
    }, [a[0] as Value]);
  });
  def("zip", (rt, a, kw) => zipIter(rt, a, truthy(rt, kw?.get("strict") ?? false)));
  def("map", (rt, a) => {
    if (a.length < 2) throw pyErr("TypeError", "map() must have at least two arguments.");
    return mapIter(rt, a[0] as Value, a.slice(1));
  });
  def("filter", (rt, a) => {
    const f = a[0] as Value;
    const next = iterate(rt, a[1] as Value);
    return new PyIterator(() => {
      for (let x = next(); x !== undefined; x = next()) {
        rt.charge(1);
        if (truthy(rt, f === None ? x : callValue(rt, f, [x], null))) return x;
      }
      return undefined;
    }, [f, a[1] as Value]);
  });
  def("chr", (_rt, a) => {
    const i = asInt(a[0] as Value);
    if (i === undefined) throw pyErr("TypeError", `'${typeOf(a[0] as Value).name}' object cannot be interpreted as an integer`);
    const n = Number(i);
    if (n < 0 || n > 0x10ffff) throw pyErr("ValueError", "chr() arg not in range(0x110000)");
    return String.fromCodePoint(n);
  });
  def("ord", (_rt, a) => {
    const s = unbox(a[0] as Value);
    if (typeof s === "string") {
      if (cpLength(s) !== 1) throw pyErr("TypeError", `ord() expected a character, but string of length ${cpLength(s)} found`);
      return s.codePointAt(0) as number;
    }
    if (s instanceof PyBytes && s.b.length === 1) return s.b[0] as number;
    throw pyErr("TypeError", `ord() expected string of length 1, but ${typeOf(s).name} found`);
  });
  def("hex", (rt, a) => intToBase(rt, a[0] as Value, 16, "0x"));
  def("oct", (rt, a) => intToBase(rt, a[0] as Value, 8, "0o"));
  def("bin", (rt, a) => intToBase(rt, a[0] as Value, 2, "0b"));
  def("format", (rt, a) => formatValue(rt, a[0] as Value, (a[1] ?? "") as string));
  def("hash", (rt, a) => hash(rt, a[0] as Value));
  def("id", (rt, a) => {
    const v = a[0] as Value;
    // Deterministic: objects get an allocation-order counter on first request; unboxed values
    // have no identity in the PVM, so id() of them is derived from their hash.
    if (typeof v === "object") return rt.idOf(v);
    return hash(rt, v);
  });
  def("callable", (_rt, a) => {
    const v = a[0] as Value;
    return (
      v instanceof PyFunction ||
      v instanceof PyNative ||
      v instanceof PyBoundMethod ||
      v instanceof PyType ||
      (typeof v === "object" && userDunder(v.cls, "__call__") !== undefined)
    );
  });
  def("vars", (rt, a) => {
    const v = a[0];
    if (v === undefined) throw pyErr("TypeError", "vars() without arguments is not supported in the PVM");
    const d = genericGetAttr(rt, v, typeOf(v), "__dict__");
    if (d === undefined) throw pyErr("TypeError", "vars() argument must have __dict__ attribute");
    return d;
  });
  def("dir", (_rt, a) => {
    const v = a[0] as Value;
    const names = new Set<string>();
    if (typeof v === "object" && v.dict !== null) for (const k of v.dict.keys()) names.add(k);
    for (const t of (v instanceof PyType ? v : typeOf(v)).mro) for (const k of t.ns.keys()) names.add(k);
    return new PyList(T.list, [...names].sort());
  });
  b.set(
    "super",
    fnValue("super", (_rt, a) => {
      if (a.length !== 2 || !(a[0] instanceof PyType)) throw pyErr("RuntimeError", "super(): no arguments");
      return new PySuper(a[0], a[1] as Value);
    }),
  );
  for (const [name, t] of Object.entries(T)) {
    if (
      [
        "type",
        "object",
        "int",
        "bool",
        "float",
        "str",
        "bytes",
        "bytearray",
        "list",
        "tuple",
        "dict",
        "set",
        "frozenset",
        "range",
        "slice",
        "property",
        "classmethod",
        "staticmethod",
      ].includes(name)
    )
      b.set(name, t);
  }
  for (const [name, t] of Object.entries(E)) b.set(name, t);
  b.set("EnvironmentError", E.OSError);
  b.set("IOError", E.OSError);
  b.set("None", None);
  b.set("NotImplemented", NotImplemented);
  b.set("Ellipsis", Ellipsis);
  b.set("__name__", "__main__");
  b.set("__build_class__", None);
  b.delete("__build_class__");
  return b;
}
