import { describe, expect, it } from "vitest";
import {
  NumericError, floatFromHex, formatFloat, formatInt, formatStr, parseFloatFromString, parseFormatSpec,
  parseIntFromString, percentFormat, type PercentCallbacks,
} from "../../src/numeric/index.js";

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
