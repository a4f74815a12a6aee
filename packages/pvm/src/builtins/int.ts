// int and bool: the constructors (int(x), int(s, base), bool(x)), the conversion every int()
// call goes through (toInt), and int's methods and numbers.Integral attributes. The arithmetic
// slot wrappers (int.__add__, ...) are in valueslots.ts.
import { callValue, userDunder } from "../runtime/call.js";
import type { Runtime } from "../runtime/context.js";
import { pyErr } from "../runtime/exceptions.js";
import * as I from "../runtime/int.js";
import { N, num } from "../runtime/numeric.js";
import { PyBoxed, PyBytes, PyFloat, PyWrapper, type Value } from "../runtime/object.js";
import { asInt, truthy, typeOf } from "../runtime/ops.js";
import { T } from "../runtime/types.js";
import { bytesFrom, latin1 } from "./bytes.js";
import { boxedInstance, method, nativeFn } from "./util.js";

function parseIntText(text: string, base: number): I.Int {
  const v = num(() => N.parseIntFromString(text, base));
  return I.norm(v);
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

/** int.__new__, bool.__new__ and the methods of `int`. */
export function installInt(): void {
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
  method(T.int, "bit_length", (_rt, a) => I.bitLength(asInt(a[0] as Value) as I.Int));
  method(T.int, "to_bytes", (rt, a, kw) => {
    const n = I.big(asInt(a[0] as Value) as I.Int);
    const len = Number(asInt(a[1] ?? kw?.get("length") ?? 1));
    const order = (a[2] ?? kw?.get("byteorder") ?? "big") as string;
    const signed = truthy(rt, kw?.get("signed") ?? false);
    rt.alloc(len);
    rt.charge(len); // containerPerElement per byte written (cips/metering.md)
    let v = n;
    if (v < 0n) {
      if (!signed) throw pyErr("OverflowError", "can't convert negative int to unsigned");
      v += 1n << BigInt(8 * len);
    }
    if (v >= 1n << BigInt(8 * len) || (signed && n >= 0n && len > 0 && v >= 1n << BigInt(8 * len - 1))) throw pyErr("OverflowError", "int too big to convert");
    const out = new Uint8Array(len);
    // The hex digits of v, written from the last byte back: linear in len (a shift per byte is not).
    const hex = v.toString(16);
    for (let i = len - 1, j = hex.length; i >= 0 && j > 0; i--, j -= 2) out[i] = (j >= 2 ? 16 * nibble(hex.charCodeAt(j - 2)) : 0) + nibble(hex.charCodeAt(j - 1));
    if (order === "little") out.reverse();
    return new PyBytes(T.bytes, out);
  });
  T.int.ns.set(
    "from_bytes",
    new PyWrapper(
      T.classmethod,
      nativeFn("from_bytes", (rt, a, kw) => {
        const b = bytesFrom(rt, a[1]);
        const order = (a[2] ?? kw?.get("byteorder") ?? "big") as string;
        const signed = truthy(rt, kw?.get("signed") ?? false);
        rt.charge(b.length); // containerPerElement per byte read (cips/metering.md)
        const arr = order === "little" ? Array.from(b).reverse() : Array.from(b);
        // Refuse an int wider than the cap before building it: leading 0x00 (or 0xff when signed and
        // negative) bytes carry no magnitude; the rest must fit in maxIntBits (+1 byte for the sign).
        const negative = signed && arr.length > 0 && (arr[0] as number) >= 0x80;
        const pad = negative ? 0xff : 0;
        let first = 0;
        while (first < arr.length - 1 && arr[first] === pad) first++;
        if ((arr.length - first - 1) * 8 > I.MAX_INT_BITS) throw pyErr("OverflowError", `int exceeds the ${I.MAX_INT_BITS}-bit limit`);
        let hex = "";
        for (let i = first; i < arr.length; i++) hex += ((arr[i] as number) < 16 ? "0" : "") + (arr[i] as number).toString(16);
        let v = hex === "" ? 0n : BigInt(`0x${hex}`);
        if (negative) v -= 1n << BigInt(8 * (arr.length - first));
        // `I.from_bytes(...)` builds an I, as CPython does for subclasses.
        return a[0] === T.int || a[0] === undefined ? I.norm(v) : callValue(rt, a[0], [I.norm(v)], null);
      }),
    ),
  );
  method(T.int, "__index__", (_rt, a) => asInt(a[0] as Value) as I.Int);
  // The numbers.Integral attributes: on an int subclass instance they give the exact int value.
  const intProp = (name: string, get: (v: I.Int) => Value) =>
    T.int.ns.set(
      name,
      new PyWrapper(
        T.property,
        nativeFn(name, (_rt, a) => get(asInt(a[0] as Value) as I.Int)),
      ),
    );
  intProp("real", (v) => v);
  intProp("imag", () => 0);
  intProp("numerator", (v) => v);
  intProp("denominator", () => 1);
  method(T.int, "conjugate", (_rt, a) => asInt(a[0] as Value) as I.Int);
}

/** The value of one lowercase hex digit's char code (`toString(16)` writes 0-9 and a-f). */
function nibble(c: number): number {
  return c <= 57 ? c - 48 : c - 87;
}
