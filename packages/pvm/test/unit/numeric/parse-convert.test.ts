import { describe, expect, it } from "vitest";
import {
  floatAsIntegerRatio,
  floatFromHex,
  floatHex,
  floatIsInteger,
  floatToInt,
  intToFloat,
  intToString,
  intTrueDiv,
  parseFloatFromString,
  parseIntFromString,
} from "../../../src/numeric/index.js";
import { capture, doubleToHex, hexToDouble, loadVector, pyHexToBigint, type Outcome } from "./load.js";

type R = Outcome<string>;
const mapOk = <A, B>(o: Outcome<A>, f: (a: A) => B): Outcome<B> => ("ok" in o ? { ok: f(o.ok) } : o);

describe("int(str, base)", () => {
  const v = loadVector<{ int: [string, number, R][]; intStr: [string, Outcome<number>][]; float: [string, R][] }>("parse.json");
  it(`matches CPython on ${v.int.length} literals, errors included`, () => {
    for (const [text, base, want] of v.int) {
      const got = capture(() => parseIntFromString(text, base));
      expect([text, base, mapOk(got, (n) => n)]).toEqual([text, base, mapOk(want, pyHexToBigint)]);
    }
  });
  it("str(int) and the 4300-digit limit", () => {
    for (const [text, want] of v.intStr) {
      const n = text.replace("-", "").startsWith("0x") ? pyHexToBigint(text) : BigInt(text);
      expect(capture(() => intToString(n, 10).replace("-", "").length + (n < 0n ? 1 : 0))).toEqual(want);
    }
    expect(intToString(-255n, 16)).toBe("-ff");
  });
  it(`float(str) matches CPython on ${v.float.length} strings, bit for bit`, () => {
    for (const [text, want] of v.float) {
      const got = mapOk(
        capture(() => parseFloatFromString(text)),
        doubleToHex,
      );
      expect([text, got]).toEqual([text, want]);
    }
  });
});

describe("int/float conversions", () => {
  const v = loadVector<{
    intToFloat: [string, R][];
    trueDiv: [string, string, R][];
    float: [string, Outcome<[string, string]>, R, boolean, string][];
    fromhex: [string, R][];
  }>("convert.json");
  it("intToFloat", () => {
    for (const [n, want] of v.intToFloat)
      expect([
        n,
        mapOk(
          capture(() => intToFloat(BigInt(n))),
          doubleToHex,
        ),
      ]).toEqual([n, want]);
  });
  it(`intTrueDiv correctly rounded on ${v.trueDiv.length} pairs`, () => {
    for (const [a, b, want] of v.trueDiv) {
      expect([
        a,
        b,
        mapOk(
          capture(() => intTrueDiv(BigInt(a), BigInt(b))),
          doubleToHex,
        ),
      ]).toEqual([a, b, want]);
    }
  });
  it("as_integer_ratio, int(), is_integer, hex", () => {
    for (const [h, ratio, asInt, isInt, hex] of v.float) {
      const x = hexToDouble(h);
      expect(
        mapOk(
          capture(() => floatAsIntegerRatio(x)),
          ([n, d]) => [String(n), String(d)],
        ),
      ).toEqual(ratio);
      expect(
        mapOk(
          capture(() => floatToInt(x)),
          String,
        ),
      ).toEqual(asInt);
      expect(floatIsInteger(x)).toBe(isInt);
      expect([h, floatHex(x)]).toEqual([h, hex]);
    }
  });
  it("float.fromhex", () => {
    for (const [t, want] of v.fromhex)
      expect([
        t,
        mapOk(
          capture(() => floatFromHex(t)),
          doubleToHex,
        ),
      ]).toEqual([t, want]);
  });
});
