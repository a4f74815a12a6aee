// JSON ↔ canonical values, for command lines (`--args JSON`) and for printing results
// (cips/canonical-encoding.md, "JSON form").
//   In:  an integer literal (no fraction, no exponent) is an int of any size, parsed exactly (never
//        through float64); a literal with a fraction or exponent is a float; objects are dicts with
//        string keys, returned as plain objects (a repeated key is refused); arrays are lists.
//   Out: ints as exact digits; floats always with a fraction or exponent (1.0, -0.0, 1e+300) and
//        the strings "Infinity"/"-Infinity"; bytes as "0x…" hex strings; tuples and sets as arrays;
//        dicts with only string keys as objects with keys sorted by code point (the spec's
//        sort_keys=True), other dicts as arrays of [key, value] pairs in canonical order.
import { CodecError } from "../errors.js";
import { decodeCbor } from "./decode.js";
import { CBOR_MAX_DEPTH, CborFloat, CborSet, CborTuple, type CborValue } from "./model.js";

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));
const NUMBER = /-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/y;
const STRING = /"(?:[^"\\\u0000-\u001f]|\\["\\/bfnrt]|\\u[0-9a-fA-F]{4})*"/y;

/** Parses JSON text into a canonical value, keeping integers exact. CodecError names the character. */
export function cborFromJson(text: string): CborValue {
  if (typeof text !== "string") throw new CodecError("INVALID_VALUE", 0, "cborFromJson: text must be a string");
  let at = 0;
  const fail = (msg: string): never => {
    throw new CodecError("INVALID_VALUE", at, `invalid JSON at character ${at}: ${msg}`);
  };
  const ws = (): void => {
    for (let c = text.charCodeAt(at); c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d; c = text.charCodeAt(++at));
  };
  const str = (): string => {
    STRING.lastIndex = at;
    const m = STRING.exec(text);
    if (m === null) return fail("malformed string");
    at += m[0].length;
    return JSON.parse(m[0]) as string;
  };
  const value = (depth: number): CborValue => {
    if (depth > CBOR_MAX_DEPTH) fail(`nested deeper than ${CBOR_MAX_DEPTH} levels`);
    ws();
    const c = text[at];
    if (c === "{") {
      at++;
      // A plain object (what the CLI and wallets pass as keyword arguments); defineProperty keeps a
      // "__proto__" key an ordinary own key instead of changing the prototype.
      const out: { [key: string]: CborValue } = {};
      ws();
      if (text[at] === "}") return (at++, out);
      for (;;) {
        ws();
        if (text[at] !== '"') fail("expected a string key");
        const keyAt = at;
        const k = str();
        if (Object.hasOwn(out, k)) (at = keyAt), fail(`duplicate key ${JSON.stringify(k)}`);
        ws();
        if (text[at] !== ":") fail("expected ':'");
        at++;
        Object.defineProperty(out, k, { value: value(depth + 1), enumerable: true, writable: true, configurable: true });
        ws();
        if (text[at] === ",") at++;
        else if (text[at] === "}") return (at++, out);
        else fail("expected ',' or '}'");
      }
    }
    if (c === "[") {
      at++;
      const out: CborValue[] = [];
      ws();
      if (text[at] === "]") return (at++, out);
      for (;;) {
        out.push(value(depth + 1));
        ws();
        if (text[at] === ",") at++;
        else if (text[at] === "]") return (at++, out);
        else fail("expected ',' or ']'");
      }
    }
    if (c === '"') return str();
    if (text.startsWith("true", at)) return ((at += 4), true);
    if (text.startsWith("false", at)) return ((at += 5), false);
    if (text.startsWith("null", at)) return ((at += 4), null);
    NUMBER.lastIndex = at;
    const m = NUMBER.exec(text);
    if (m === null) return fail("expected a value");
    at += m[0].length;
    if (m[1] === undefined && m[2] === undefined) return BigInt(m[0]);
    const x = Number(m[0]);
    if (!Number.isFinite(x)) (at -= m[0].length), fail("float out of range");
    return x;
  };
  const v = value(0);
  ws();
  if (at !== text.length) fail("trailing characters");
  return v;
}

function floatJson(x: number): string {
  if (x === Infinity) return '"Infinity"';
  if (x === -Infinity) return '"-Infinity"';
  if (Object.is(x, -0)) return "-0.0";
  const s = String(x);
  return /[.e]/.test(s) ? s : s + ".0";
}

/** Code-point order of JS strings (UTF-16 order differs above U+FFFF), as Python's sort_keys. */
function compareCodePoints(a: string, b: string): number {
  const ia = a[Symbol.iterator]();
  const ib = b[Symbol.iterator]();
  for (;;) {
    const x = ia.next();
    const y = ib.next();
    if (x.done === true || y.done === true) return (x.done === true ? 0 : 1) - (y.done === true ? 0 : 1);
    const d = x.value.codePointAt(0)! - y.value.codePointAt(0)!;
    if (d !== 0) return d;
  }
}

/** JSON text of a canonical value (see the header). `indent` pretty-prints with that many spaces. */
export function cborToJson(value: CborValue, indent?: number): string {
  if (indent !== undefined && !(Number.isSafeInteger(indent) && indent >= 0 && indent <= 10))
    throw new CodecError("INVALID_VALUE", 0, "cborToJson: indent must be an integer in [0, 10]");
  const go = (x: CborValue, level: number): string => {
    if (level > CBOR_MAX_DEPTH + 1) throw new CodecError("VALUE_OUT_OF_RANGE", 0, `cborToJson: values nest deeper than ${CBOR_MAX_DEPTH} levels`);
    const list = (items: string[], open: string, close: string): string => {
      if (items.length === 0) return open + close;
      if (indent === undefined) return open + items.join(",") + close;
      const pad = "\n" + " ".repeat(indent * (level + 1));
      return open + pad + items.join("," + pad) + "\n" + " ".repeat(indent * level) + close;
    };
    if (x === null) return "null";
    switch (typeof x) {
      case "boolean":
      case "bigint":
        return String(x);
      case "number":
        return floatJson(x);
      case "string":
        return JSON.stringify(x);
    }
    if (x instanceof CborFloat) return floatJson(x.value);
    if (x instanceof Uint8Array) {
      let s = '"0x';
      for (let i = 0; i < x.length; i++) s += HEX[x[i]!]!;
      return s + '"';
    }
    if (Array.isArray(x))
      return list(
        x.map((y) => go(y, level + 1)),
        "[",
        "]",
      );
    if (x instanceof CborTuple || x instanceof CborSet)
      return list(
        x.items.map((y) => go(y, level + 1)),
        "[",
        "]",
      );
    const entries: [CborValue, CborValue][] = x instanceof Map ? [...x] : Object.entries(x);
    if (entries.every(([k]) => typeof k === "string")) {
      const sorted = (entries as [string, CborValue][]).sort((a, b) => compareCodePoints(a[0], b[0]));
      const sep = indent === undefined ? ":" : ": ";
      return list(
        sorted.map(([k, y]) => JSON.stringify(k) + sep + go(y, level + 1)),
        "{",
        "}",
      );
    }
    return list(
      entries.map(([k, y]) => (indent === undefined ? `[${go(k, level + 2)},${go(y, level + 2)}]` : `[${go(k, level + 2)}, ${go(y, level + 2)}]`)),
      "[",
      "]",
    );
  };
  return go(value, 0);
}

/**
 * The JSON text of canonical CBOR bytes, or null when they are not canonical CBOR (callers then
 * show the bytes as hex). Errors other than the codec's are bugs and propagate.
 */
export function cborJsonOf(bytes: Uint8Array): string | null {
  try {
    return cborToJson(decodeCbor(bytes));
  } catch (error) {
    if (error instanceof CodecError) return null;
    throw error;
  }
}
