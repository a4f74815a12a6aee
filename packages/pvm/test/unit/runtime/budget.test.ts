import { OutOfCycles } from "@cowboy/metering";
import { describe, expect, it } from "vitest";
import { Runtime } from "../../../src/runtime/context.js";

// The Cycle counter is refilled from a reserve in chunks of 2^30 (so V8 keeps it a small integer);
// none of that may be visible in what is charged, used or refused.
const rt = (cyclesLimit: number) => new Runtime({ cyclesLimit, memoryLimit: 1 << 20, recursionLimit: 100, stackLimit: 100, stdout: () => {} });
const CHUNK = 2 ** 30;

describe("Runtime Cycle budget", () => {
  it("counts exactly across refills, for small and for larger-than-a-chunk charges", () => {
    const r = rt(5 * CHUNK + 7);
    r.charge(CHUNK - 1);
    r.charge(3);
    expect(r.cyclesUsed).toBe(CHUNK + 2);
    r.charge(2 * CHUNK + 5);
    expect(r.cyclesUsed).toBe(3 * CHUNK + 7);
    expect(r.budget).toBeLessThanOrEqual(CHUNK);
    r.charge(2 * CHUNK);
    expect(r.cyclesUsed).toBe(5 * CHUNK + 7);
  });

  it("refuses the charge that exceeds the limit, with the exact Cycles used", () => {
    const r = rt(3 * CHUNK + 10);
    r.charge(3 * CHUNK);
    let err: unknown;
    try {
      r.charge(11);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(OutOfCycles);
    expect((err as OutOfCycles).message).toBe(`out of cycles: used ${3 * CHUNK} of ${3 * CHUNK + 10}, requested 11 more`);
    expect(r.cyclesUsed).toBe(3 * CHUNK + 10);
  });

  it("starts over on reset with a new allowance", () => {
    const r = rt(100);
    expect(() => r.charge(101)).toThrow(OutOfCycles);
    r.reset(4 * CHUNK, 1 << 20);
    r.charge(4 * CHUNK);
    expect(r.cyclesUsed).toBe(4 * CHUNK);
    expect(() => r.charge(1)).toThrow("used 4294967296 of 4294967296, requested 1 more");
  });
});
