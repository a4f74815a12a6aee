import { describe, expect, it } from "vitest";
import { DEFAULT_FEE_MARKET_CONFIG as C, U64_MAX, basefeeCeiling, estimateFees, nextBasefee, tipPercentile } from "../../src/index.js";
import { big } from "../utils/vectors.js";
import { readVector } from "@cowboy/checks/vectors";

const T = C.cyclesTarget;

describe("estimateFees", () => {
  it("reproduces the estimation vectors", () => {
    const { cases } = readVector<any>("fee-market/estimate.json");
    expect(cases.length).toBe(4);
    for (const c of cases) expect(estimateFees(big(c.input), C)).toEqual(big(c.expect));
  });

  it("adds the limit margin, a tip percentile, and room for basefee growth", () => {
    const e = estimateFees({ cycles: 100_000n, cells: 10n, basefees: { cycle: 10_000n, cell: 10_000n }, recentTips: [1n, 9n, 5n, 3n], blocks: 12 }, C);
    expect([e.cyclesLimit, e.cellsLimit, e.maxPriorityFeePerCycle, e.maxPriorityFeePerCell]).toEqual([120_000n, 12n, 3n, 3n]);
    expect(e.maxFeePerCycle).toBe(basefeeCeiling(10_000n, 12, C) + 3n);
    expect(e.expectedFee).toBe(100_000n * 10_003n + 10n * 10_003n);
    expect(e.maxCost).toBe(e.cyclesLimit * e.maxFeePerCycle + e.cellsLimit * e.maxFeePerCell);
  });

  it("bounds the basefee after n full blocks from above, tightly", () => {
    for (const start of [10_000n, 123_457n, 10n ** 12n]) {
      let b = start;
      for (let n = 0; n <= 60; n++) {
        const ceiling = basefeeCeiling(start, n, C);
        expect(ceiling >= b).toBe(true);
        // Only rounding separates them: under 2 base units per block over an hour-scale horizon.
        expect(ceiling - b <= 2n * BigInt(n)).toBe(true);
        b = nextBasefee(b, 4n * T, T, C);
      }
    }
    expect(basefeeCeiling(U64_MAX - 1n, 3, C)).toBe(U64_MAX);
    expect(basefeeCeiling(5n, 0, C)).toBe(C.minBasefee);
  });

  it("takes the nearest-rank percentile", () => {
    const tips = [50n, 10n, 40n, 20n, 30n];
    expect([0, 20, 21, 50, 80, 100].map((p) => tipPercentile(tips, p))).toEqual([10n, 10n, 20n, 30n, 40n, 50n]);
    expect(tipPercentile([], 50)).toBe(0n);
  });

  it("refuses bad arguments with their names", () => {
    const base = { cycles: 1n, cells: 1n, basefees: { cycle: 1n, cell: 1n } };
    expect(() => estimateFees({ ...base, tipPercentile: 101 }, C)).toThrow(/percentile must be an integer in \[0, 100\]/);
    expect(() => estimateFees({ ...base, tipPercentile: 50.5 }, C)).toThrow(/percentile/);
    expect(() => estimateFees({ ...base, blocks: -1 }, C)).toThrow(/blocks must be an integer/);
    expect(() => estimateFees({ ...base, cycles: -1n }, C)).toThrow(/cycles must be a u64/);
    expect(() => estimateFees({ ...base, recentTips: [1n, -2n] }, C)).toThrow(/tips\[1\] must be a u64/);
    expect(() => estimateFees({ ...base, cycles: U64_MAX }, C)).toThrow(/cyclesLimit .* exceeds the u64 range/);
  });
});
