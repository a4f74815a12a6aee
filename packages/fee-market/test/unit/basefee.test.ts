import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEFAULT_FEE_MARKET_CONFIG as C, FeeMarketError, U64_MAX, genesisBasefees, nextBasefee, nextBasefees } from "../../src/index.js";
import { big } from "../utils/vectors.js";
import { readVector } from "@cowboy/checks/vectors";

const T = C.cyclesTarget;

/** The spec's formula in exact rationals, then the documented rounding (floor, +1 when rising, floor, saturation). */
function reference(b: bigint, u: bigint, t: bigint, alpha: bigint, denominator: bigint, min: bigint): bigint {
  // change = b·(U−T)/(T·α) as num/den, clamped to ±b/δ by cross-multiplication.
  const num = b * (u > t ? u - t : t - u);
  const den = t * alpha;
  const clamped = num * denominator > b * den; // |change| > b/δ
  const delta = clamped ? b / denominator : num / den;
  const next = u === t ? b : u > t ? b + (delta === 0n ? 1n : delta) : b - delta;
  return next < min ? min : next > U64_MAX ? U64_MAX : next;
}

describe("nextBasefee", () => {
  it("reproduces every vector sequence", () => {
    const { sequences } = readVector<any>("fee-market/basefee.json");
    expect(sequences.length).toBe(10);
    for (const raw of sequences) {
      const seq = big(raw);
      const params = { alpha: seq.alpha, maxChangeDenominator: seq.max_change_denominator, minBasefee: seq.min_basefee };
      let b: bigint = seq.start;
      seq.usages.forEach((u: bigint, i: number) => {
        b = nextBasefee(b, u, seq.target, params);
        expect(b, `${seq.name} #${i}`).toBe(seq.basefees[i]);
        expect(b).toBe(reference(seq.basefees[i - 1] ?? seq.start, u, seq.target, seq.alpha, seq.max_change_denominator, seq.min_basefee));
      });
    }
  });

  it("follows EIP-1559 for its parameters: +12.5% on a double-target block, -12.5% on an empty one", () => {
    const p = { alpha: 8n, maxChangeDenominator: 8n, minBasefee: 1n };
    expect(nextBasefee(1_000_000_000n, 30_000_000n, 15_000_000n, p)).toBe(1_125_000_000n);
    expect(nextBasefee(1_000_000_000n, 0n, 15_000_000n, p)).toBe(875_000_000n);
    expect(nextBasefee(1_000_000_000n, 18_000_000n, 15_000_000n, p)).toBe(1_025_000_000n);
  });

  it("moves by exactly ±1/96 at the extremes, and not at all at target", () => {
    expect(nextBasefee(960_000n, 4n * T, T, C)).toBe(970_000n);
    expect(nextBasefee(960_000n, 0n, T, C)).toBe(950_000n);
    expect(nextBasefee(960_000n, T, T, C)).toBe(960_000n);
    expect(nextBasefee(C.minBasefee, 0n, T, C)).toBe(C.minBasefee);
    expect(nextBasefee(C.minBasefee, T + 1n, T, C)).toBe(C.minBasefee + 1n);
    expect(nextBasefee(U64_MAX, 4n * T, T, C)).toBe(U64_MAX);
  });

  it("matches the exact-rational reference; is monotone in usage and in the parent basefee; stays within ±1/δ", () => {
    const b = fc.bigInt({ min: 0n, max: 10n ** 19n });
    const u = fc.bigInt({ min: 0n, max: 4n * T });
    fc.assert(
      fc.property(b, b, u, u, (b1, b2, u1, u2) => {
        const next = nextBasefee(b1, u1, T, C);
        expect(next).toBe(reference(b1, u1, T, C.alpha, C.maxChangeDenominator, C.minBasefee));
        const [ulo, uhi] = u1 < u2 ? [u1, u2] : [u2, u1];
        expect(nextBasefee(b1, ulo, T, C) <= nextBasefee(b1, uhi, T, C)).toBe(true);
        const [blo, bhi] = b1 < b2 ? [b1, b2] : [b2, b1];
        expect(nextBasefee(blo, u1, T, C) <= nextBasefee(bhi, u1, T, C)).toBe(true);
        expect(next >= C.minBasefee).toBe(true);
        if (b1 >= C.minBasefee) expect(next <= b1 + b1 / 96n + 1n && next >= b1 - b1 / 96n).toBe(true);
      }),
      { numRuns: 2_000 },
    );
  });

  it("refuses arguments that are not u64 or a zero target, naming them", () => {
    expect(() => nextBasefee(-1n, 0n, T, C)).toThrow(/parentBasefee must be a u64/);
    expect(() => nextBasefee(1n, U64_MAX + 1n, T, C)).toThrow(/used must be a u64/);
    expect(() => nextBasefee(1n, 0n, 0n, C)).toThrow(/target must be positive/);
    expect(() => nextBasefee(1 as unknown as bigint, 0n, T, C)).toThrow(/parentBasefee must be a bigint/);
    try {
      nextBasefee(1n, 0n, 0n, C);
    } catch (e) {
      expect(e).toBeInstanceOf(FeeMarketError);
      expect((e as FeeMarketError).code).toBe("INVALID_ARGUMENT");
    }
  });
});

describe("nextBasefees / genesisBasefees", () => {
  it("moves the two meters independently against their own targets", () => {
    expect(nextBasefees({ cycle: 960_000n, cell: 960_000n }, { cycles: 2n * T, cells: 0n }, C)).toEqual({ cycle: 970_000n, cell: 950_000n });
    expect(nextBasefees({ cycle: 960_000n, cell: 960_000n }, { cycles: T, cells: C.cellsTarget }, C)).toEqual({ cycle: 960_000n, cell: 960_000n });
  });

  it("starts both meters at MIN_BASEFEE", () => {
    expect(genesisBasefees(C)).toEqual({ cycle: 10_000n, cell: 10_000n });
  });
});
