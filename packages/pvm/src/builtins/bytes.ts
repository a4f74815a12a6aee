// bytes and bytearray: the constructors (from a length, an iterable of ints, a buffer or a str with
// an encoding) and every method. Most methods delegate to the str implementation over a Latin-1 view (one
// char per byte) and convert results back; case mapping, classification and default whitespace
// are ASCII-only, as CPython's bytes methods are.
import type { Runtime } from "../runtime/context.js";
import { pyErr } from "../runtime/exceptions.js";
import { iterToArray } from "../runtime/iter.js";
import { PyByteArray, PyBytes, PyList, PyNative, PyTuple, type PyType, type Value } from "../runtime/object.js";
import { asInt, typeOf } from "../runtime/ops.js";
import { None, T } from "../runtime/types.js";
import { method, nativeFn, withDict } from "./util.js";
import * as I from "../runtime/int.js";
import { PyWrapper } from "../runtime/object.js";
import { utf8Decode } from "../runtime/strings.js";

/** The bytes `bytes(v, enc)` / `bytearray(v, enc)` start with. */
export function bytesFrom(rt: Runtime, v: Value | undefined, enc?: Value): Uint8Array {
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
  // A copy: containerPerElement per byte (cips/metering.md).
  if (v instanceof PyBytes) return (rt.charge(v.b.length), v.b.slice());
  if (v instanceof PyByteArray) return (rt.charge(v.view().length), v.view().slice());
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

/** One char per byte: the text view the bytes methods (and int(bytes)) work on. */
export function latin1(b: Uint8Array): string {
  let s = "";
  for (let i = 0; i < b.length; i++) s += String.fromCharCode(b[i] as number);
  return s;
}
function fromLatin1(s: string): Uint8Array {
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}
function view(v: Value): Uint8Array | null {
  if (v instanceof PyBytes) return v.b;
  if (v instanceof PyByteArray) return v.view();
  return null;
}
function needBytes(v: Value): string {
  const b = view(v);
  if (b === null) throw pyErr("TypeError", `a bytes-like object is required, not '${typeOf(v).name}'`);
  return latin1(b);
}

const ASCII_WS = " \t\n\r\x0b\x0c";

function wrapResult(r: Value, cls: PyType): Value {
  if (typeof r === "string") return cls === T.bytearray ? new PyByteArray(T.bytearray, fromLatin1(r)) : new PyBytes(T.bytes, fromLatin1(r));
  if (r instanceof PyList)
    return new PyList(
      T.list,
      r.items.map((x) => wrapResult(x, cls)),
    );
  if (r instanceof PyTuple)
    return new PyTuple(
      T.tuple,
      r.items.map((x) => wrapResult(x, cls)),
    );
  return r;
}

function asciiMap(s: string, f: (c: string) => string): string {
  let out = "";
  for (let i = 0; i < s.length; i++) {
    const ch = s[i] as string;
    out += s.charCodeAt(i) < 128 ? f(ch) : ch;
  }
  return out;
}

function install(t: PyType): void {
  const str = T.str.ns;
  // Delegated: arguments that are bytes-like become Latin-1 strings; tuples of them too.
  const delegate = (name: string, wsDefault: "split" | "strip" | null = null) => {
    const impl = str.get(name);
    if (!(impl instanceof PyNative)) throw new Error(`internal: str.${name} missing`);
    method(t, name, (rt, a, kw) => {
      const self = needBytes(a[0] as Value);
      const rest = a.slice(1).map((x) =>
        x instanceof PyTuple
          ? new PyTuple(
              T.tuple,
              x.items.map((y) => needBytes(y)),
            )
          : view(x) !== null
            ? needBytes(x)
            : x === None || typeof x !== "string"
              ? x
              : needBytes(x),
      );
      if (wsDefault === "strip" && (rest.length === 0 || rest[0] === None)) rest[0] = ASCII_WS;
      if (wsDefault === "split" && (rest.length === 0 || rest[0] === None) && (kw === null || !kw.has("sep"))) {
        const max = Number(asInt(rest[1] ?? kw?.get("maxsplit") ?? -1) ?? -1);
        const parts: string[] = [];
        let i = 0;
        while (i < self.length) {
          while (i < self.length && ASCII_WS.includes(self[i] as string)) i++;
          if (i >= self.length) break;
          if (max >= 0 && parts.length === max) {
            let j = self.length;
            while (j > i && ASCII_WS.includes(self[j - 1] as string)) j--;
            parts.push(self.slice(i, j));
            break;
          }
          let j = i;
          while (j < self.length && !ASCII_WS.includes(self[j] as string)) j++;
          parts.push(self.slice(i, j));
          i = j;
        }
        rt.charge(self.length);
        return wrapResult(new PyList(T.list, parts), t);
      }
      return wrapResult(impl.fn(rt, [self, ...rest], kw), t);
    });
  };
  for (const name of [
    "startswith",
    "endswith",
    "find",
    "rfind",
    "index",
    "rindex",
    "count",
    "replace",
    "partition",
    "rpartition",
    "removeprefix",
    "removesuffix",
    "ljust",
    "rjust",
    "center",
    "zfill",
    "expandtabs",
    "splitlines",
  ])
    delegate(name);
  delegate("split", "split");
  delegate("rsplit", "split");
  delegate("strip", "strip");
  delegate("lstrip", "strip");
  delegate("rstrip", "strip");
  method(t, "join", (rt, a) => {
    const sep = needBytes(a[0] as Value);
    const parts = iterToArray(rt, a[1] as Value).map((x, i) => {
      const b = view(x);
      if (b === null) throw pyErr("TypeError", `sequence item ${i}: expected a bytes-like object, ${typeOf(x).name} found`);
      return latin1(b);
    });
    const out = parts.join(sep);
    rt.charge(out.length);
    rt.alloc(out.length);
    return wrapResult(out, t);
  });
  const mapper = (name: string, f: (s: string) => string) =>
    method(t, name, (rt, a) => {
      const s = needBytes(a[0] as Value);
      rt.charge(s.length);
      return wrapResult(f(s), t);
    });
  mapper("upper", (s) => asciiMap(s, (c) => c.toUpperCase()));
  mapper("lower", (s) => asciiMap(s, (c) => c.toLowerCase()));
  mapper("swapcase", (s) => asciiMap(s, (c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())));
  mapper("capitalize", (s) => (s.length === 0 ? s : asciiMap(s[0] as string, (c) => c.toUpperCase()) + asciiMap(s.slice(1), (c) => c.toLowerCase())));
  mapper("title", (s) => asciiMap(s.toLowerCase() === s ? s : s, (c) => c).replace(/(^|[^A-Za-z])([a-z])/g, (_m, p: string, c: string) => p + c.toUpperCase()));
  const pred = (name: string, re: RegExp) =>
    method(t, name, (rt, a) => {
      const s = needBytes(a[0] as Value);
      rt.charge(s.length);
      return s.length > 0 && re.test(s);
    });
  pred("isdigit", /^[0-9]+$/);
  pred("isalpha", /^[A-Za-z]+$/);
  pred("isalnum", /^[A-Za-z0-9]+$/);
  pred("isspace", /^[ \t\n\r\x0b\x0c]+$/);
  pred("isupper", /^[^a-z]*[A-Z][^a-z]*$/);
  pred("islower", /^[^A-Z]*[a-z][^A-Z]*$/);
  method(t, "isascii", (_rt, a) => /^[\x00-\x7f]*$/.test(needBytes(a[0] as Value)));
}

/** bytes.__new__, bytearray.__new__ and the methods of both. */
export function installBytes(): void {
  T.bytes.newFn = (rt, cls, a) => (cls === T.bytes ? new PyBytes(T.bytes, bytesFrom(rt, a[0], a[1])) : withDict(rt, cls, new PyBytes(cls, bytesFrom(rt, a[0], a[1]))));
  T.bytearray.newFn = (rt, cls, a) =>
    cls === T.bytearray ? new PyByteArray(T.bytearray, bytesFrom(rt, a[0], a[1])) : withDict(rt, cls, new PyByteArray(cls, bytesFrom(rt, a[0], a[1])));
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
    let out = "";
    for (let i = 0; i < b.length; i++) out += HEX_PAIRS[b[i] as number] as string;
    return out;
  });
  T.bytes.ns.set(
    "fromhex",
    new PyWrapper(
      T.classmethod,
      nativeFn("fromhex", (rt, a) => {
        const text = String(a[1]);
        rt.charge(text.length); // stringPerChar: every character is scanned (cips/metering.md)
        const s = text.replace(/\s+/g, "");
        if (!/^([0-9a-fA-F]{2})*$/.test(s)) throw pyErr("ValueError", "non-hexadecimal number found in fromhex() arg");
        const out = new Uint8Array(s.length >> 1);
        for (let i = 0; i < out.length; i++) out[i] = (hexNibble(s.charCodeAt(2 * i)) << 4) | hexNibble(s.charCodeAt(2 * i + 1));
        return new PyBytes(T.bytes, out);
      }),
    ),
  );
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
  install(T.bytes);
  install(T.bytearray);
  method(T.bytearray, "extend", (rt, a) => {
    const self = a[0] as PyByteArray;
    const src = view(a[1] as Value) ?? Uint8Array.from(iterToArray(rt, a[1] as Value).map((x) => Number(asInt(x))));
    rt.alloc(src.length);
    const nb = new Uint8Array(self.len + src.length);
    nb.set(self.view());
    nb.set(src, self.len);
    self.b = nb;
    self.len = nb.length;
    return None;
  });
  method(T.bytearray, "pop", (_rt, a) => {
    const self = a[0] as PyByteArray;
    if (self.len === 0) throw pyErr("IndexError", "pop from empty bytearray");
    self.len--;
    return self.b[self.len] as number;
  });
  method(T.bytearray, "decode", (rt, a) => (T.bytes.ns.get("decode") as PyNative).fn(rt, [new PyBytes(T.bytes, (a[0] as PyByteArray).view()), ...a.slice(1)], null));
  method(T.bytearray, "hex", (rt, a) => (T.bytes.ns.get("hex") as PyNative).fn(rt, [new PyBytes(T.bytes, (a[0] as PyByteArray).view())], null));
}

/** "00".."ff", indexed by byte: bytes.hex() appends one per byte. */
const HEX_PAIRS: readonly string[] = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));

/** The value of an ASCII hex digit already validated by the caller. */
function hexNibble(c: number): number {
  return c <= 0x39 ? c - 0x30 : (c | 0x20) - 0x57;
}
