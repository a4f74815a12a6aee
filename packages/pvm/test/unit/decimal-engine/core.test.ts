import { describe, expect, it } from "vitest";
import {
  type Context,
  DecimalSignal,
  add,
  createContext,
  decFromFloatExact,
  decFromInt,
  decFromString,
  minus,
  multiply,
  subtract,
  toRepr,
  toSciString,
} from "../../../src/decimal-engine/index.js";

const D = (s: string, ctx: Context = createContext()) => decFromString(ctx, s);

describe("decimal core", () => {
  it("parses and prints like CPython", () => {
    expect(toRepr(D("1.20e+3"))).toBe("Decimal('1.20E+3')");
    expect(toSciString(D("  -0.0 "))).toBe("-0.0");
    expect(toSciString(D("Inf"))).toBe("Infinity");
    expect(toSciString(D("-Infinity"))).toBe("-Infinity");
    expect(toSciString(D("sNaN0123"))).toBe("sNaN123");
    expect(toSciString(D("1_0.0_1e1_0"))).toBe("1.001E+11");
    expect(toSciString(D("0e-7"))).toBe("0E-7");
    expect(toSciString(D("\u0661\u0662"))).toBe("12");
    expect(toSciString(decFromInt(-1234n))).toBe("-1234");
  });

  it("converts floats exactly", () => {
    expect(toSciString(decFromFloatExact(0.1))).toBe("0.1000000000000000055511151231257827021181583404541015625");
    expect(toSciString(decFromFloatExact(-0))).toBe("-0");
    expect(toSciString(decFromFloatExact(1e22))).toBe("10000000000000000000000");
  });

  it("traps ConversionSyntax as InvalidOperation, sets the flag", () => {
    const ctx = createContext();
    let err: unknown;
    try {
      decFromString(ctx, "1e+");
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(DecimalSignal);
    expect((err as DecimalSignal).pythonClass).toBe("decimal.InvalidOperation");
    expect((err as DecimalSignal).message).toBe("[<class 'decimal.ConversionSyntax'>]");
    expect(ctx.flagNames()).toEqual(["InvalidOperation"]);
  });

  it("adds, subtracts and multiplies with context rounding", () => {
    const ctx = createContext();
    expect(toSciString(add(ctx, D("1.1"), D("2.20")))).toBe("3.30");
    expect(toSciString(subtract(ctx, D("1"), D("1")))).toBe("0");
    expect(toSciString(add(ctx, D("1"), D("1e-40")))).toBe("1.000000000000000000000000000");
    expect(ctx.flagNames()).toEqual(["Inexact", "Rounded"]);
    expect(toSciString(multiply(ctx, D("1.5"), D("-2")))).toBe("-3.0");
    expect(toSciString(minus(ctx, D("0")))).toBe("0");
    const small = createContext({ prec: 3 });
    expect(toSciString(add(small, D("999"), D("1")))).toBe("1.00E+3");
  });

  it("overflows to a trapped signal listing the trapped conditions", () => {
    const ctx = createContext({ traps: ["Overflow", "Inexact"] });
    expect(() => multiply(ctx, D("9e999999"), D("10"))).toThrow("[<class 'decimal.Overflow'>, <class 'decimal.Inexact'>]");
    expect(ctx.flagNames()).toEqual(["Overflow", "Inexact", "Rounded"]);
  });
});
