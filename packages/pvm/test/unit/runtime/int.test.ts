import { describe, expect, it } from "vitest";
import { PyThrow } from "../../../src/runtime/exceptions.js";
import { floatRepr } from "../../../src/runtime/ops.js";
import * as I from "../../../src/runtime/int.js";

function pyErrName(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    if (e instanceof PyThrow) return `${e.exc.cls.name}: ${String(e.exc.args[0])}`;
    throw e;
  }
  return "no error";
}

describe("int arithmetic", () => {
  it("stays a number while safe and normalizes back", () => {
    expect(I.intAdd(2 ** 53 - 2, 1)).toBe(2 ** 53 - 1);
    expect(I.intAdd(2 ** 53 - 1, 1)).toBe(2n ** 53n);
    expect(I.intSub(2n ** 53n, 1)).toBe(2 ** 53 - 1);
    expect(I.intMul(-3, 0)).toBe(0);
    expect(Object.is(I.intMul(-3, 0), -0)).toBe(false);
  });
  it("normalizes exactly at the 2^53 edge and charges 64-bit chunks exactly at 2^64", () => {
    const M = Number.MAX_SAFE_INTEGER;
    expect(I.norm(BigInt(M))).toBe(M);
    expect(I.norm(-BigInt(M))).toBe(-M);
    expect(I.norm(BigInt(M) + 1n)).toBe(2n ** 53n);
    expect(I.norm(-(BigInt(M) + 2n))).toBe(-(2n ** 53n) - 1n);
    expect(I.intMul(M, M)).toBe(BigInt(M) * BigInt(M));
    expect(I.intMul(-(2 ** 26), 2 ** 27)).toBe(-(2n ** 53n));
    expect(I.intSub(-M, 2)).toBe(-BigInt(M) - 2n);
    expect(I.intMod(2n ** 61n + 5n, 2 ** 31)).toBe(5);
    expect(I.norm(2n ** 4095n)).toBe(2n ** 4095n);
    expect(pyErrName(() => I.norm(2n ** 4096n))).toBe("OverflowError: int exceeds the 4096-bit limit");
    expect(pyErrName(() => I.norm(-(2n ** 4096n)))).toBe("OverflowError: int exceeds the 4096-bit limit");
    expect([I.chunks64(2n ** 64n - 1n), I.chunks64(2n ** 64n), I.chunks64(-(2n ** 64n) + 1n), I.chunks64(2n ** 128n)]).toEqual([1, 2, 1, 3]);
  });
  it("floors division and modulo like Python", () => {
    expect(I.intFloorDiv(-7, 2)).toBe(-4);
    expect(I.intMod(-7, 2)).toBe(1);
    expect(I.intMod(7, -2)).toBe(-1);
    expect(I.intDivmod(-(2n ** 70n), 3)).toEqual([-393530540239137101142n, 2]);
    expect(pyErrName(() => I.intMod(1, 0))).toBe("ZeroDivisionError: integer modulo by zero");
    expect(pyErrName(() => I.intFloorDiv(1, 0))).toBe("ZeroDivisionError: integer division or modulo by zero");
  });
  it("caps ints at 4096 bits before computing", () => {
    expect(pyErrName(() => I.intPow(2, 10 ** 9))).toBe("OverflowError: int exceeds the 4096-bit limit");
    expect(pyErrName(() => I.intShl(1, 4096))).toBe("OverflowError: int exceeds the 4096-bit limit");
    expect(I.bitLength(I.intShl(1, 4095))).toBe(4096);
    expect(I.intPowMod(3, -1, 7)).toBe(5);
  });
  it("divides correctly rounded", () => {
    expect(I.intTrueDiv(10n ** 30n, 3)).toBe(3.333333333333333e29);
    expect(I.intTrueDiv(1, 3)).toBe(1 / 3);
  });
});

describe("float repr", () => {
  it("matches CPython", () => {
    expect(floatRepr(0.1)).toBe("0.1");
    expect(floatRepr(1e16)).toBe("1e+16");
    expect(floatRepr(1e15)).toBe("1000000000000000.0");
    expect(floatRepr(0.0001)).toBe("0.0001");
    expect(floatRepr(1e-5)).toBe("1e-05");
    expect(floatRepr(-0)).toBe("-0.0");
    expect(floatRepr(2.5)).toBe("2.5");
    expect(floatRepr(1.23456e-5)).toBe("1.23456e-05");
  });
});

describe("bitLength", () => {
  it("is exact around powers of two and for huge values", () => {
    for (let k = 1; k < 1100; k += 7) {
      const p = 1n << BigInt(k);
      expect(I.bitLength(p)).toBe(k + 1);
      expect(I.bitLength(p - 1n)).toBe(k);
      expect(I.bitLength(-(p + 1n))).toBe(k + 1);
    }
    expect(I.bitLength(2n ** 61n - 1n)).toBe(61);
    expect(I.bitLength(0)).toBe(0);
    expect(I.bitLength(-1)).toBe(1);
  });
});

describe("chunks64", () => {
  it("equals ceil(bitLength / 64)", () => {
    for (const v of [0, 1, -1, 2 ** 53 - 1, 0n, 2n ** 63n, 2n ** 64n - 1n, 2n ** 64n, -(2n ** 64n), 2n ** 200n, -(2n ** 4000n)]) {
      expect(I.chunks64(v)).toBe(Math.ceil(I.bitLength(v) / 64));
    }
  });
});
