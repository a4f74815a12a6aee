// JSON ↔ canonical values for command lines and RPC (cips/canonical-encoding.md "JSON form"):
// JSON integers are ints of any size (parsed exactly, not through float64), numbers with a fraction
// or exponent are floats, objects are dicts with string keys. Output: ints as exact digits, bytes as
// "0x…" strings, tuples and sets as arrays, dicts with non-string keys as arrays of [key, value].
import { CborSet, CborTuple, type CborValue } from "./cbor.js";
import { CodecError } from "./errors.js";

/** Parses JSON text into a canonical value, keeping big integers exact. */
export function cborFromJson(text: string): CborValue {
  let at = 0;
  const fail = (msg: string): never => {
    throw new CodecError("INVALID_VALUE", at, `invalid JSON at character ${at}: ${msg}`);
  };
  const ws = () => {
    while (at < text.length && " \t\n\r".includes(text[at]!)) at++;
  };
  const value = (depth: number): CborValue => {
    if (depth > 64) fail("nested deeper than 64");
    ws();
    const c = text[at];
    if (c === "{") {
      at++;
      const out: { [k: string]: CborValue } = {};
      ws();
      if (text[at] === "}") return at++, out;
      for (;;) {
        ws();
        if (text[at] !== '"') fail("expected a string key");
        const k = str();
        ws();
        if (text[at++] !== ":") fail("expected ':'");
        if (Object.hasOwn(out, k)) fail(`duplicate key "${k}"`);
        out[k] = value(depth + 1);
        ws();
        if (text[at] === ",") at++;
        else if (text[at] === "}") return at++, out;
        else fail("expected ',' or '}'");
      }
    }
    if (c === "[") {
      at++;
      const out: CborValue[] = [];
      ws();
      if (text[at] === "]") return at++, out;
      for (;;) {
        out.push(value(depth + 1));
        ws();
        if (text[at] === ",") at++;
        else if (text[at] === "]") return at++, out;
        else fail("expected ',' or ']'");
      }
    }
    if (c === '"') return str();
    for (const [lit, v] of [["true", true], ["false", false], ["null", null]] as const) {
      if (text.startsWith(lit, at)) return (at += lit.length), v;
    }
    const m = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/.exec(text.slice(at));
    if (m === null) return fail("expected a value");
    at += m[0].length;
    return m[2] === undefined && m[3] === undefined ? BigInt(m[0]) : Number(m[0]);
  };
  const str = (): string => {
    const m = /^"(?:[^"\\\u0000-\u001f]|\\["\\/bfnrt]|\\u[0-9a-fA-F]{4})*"/.exec(text.slice(at));
    if (m === null) return fail("bad string");
    at += m[0].length;
    return JSON.parse(m[0]) as string;
  };
  const v = value(0);
  ws();
  if (at !== text.length) fail("trailing characters");
  return v;
}

/** JSON text of a canonical value (see the header for how non-JSON types appear). */
export function cborToJson(v: CborValue, indent?: number): string {
  const go = (x: CborValue, level: number): string => {
    const pad = indent === undefined ? "" : "\n" + " ".repeat(indent * (level + 1));
    const end = indent === undefined ? "" : "\n" + " ".repeat(indent * level);
    const sep = indent === undefined ? "," : ",";
    const list = (items: string[], open: string, close: string) => (items.length === 0 ? open + close : open + pad + items.join(sep + pad) + end + close);
    if (x === null) return "null";
    if (typeof x === "boolean" || typeof x === "bigint") return String(x);
    if (typeof x === "number") return Number.isFinite(x) ? (Number.isInteger(x) ? x.toFixed(1) : String(x)) : JSON.stringify(String(x));
    if (typeof x === "string") return JSON.stringify(x);
    if (x instanceof Uint8Array) return JSON.stringify("0x" + Buffer.from(x).toString("hex"));
    if (Array.isArray(x)) return list(x.map((y) => go(y, level + 1)), "[", "]");
    if (x instanceof CborTuple || x instanceof CborSet) return list(x.items.map((y) => go(y, level + 1)), "[", "]");
    const entries: [CborValue, CborValue][] = x instanceof Map ? [...x] : Object.entries(x);
    if (entries.every(([k]) => typeof k === "string")) return list(entries.map(([k, y]) => `${JSON.stringify(k)}:${indent === undefined ? "" : " "}${go(y, level + 1)}`), "{", "}");
    return list(entries.map(([k, y]) => list([go(k, level + 2), go(y, level + 2)], "[", "]")), "[", "]");
  };
  return go(v, 0);
}
