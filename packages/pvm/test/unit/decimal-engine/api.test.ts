import { describe, expect, it } from "vitest";
import * as D from "../../../src/decimal-engine/index.js";

const ctx = () => D.createContext();
const d = (s: string) => D.decFromString(D.createContext({ traps: [] }), s);

function caught(f: () => unknown): unknown {
  try {
    f();
  } catch (e) {
    return e;
  }
  throw new Error("expected a throw");
}

describe("decimal API boundaries", () => {
  it("guards arguments with typed errors naming them", () => {
    const e = caught(() => D.add(ctx(), d("1"), "2" as unknown as D.Dec)) as D.DecimalError;
    expect(e).toBeInstanceOf(D.DecimalError);
    expect(e.code).toBe("INVALID_ARGUMENT");
    expect(e.message).toBe("b: expected a Dec");
    expect((caught(() => D.add({} as D.Context, d("1"), d("2"))) as D.DecimalError).message).toBe("ctx: expected a Context");
    expect((caught(() => D.decFromInt(1 as unknown as bigint)) as D.DecimalError).message).toBe("n: expected a bigint");
    expect((caught(() => D.roundTo(ctx(), d("1"), 1.5)) as D.DecimalError).message).toBe("ndigits: expected a safe integer");
  });

  it("validates contexts with CPython's messages and enforces the caps", () => {
    expect((caught(() => D.createContext({ prec: 0 })) as D.DecimalError).message).toBe("valid range for prec is [1, MAX_PREC]");
    expect((caught(() => D.createContext({ prec: D.MAX_PREC + 1 })) as D.DecimalError).code).toBe("VALUE_ERROR");
    expect((caught(() => D.createContext({ Emin: 1 })) as D.DecimalError).message).toBe("valid range for Emin is [MIN_EMIN, 0]");
    expect((caught(() => D.createContext({ Emax: D.MAX_EMAX + 1 })) as D.DecimalError).code).toBe("VALUE_ERROR");
    expect((caught(() => D.createContext({ clamp: 2 as 0 })) as D.DecimalError).message).toBe("valid values for clamp are 0 or 1");
    expect((caught(() => D.createContext({ rounding: "ROUND_NEAREST" as D.Rounding })) as D.DecimalError).code).toBe("TYPE_ERROR");
    expect(D.createContext({ prec: 5, rounding: "ROUND_UP", traps: ["Inexact"] }).toString()).toBe(
      "Context(prec=5, rounding=ROUND_UP, Emin=-999999, Emax=999999, capitals=1, clamp=0, flags=[], traps=[Inexact])",
    );
    const big = "1".repeat(D.MAX_INPUT_DIGITS + 1);
    expect((caught(() => D.decFromString(ctx(), big)) as D.DecimalError).code).toBe("PRECISION_CAP");
    expect((caught(() => D.formatDec(ctx(), d("1"), "1000000")) as D.DecimalError).code).toBe("PRECISION_CAP");
    // Exponents beyond the engine's input range are InvalidOperation, as CPython beyond its own.
    expect((caught(() => D.decFromString(ctx(), "1e1000000000000000")) as D.DecimalSignal).message).toBe("[<class 'decimal.InvalidOperation'>]");
  });

  it("raises trapped signals with CPython's class and message, after setting the flags", () => {
    const c = ctx();
    const e = caught(() => D.divmod(c, d("1"), d("0"))) as D.DecimalSignal;
    expect(e.pythonClass).toBe("decimal.InvalidOperation");
    expect(e.message).toBe("[<class 'decimal.InvalidOperation'>, <class 'decimal.DivisionByZero'>]");
    expect(c.flagNames()).toEqual(["InvalidOperation", "DivisionByZero"]);
    const c2 = ctx();
    const e2 = caught(() => D.divideInt(c2, d("1E+30"), d("0.001"))) as D.DecimalSignal;
    expect([e2.signal, e2.message]).toEqual(["InvalidOperation", "[<class 'decimal.DivisionImpossible'>]"]);
    const c3 = ctx();
    expect((caught(() => D.divide(c3, d("1"), d("0"))) as D.DecimalSignal).pythonClass).toBe("decimal.DivisionByZero");
    // Untrapped, the same operation returns the IEEE result and only flags.
    const quiet = D.createContext({ traps: [] });
    expect(D.toSciString(D.divide(quiet, d("-1"), d("0")))).toBe("-Infinity");
    expect(quiet.isFlagged("DivisionByZero")).toBe(true);
    quiet.clearFlags();
    expect(quiet.flagNames()).toEqual([]);
  });

  it("leaves operands untouched (values are immutable)", () => {
    const a = d("1.005");
    const r = D.quantize(ctx(), a, d("0.01"));
    expect(D.toSciString(r)).toBe("1.00");
    expect(D.toSciString(a)).toBe("1.005");
    expect([a.sign, a.coeff, a.exp]).toEqual([0, 1005n, -3]);
  });

  it("matches CPython on money examples", () => {
    const c = ctx();
    expect(D.toSciString(D.roundTo(c, d("2.675"), 2))).toBe("2.68");
    expect(D.toSciString(D.roundTo(c, d("2.665"), 2))).toBe("2.66");
    expect(D.toSciString(D.divide(c, d("1"), d("3")))).toBe("0.3333333333333333333333333333");
    expect(D.toSciString(D.multiply(c, d("19.99"), d("3")))).toBe("59.97");
    expect(D.formatDec(c, d("1234567.891"), ",.2f")).toBe("1,234,567.89");
    expect(D.toSciString(D.power(c, d("1.05"), d("12")))).toBe("1.795856326022129150390625");
    expect(D.toBigInt(d("-7.9"))).toBe(-7n);
    expect(D.toFloat(d("0.1"))).toBe(0.1);
    expect(D.hashDec(d("1.50"))).toBe(D.hashDec(d("1.5")));
    expect(D.hashDec(d("-1"))).toBe(-2n);
  });
});

describe("costOf", () => {
  const c = D.createContext();
  it("charges by size only, deterministically", () => {
    expect(D.costOf("add", [d("1"), d("2")], c)).toBe(4n);
    expect(D.costOf("add", [d("1".repeat(90)), d("2")], c)).toBe(13n);
    expect(D.costOf("multiply", [d("1".repeat(90)), d("1".repeat(18))], c)).toBe(22n);
    expect(D.costOf("divide", [d("1"), d("3")], c)).toBe(2n + (4n + 1n + 2n) * 5n);
    expect(D.costOf("exp", [d("1")], c)).toBe(D.TRANSCENDENTAL_BASE + 9n * 9n * ((9n * 9n + 3n) / 4n));
  });
  it("grows with precision and exponent size", () => {
    const hi = D.createContext({ prec: 1000 });
    expect(D.costOf("divide", [d("1"), d("3")], hi)).toBeGreaterThan(D.costOf("divide", [d("1"), d("3")], c));
    expect(D.costOf("ln", [d("2")], hi)).toBeGreaterThan(D.costOf("ln", [d("2")], c));
    expect(D.costOf("power", [d("2"), d("1000")], c)).toBeGreaterThan(D.costOf("power", [d("2"), d("10")], c));
    expect(D.costOf("power", [d("2"), d("0.5")], c)).toBeGreaterThan(D.costOf("power", [d("2"), d("2")], c));
  });
  it("refuses unknown ops and bad operands", () => {
    expect((caught(() => D.costOf("frobnicate" as D.DecimalOp, [], c)) as D.DecimalError).code).toBe("INVALID_ARGUMENT");
    expect((caught(() => D.costOf("add", [1 as unknown as D.Dec], c)) as D.DecimalError).message).toBe("operands[0]: expected a Dec");
  });
});
