import { describe, expect, it } from "vitest";
import { NumericError, floatRepr, floatToInt, intToFloat, percentFormat, pyStrRepr, type PercentArgs, type PercentCallbacks } from "../../../src/numeric/index.js";
import { capture, hexToDouble, loadVector, pyHexToBigint, type Outcome } from "./load.js";

/** Test-side stand-in for Python objects: ints, floats, strs and str-keyed mappings. */
type Arg = { i: string } | { f: string } | { s: string } | { map: Record<string, Arg> };

const typeName = (v: Arg): string => ("i" in v ? "int" : "f" in v ? "float" : "s" in v ? "str" : "dict");
const intOf = (v: { i: string }): bigint => (v.i.replace("-", "").startsWith("0x") ? pyHexToBigint(v.i) : BigInt(v.i));
const asciiOf = (r: string): string =>
  Array.from(r)
    .map((c) => {
      const cp = c.codePointAt(0) as number;
      if (cp < 0x80) return c;
      if (cp <= 0xff) return `\\x${cp.toString(16).padStart(2, "0")}`;
      if (cp <= 0xffff) return `\\u${cp.toString(16).padStart(4, "0")}`;
      return `\\U${cp.toString(16).padStart(8, "0")}`;
    })
    .join("");

const callbacks: PercentCallbacks<Arg> = {
  str: (v) =>
    "i" in v
      ? String(intOf(v))
      : "f" in v
        ? floatRepr(hexToDouble(v.f))
        : "s" in v
          ? v.s
          : `{${Object.entries(v.map)
              .map(([k, x]) => `${pyStrRepr(k)}: ${callbacks.repr(x)}`)
              .join(", ")}}`,
  repr: (v) => ("s" in v ? pyStrRepr(v.s) : callbacks.str(v)),
  ascii: (v) => asciiOf(callbacks.repr(v)),
  toInt: (v, conv) => {
    if ("i" in v) return intOf(v);
    if ("f" in v && "diu".includes(conv)) return floatToInt(hexToDouble(v.f));
    const what = "diu".includes(conv) ? "a real number" : "an integer";
    throw new NumericError("TypeError", `%${conv} format: ${what} is required, not ${typeName(v)}`);
  },
  toFloat: (v) => {
    if ("i" in v) return intToFloat(intOf(v));
    if ("f" in v) return hexToDouble(v.f);
    throw new NumericError("TypeError", `must be real number, not ${typeName(v)}`);
  },
  toChar: (v) => ("s" in v ? v.s : "i" in v ? intOf(v) : null),
  toStarInt: (v) => ("i" in v ? intOf(v) : null),
  getItem: (m, key) => {
    const found = "map" in m ? m.map[key] : undefined;
    if (found === undefined) throw new NumericError("TypeError", `KeyError ${key}`);
    return found;
  },
};

describe("printf-style % formatting (CPython 3.11 captures)", () => {
  const cases = loadVector<[string, { tuple: Arg[] } | { single: Arg }, Outcome<string>][]>("percent.json");
  it(`matches on ${cases.length} format/argument combinations`, () => {
    for (const [fmt, a, want] of cases) {
      const args: PercentArgs<Arg> = "tuple" in a ? { tuple: a.tuple } : { single: a.single, isMapping: "map" in a.single };
      const got = capture(() => percentFormat(fmt, args, callbacks));
      // KeyError is the interpreter's; Python words it as the repr of the key.
      const norm = "error" in want && want.error === "KeyError" ? { error: "TypeError", message: `KeyError ${want.message.slice(1, -1)}` } : want;
      expect([fmt, a, got]).toEqual([fmt, a, norm]);
    }
  });
});
