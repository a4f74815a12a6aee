import { describe, expect, it } from "vitest";
import { BASEFEE_ALPHA, MIN_BASEFEE, nextBasefee } from "../src/index.js";

const T = 20_000_000n;

describe("nextBasefee", () => {
  it("stays put at target and never drops below the floor", () => {
    expect(nextBasefee(1_000_000n, T, T)).toBe(1_000_000n);
    expect(nextBasefee(MIN_BASEFEE, 0n, T)).toBe(MIN_BASEFEE);
    expect(nextBasefee(10_050n, 0n, T)).toBe(MIN_BASEFEE);
  });

  it("moves by at most 1/96 per block, rounding the change down", () => {
    const b = 9_600_000n;
    expect(nextBasefee(b, 4n * T, T)).toBe(b + b / BASEFEE_ALPHA);
    expect(nextBasefee(b, 2n * T, T)).toBe(b + 100_000n);
    expect(nextBasefee(b, 0n, T)).toBe(b - 100_000n);
    // half-way above target: +1/192
    expect(nextBasefee(b, T + T / 2n, T)).toBe(b + 50_000n);
    // a change below one unit rounds down to nothing when falling…
    expect(nextBasefee(MIN_BASEFEE + 1n, T - 1n, T)).toBe(MIN_BASEFEE + 1n);
  });

  it("always rises by at least 1 above target, so the fee leaves the floor", () => {
    expect(nextBasefee(MIN_BASEFEE, T + 1n, T)).toBe(MIN_BASEFEE + 1n);
    let b = MIN_BASEFEE;
    for (let i = 0; i < 96; i++) b = nextBasefee(b, 4n * T, T);
    // (1 + 1/96)^96 ≈ e: full blocks for 96 seconds multiply the fee by about 2.7
    expect(b).toBeGreaterThan(26_000n);
    expect(b).toBeLessThan(28_000n);
  });
});
