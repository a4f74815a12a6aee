import { describe, expect, it } from "vitest";
import { formatFloat, formatInt, formatStr, parseFormatSpec } from "../../../src/numeric/index.js";
import { capture, hexToDouble, loadVector, type Outcome } from "./load.js";

type R = Outcome<string>;
const v = loadVector<{ int: [string, string, R][]; float: [string, string, R][]; str: [string, string, R][] }>("format.json");

describe("format mini-language (CPython 3.11 captures)", () => {
  it(`format(int, spec) on ${v.int.length} cases`, () => {
    for (const [n, spec, want] of v.int) expect([n, spec, capture(() => formatInt(BigInt(n), spec))]).toEqual([n, spec, want]);
  });
  it(`format(float, spec) on ${v.float.length} cases`, () => {
    for (const [h, spec, want] of v.float) {
      expect([h, spec, capture(() => formatFloat(hexToDouble(h), spec))]).toEqual([h, spec, want]);
    }
  });
  it(`format(str, spec) on ${v.str.length} cases`, () => {
    for (const [s, spec, want] of v.str) expect([s, spec, capture(() => formatStr(s, spec))]).toEqual([s, spec, want]);
  });
  it("parseFormatSpec exposes the fields", () => {
    expect(parseFormatSpec("*^+z#012,.3f")).toEqual({
      fill: "*",
      align: "^",
      sign: "+",
      coerceNegativeZero: true,
      alternate: true,
      zeroPad: false,
      width: 12,
      grouping: ",",
      precision: 3,
      type: "f",
    });
    expect(parseFormatSpec("08.2e").zeroPad).toBe(true);
  });
});
