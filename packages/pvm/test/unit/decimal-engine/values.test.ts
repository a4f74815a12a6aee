import { describe, expect, it } from "vitest";
import * as D from "../../../src/decimal-engine/index.js";
import { loadFixture } from "./load.js";

interface ValueCase {
  v: string;
  str: string;
  repr: string;
  eng: string;
  tuple: [0 | 1, string, string];
  hash: string | null;
  adjusted: number;
  int: string | [string, string] | null;
  float: string | [string, string];
  pred: Record<string, boolean>;
  format: Record<string, string | [string, string]>;
}

const { cases } = loadFixture<{ cases: ValueCase[] }>("values");
const quiet = () => D.createContext({ traps: [] });
const ERR: Record<string, string> = { VALUE_ERROR: "ValueError", OVERFLOW_ERROR: "OverflowError", TYPE_ERROR: "TypeError" };

function outcome<T>(f: () => T): T | [string, string] {
  try {
    return f();
  } catch (e) {
    if (e instanceof D.DecimalError) return [ERR[e.code] ?? e.code, e.message];
    throw e;
  }
}

function floatBits(x: number): string {
  const v = new DataView(new ArrayBuffer(8));
  v.setFloat64(0, x);
  return v.getBigInt64(0).toString();
}

describe("decimal values vs CPython 3.11 fixtures", () => {
  it(`str, repr, to_eng_string, as_tuple, adjusted (${cases.length} values)`, () => {
    const bad: string[] = [];
    for (const c of cases) {
      const d = D.decFromString(quiet(), c.v);
      const t = D.asTuple(d);
      const got = [D.toSciString(d), D.toRepr(d), D.toEngString(d), [t.sign, t.digits.join(""), String(t.exponent)], d.adjusted()];
      const want = [c.str, c.repr, c.eng, c.tuple, c.adjusted];
      if (JSON.stringify(got) !== JSON.stringify(want)) bad.push(`${c.v}: ${JSON.stringify(got)} != ${JSON.stringify(want)}`);
    }
    expect(bad).toEqual([]);
  });

  it("int, float, hash and predicates", () => {
    const bad: string[] = [];
    for (const c of cases) {
      const d = D.decFromString(quiet(), c.v);
      const ctx = D.createContext();
      const got = {
        int: c.int === null ? null : outcome(() => D.toBigInt(d).toString()),
        float: outcome(() => BigInt.asIntN(64, D.toFloatBits(d)).toString()),
        hash: d.isNaN() ? null : D.hashDec(d)?.toString(),
        normal: D.isNormal(ctx, d),
        subnormal: D.isSubnormal(ctx, d),
        zero: d.isZero(),
        signed: d.isSigned(),
        nan: d.isNaN(),
        snan: d.isSNaN(),
        qnan: d.isQNaN(),
        inf: d.isInfinite(),
        finite: d.isFinite(),
      };
      const p = c.pred;
      const want = {
        int: c.int,
        float: c.float,
        hash: c.hash,
        normal: p.is_normal,
        subnormal: p.is_subnormal,
        zero: p.is_zero,
        signed: p.is_signed,
        nan: p.is_nan,
        snan: p.is_snan,
        qnan: p.is_qnan,
        inf: p.is_infinite,
        finite: p.is_finite,
      };
      if (JSON.stringify(got) !== JSON.stringify(want)) bad.push(`${c.v}: ${JSON.stringify(got)} != ${JSON.stringify(want)}`);
    }
    expect(bad.slice(0, 10)).toEqual([]);
  });

  it("format specs", () => {
    const bad: string[] = [];
    let n = 0;
    for (const c of cases) {
      const d = D.decFromString(quiet(), c.v);
      for (const [spec, want] of Object.entries(c.format)) {
        n++;
        const got = outcome(() => D.formatDec(D.createContext(), d, spec));
        if (JSON.stringify(got) !== JSON.stringify(want)) bad.push(`format(${c.v}, ${JSON.stringify(spec)}): ${JSON.stringify(got)} != ${JSON.stringify(want)}`);
      }
    }
    expect(n).toBeGreaterThan(10_000);
    expect(bad.slice(0, 12)).toEqual([]);
  });
});

interface FloatCase {
  bits: string;
  exact: string;
  ctx28: string;
  hash: string;
}

describe("float conversions vs CPython 3.11", () => {
  const { cases: fl } = loadFixture<{ cases: FloatCase[] }>("floats");
  it(`Decimal(float), create_decimal_from_float, hash (${fl.length} floats)`, () => {
    const bad: string[] = [];
    for (const c of fl) {
      const v = new DataView(new ArrayBuffer(8));
      v.setBigInt64(0, BigInt(c.bits));
      const x = v.getFloat64(0);
      const ctx = D.createContext({ traps: [] });
      const exact = D.decFromFloat(ctx, x);
      const r = D.createDecimalFromFloat(D.createContext({ traps: [] }), x);
      const got = [D.toSciString(exact), D.toSciString(r), D.hashDec(exact)?.toString(), ctx.flagNames()];
      const want = [c.exact, c.ctx28, c.hash, ["FloatOperation"]];
      if (JSON.stringify(got) !== JSON.stringify(want)) bad.push(`${c.bits}: ${JSON.stringify(got)} != ${JSON.stringify(want)}`);
      // float(Decimal(x)) round-trips
      if (Number.isFinite(x) && floatBits(D.toFloat(exact)) !== c.bits) bad.push(`float roundtrip ${c.bits}`);
    }
    expect(bad).toEqual([]);
  });
});
