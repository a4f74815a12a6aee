import { describe, expect, it } from "vitest";
import { expFast } from "../../../src/numeric/ddexp.js";
import { logFast } from "../../../src/numeric/ddlog.js";
import { trigFast } from "../../../src/numeric/ddtrig.js";
import { hyperFast } from "../../../src/numeric/ddhyper.js";
import { atanFast } from "../../../src/numeric/ddatan.js";
import { atanSlow, cosSlow, coshSlow, expSlow, logSlow, powPositive, powSlow, sinSlow, sinhSlow, tanSlow, tanhSlow } from "../../../src/numeric/mathcore.js";

/** Deterministic LCG so the test covers the same arguments on every run. */
function* args(n: number): Generator<number> {
  let s = 987654321;
  for (let i = 0; i < n; i++) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    const t = s / 4294967296;
    yield i % 3 === 0 ? (t - 0.5) * 1415 : i % 3 === 1 ? (t - 0.5) * 4 : (t - 0.5) * 1e-3;
  }
}

describe("double-double fast paths agree with the exact kernels", () => {
  it("expFast returns the exact kernel's value whenever it returns at all", () => {
    let answered = 0;
    for (const x of args(30000)) {
      const f = expFast(x);
      if (f === undefined) continue;
      answered++;
      if (f !== expSlow(x)) expect([x, f]).toEqual([x, expSlow(x)]);
    }
    // The rounding test should almost never fail inside the fast range.
    expect(answered).toBeGreaterThan(29000);
  });
  it("logFast returns the exact kernel's value whenever it returns at all", () => {
    let answered = 0;
    let total = 0;
    for (const a of args(30000)) {
      // Spread over magnitudes, including values just around 1 where the result is tiny.
      const x = total % 3 === 0 ? Math.abs(a) * 1e3 + 1e-9 : total % 3 === 1 ? 1 + a * 1e-9 : Math.abs(a) * 1e-200 + 1e-300;
      total++;
      const f = logFast(x);
      if (f === undefined) continue;
      answered++;
      if (f !== logSlow(x)) expect([x, f]).toEqual([x, logSlow(x)]);
    }
    expect(answered).toBeGreaterThan(29000);
    expect(logFast(5e-324)).toBeUndefined();
  });
  it("trigFast (sin, cos, tan) returns the exact kernel's value whenever it returns at all", () => {
    const slow = [sinSlow, cosSlow, tanSlow] as const;
    let answered = 0;
    let inRange = 0;
    let i = 0;
    for (const a of args(6000)) {
      // Wide arguments, small ones, and arguments within 1e-7 of a multiple of pi/2.
      const x = i % 3 === 0 ? a * 1400 : i % 3 === 1 ? a * 4 : Math.round(a * 2000) * (Math.PI / 2) + a * 1e-7;
      i++;
      for (const which of [0, 1, 2] as const) {
        if (Math.abs(x) < 2 ** 20 && Math.abs(x) >= 2 ** -26) inRange++;
        const f = trigFast(x, which);
        if (f === undefined) continue;
        answered++;
        const want = slow[which](x);
        if (f !== want) expect([which, x, f]).toEqual([which, x, want]);
      }
    }
    expect(answered).toBeGreaterThan(inRange * 0.99);
    expect(trigFast(1e7, 0)).toBeUndefined();
  });
  it("pow through the double-double path equals the exact kernel", () => {
    let i = 0;
    let prev = 1.5;
    for (const a of args(9000)) {
      const x = i % 2 ? Math.abs(prev) * 70 + 1e-3 : 1 + prev * 1e-3;
      const y = i % 3 ? a * 0.2 : a * 70;
      i++;
      prev = a / 700;
      if (Number.isInteger(y) || !(x > 0) || x === 1) continue;
      const got = powPositive(x, y);
      const want = powSlow(x, y);
      if (got !== want) expect([x, y, got]).toEqual([x, y, want]);
    }
  });
  it("hyperFast (sinh, cosh, tanh) returns the exact kernel's value whenever it returns at all", () => {
    const slow = [sinhSlow, coshSlow, tanhSlow] as const;
    let answered = 0;
    let inRange = 0;
    for (const x of args(6000)) {
      for (const which of [0, 1, 2] as const) {
        if (Math.abs(x) >= 2 ** -26 && Math.abs(x) < 700) inRange++;
        const f = hyperFast(x, which);
        if (f === undefined) continue;
        answered++;
        const want = slow[which](x);
        if (f !== want) expect([which, x, f]).toEqual([which, x, want]);
      }
    }
    expect(answered).toBeGreaterThan(inRange * 0.98);
  });
  it("atanFast returns the exact kernel's value whenever it returns at all", () => {
    let answered = 0;
    let i = 0;
    for (const a of args(20000)) {
      const x = i++ % 2 ? a * 1e3 : a * 1e-2;
      if (Math.abs(x) < 2 ** -26) continue;
      const f = atanFast(x);
      if (f === undefined) continue;
      answered++;
      if (f !== atanSlow(x)) expect([x, f]).toEqual([x, atanSlow(x)]);
    }
    expect(answered).toBeGreaterThan(19000);
  });
  it("expFast declines outside its range", () => {
    expect(expFast(709)).toBeUndefined();
    expect(expFast(1e-30)).toBeUndefined();
    expect(expFast(NaN)).toBeUndefined();
  });
});
