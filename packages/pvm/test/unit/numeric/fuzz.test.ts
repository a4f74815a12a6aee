import { describe, expect, it } from "vitest";
import {
  NumericError,
  floatFromHex,
  formatFloat,
  formatInt,
  formatStr,
  parseFloatFromString,
  parseFormatSpec,
  parseIntFromString,
  percentFormat,
  type PercentCallbacks,
} from "../../../src/numeric/index.js";

/** Deterministic junk: short strings over an alphabet rich in the grammar's own characters. */
function* junk(n: number, alphabet: string): Generator<string> {
  const chars = Array.from(alphabet);
  let s = 0x1234567;
  for (let i = 0; i < n; i++) {
    let out = "";
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    const len = s % 12;
    for (let j = 0; j < len; j++) {
      s = (Math.imul(s, 1103515245) + 12345) >>> 0;
      out += chars[s % chars.length];
    }
    yield out;
  }
}

/** Only a result or a NumericError may come out: never a host exception, never a hang. */
function total(f: () => unknown): "ok" | string {
  try {
    f();
    return "ok";
  } catch (e) {
    if (e instanceof NumericError) return e.pyType;
    throw e;
  }
}

const cb: PercentCallbacks<number> = {
  str: String,
  repr: String,
  ascii: String,
  toInt: (v) => Math.trunc(v),
  toFloat: (v) => v,
  toChar: (v) => (Number.isInteger(v) ? v : null),
  toStarInt: (v) => Math.trunc(v),
  getItem: (m) => m,
};

describe("arbitrary input yields a value or a typed NumericError", () => {
  it("parsers", () => {
    const kinds = new Set<string>();
    for (const t of junk(20000, "0123456789abcdefxXoObBpP_+-. eEinfatyNI\t\u00a0\u0663\u00e9")) {
      for (const base of [0, 2, 10, 16, 36]) kinds.add(total(() => parseIntFromString(t, base)));
      kinds.add(total(() => parseFloatFromString(t)));
      kinds.add(total(() => floatFromHex(t)));
    }
    expect([...kinds].sort()).toEqual(["OverflowError", "ValueError", "ok"]);
  });
  it("format specs and % formats", () => {
    const kinds = new Set<string>();
    for (const spec of junk(20000, "<>^=+- z#0123456789,_.bcdeEfFgGnosxX%\u00e9*")) {
      kinds.add(total(() => parseFormatSpec(spec)));
      kinds.add(total(() => formatInt(-1234567n, spec)));
      kinds.add(total(() => formatFloat(-1234.5678, spec)));
      kinds.add(total(() => formatStr("héllo", spec)));
      kinds.add(total(() => percentFormat(`%${spec}`, { tuple: [3, 2.5, 65] }, cb)));
    }
    expect([...kinds].every((k) => ["ok", "ValueError", "OverflowError", "TypeError"].includes(k))).toBe(true);
  });
  it("a callback breaking its contract is reported as a host TypeError naming it", () => {
    const bad = { ...cb, toInt: () => 2.5 };
    expect(() => percentFormat("%d", { tuple: [1] }, bad)).toThrow(/callbacks.toInt must return/);
  });
});

describe("math functions on arbitrary doubles", () => {
  it("every function returns a double or a NumericError for random bit patterns", async () => {
    const { pymath, bitsToDouble, floatPow } = await import("../../../src/numeric/index.js");
    const unary = [
      "sqrt",
      "exp",
      "exp2",
      "expm1",
      "log",
      "log1p",
      "log2",
      "log10",
      "sin",
      "cos",
      "tan",
      "asin",
      "acos",
      "atan",
      "sinh",
      "cosh",
      "tanh",
      "asinh",
      "acosh",
      "atanh",
      "erf",
      "erfc",
      "cbrt",
      "gamma",
      "lgamma",
      "fabs",
      "ulp",
    ] as const;
    const fns = pymath as unknown as Record<string, (...a: number[]) => number>;
    let s = 0xabcdef;
    const next = (): number => {
      s = (Math.imul(s, 1103515245) + 12345) >>> 0;
      const hi = s;
      s = (Math.imul(s, 1103515245) + 12345) >>> 0;
      return bitsToDouble((BigInt(hi) << 32n) | BigInt(s));
    };
    const extremes = [
      5e-324,
      -5e-324,
      2.2250738585072014e-308,
      1.7976931348623157e308,
      -1.7976931348623157e308,
      1 - 2 ** -53,
      1 + 2 ** -52,
      -1 + 2 ** -53,
      0.5 + 2 ** -54,
      1e-300,
      -1e300,
      2 ** 1023,
      710,
      -746,
      27.5,
      -6.5,
    ];
    for (let i = 0; i < 400 + extremes.length ** 2; i++) {
      const k = i - 400;
      const x = k >= 0 ? (extremes[Math.floor(k / extremes.length)] as number) : next();
      const y = k >= 0 ? (extremes[k % extremes.length] as number) : next();
      for (const name of unary) {
        const r = total(() => (fns[name] as (x: number) => number)(x));
        expect(["ok", "ValueError", "OverflowError"]).toContain(r);
      }
      for (const name of ["pow", "atan2", "fmod", "remainder", "hypot", "copysign", "nextafter"]) {
        expect(["ok", "ValueError", "OverflowError"]).toContain(total(() => (fns[name] as (a: number, b: number) => number)(x, y)));
      }
      expect(["ok", "ZeroDivisionError", "OverflowError"]).toContain(total(() => floatPow(x, y)));
    }
  });
});

describe("output bounds for callers with a memory budget", () => {
  it("refuse oversized widths and precisions before allocating", async () => {
    const { formatFloat, formatStr, percentFormat } = await import("../../../src/numeric/index.js");
    const lim = { maxWidthOrPrecision: 1000 };
    expect(total(() => formatStr("x", "999999999", "str", lim))).toBe("ValueError");
    expect(() => formatFloat(1.5, ".5000f", "float", lim)).toThrow("precision too big");
    expect(formatFloat(1.5, ".3f", "float", lim)).toBe("1.500");
    expect(() => percentFormat("%*d", { tuple: [5000, 1] }, cb, lim)).toThrow("width too big");
    expect(percentFormat("%5d", { tuple: [1] }, cb, lim)).toBe("    1");
  });
});

describe("integer functions under a width cap", () => {
  it("factorial, perm and comb stop at maxBits with OverflowError", async () => {
    const { pymath } = await import("../../../src/numeric/index.js");
    expect(pymath.factorial(20n, 4096)).toBe(2432902008176640000n);
    expect(() => pymath.factorial(10n ** 9n, 4096)).toThrow("int exceeds the 4096-bit limit");
    expect(() => pymath.factorial(600n, 4096)).toThrow("int exceeds the 4096-bit limit");
    expect(pymath.comb(10n ** 18n, 2n, 4096)).toBe((10n ** 18n * (10n ** 18n - 1n)) / 2n);
    expect(() => pymath.comb(10n ** 6n, 500000n, 4096)).toThrow("int exceeds the 4096-bit limit");
    expect(() => pymath.perm(10n ** 6n, 10n ** 5n, 4096)).toThrow("int exceeds the 4096-bit limit");
    expect(pymath.comb(52n, 5n, 4096)).toBe(2598960n);
  });
});
