import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_FEE_MARKET_CONFIG as C, basefeeCeiling, compareByFee, effectiveFee, estimateFees, FeeMarketError, keyedHashOrdering, laneBasefee, laneCapacity,
  nextBasefee, nextBasefees, settle, validateFeeMarketConfig, vrfOrder, type LaneId,
} from "../src/index.js";

const vectors = (name: string) => JSON.parse(readFileSync(new URL(`../../../test-vectors/fee-market/${name}`, import.meta.url), "utf8"));
const T = C.cyclesTarget;

/** The spec's formula with exact rationals: b × (1 + clamp((U−T)/(Tα), ±1/α)), then the documented rounding. */
function reference(b: bigint, u: bigint, t: bigint, alpha: bigint, min: bigint): bigint {
  // delta as the exact rational b·|U−T| / (T·α), clamped to b/α; floor; +1 minimum when rising.
  const num = b * (u > t ? u - t : t - u);
  const den = t * alpha;
  const capped = num * alpha > b * den ? b / alpha : num / den;
  const next = u === t ? b : u > t ? b + (capped === 0n ? 1n : capped) : b - capped;
  return next < min ? min : next;
}

describe("basefee", () => {
  it("reproduces every vector sequence", () => {
    const { sequences, single } = vectors("basefee.json");
    for (const seq of sequences) {
      let b = BigInt(seq.start);
      seq.usages.forEach((u: string, i: number) => {
        b = nextBasefee(b, BigInt(u), BigInt(seq.target), { alpha: BigInt(seq.alpha), maxChangeDenominator: BigInt(seq.alpha), minBasefee: BigInt(seq.min_basefee) });
        expect(b.toString(), `${seq.name} #${i}`).toBe(seq.basefees[i]);
      });
    }
    for (const c of single) expect(nextBasefee(BigInt(c.basefee), BigInt(c.used), BigInt(c.target), C).toString()).toBe(c.next);
  });

  it("matches the exact-rational reference and is monotone in usage", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 18n }), fc.bigInt({ min: 0n, max: 4n * T }), fc.bigInt({ min: 0n, max: 4n * T }), (b, u1, u2) => {
        expect(nextBasefee(b, u1, T, C)).toBe(reference(b, u1, T, C.alpha, C.minBasefee));
        const [lo, hi] = u1 < u2 ? [u1, u2] : [u2, u1];
        expect(nextBasefee(b, lo, T, C) <= nextBasefee(b, hi, T, C)).toBe(true);
        const next = nextBasefee(b, u1, T, C);
        // never more than ±1/α (plus the +1 step), never below the floor
        expect(next >= C.minBasefee).toBe(true);
        if (b >= C.minBasefee) expect(next <= b + b / C.alpha + 1n && next >= b - b / C.alpha).toBe(true);
      }),
    );
  });

  it("moves both meters independently", () => {
    const next = nextBasefees({ cycle: 960_000n, cell: 960_000n }, { cycles: 2n * T, cells: 0n }, C);
    expect(next).toEqual({ cycle: 970_000n, cell: 950_000n });
  });
});

describe("settle", () => {
  it("reproduces every settlement vector", () => {
    for (const c of vectors("settlement.json").cases) {
      const r = settle(
        { cycles: BigInt(c.usage.cycles), cells: BigInt(c.usage.cells) },
        { cycles: BigInt(c.limits.cycles), cells: BigInt(c.limits.cells) },
        { cycle: BigInt(c.basefees.cycle), cell: BigInt(c.basefees.cell) },
        {
          cycle: { maxFee: BigInt(c.bids.cycle.max_fee), maxPriorityFee: BigInt(c.bids.cycle.max_priority_fee) },
          cell: { maxFee: BigInt(c.bids.cell.max_fee), maxPriorityFee: BigInt(c.bids.cell.max_priority_fee) },
        },
      );
      expect([r.paid, r.burned, r.tipped, r.refund].map(String)).toEqual([c.paid, c.burned, c.tipped, c.refund]);
    }
  });

  it("conserves value: paid + refund = precharge, burned + tipped = paid, nothing negative", () => {
    const amount = fc.bigInt({ min: 0n, max: 10n ** 9n });
    fc.assert(
      fc.property(amount, amount, amount, amount, amount, amount, amount, amount, (lc, lb, bc, bb, xc, xb, tc, tb) => {
        const limits = { cycles: lc, cells: lb };
        const usage = { cycles: lc / 2n, cells: lb / 3n };
        const bids = { cycle: { maxFee: bc + xc, maxPriorityFee: tc }, cell: { maxFee: bb + xb, maxPriorityFee: tb } };
        const r = settle(usage, limits, { cycle: bc, cell: bb }, bids);
        expect(r.paid + r.refund).toBe(lc * (bc + xc) + lb * (bb + xb));
        expect(r.burned + r.tipped).toBe(r.paid);
        expect(r.refund >= 0n && r.tipped >= 0n && r.burned >= 0n).toBe(true);
      }),
    );
  });

  it("refuses a max fee below the basefee and usage beyond the limits", () => {
    const bid = { maxFee: 9n, maxPriorityFee: 0n };
    expect(() => settle({ cycles: 1n, cells: 0n }, { cycles: 1n, cells: 0n }, { cycle: 10n, cell: 1n }, { cycle: bid, cell: { maxFee: 1n, maxPriorityFee: 0n } })).toThrow(FeeMarketError);
    expect(() => settle({ cycles: 2n, cells: 0n }, { cycles: 1n, cells: 0n }, { cycle: 1n, cell: 1n }, { cycle: bid, cell: bid })).toThrow(/within the limits/);
  });
});

describe("lanes", () => {
  it("reproduce the cascade vectors", () => {
    const { cases } = vectors("lanes.json");
    for (const c of cases) {
      const usage = Object.fromEntries(Object.entries(c.usage).map(([k, v]) => [k, BigInt(v as string)])) as Record<LaneId, bigint>;
      for (const lane of ["system", "timer", "runner", "user"] as const) expect(laneCapacity(lane, usage, C).toString()).toBe(c.capacity[lane]);
    }
  });

  it("cascade unused system and runner capacity to the user lane, never the other way", () => {
    const idle = { system: 0n, timer: 0n, runner: 0n, user: 0n };
    expect(laneCapacity("user", idle, C)).toBe(22_222_222n + 40_000_000n + 8_888_888n);
    expect(laneCapacity("system", { ...idle, user: 60_000_000n }, C)).toBe(40_000_000n);
    expect(laneCapacity("timer", { ...idle, user: 70_000_000n }, C)).toBe(8_888_890n);
    expect(laneCapacity("user", { ...idle, system: 40_000_000n, runner: 8_888_888n }, C)).toBe(22_222_222n);
  });

  it("scale the lane basefee by its multiplier, rounding up", () => {
    expect(laneBasefee(10_001n, "user", C)).toBe(10_001n);
    const config = { ...C, laneMultipliersBps: { ...C.laneMultipliersBps, timer: 15_000n } };
    expect(laneBasefee(10_001n, "timer", config)).toBe(15_002n);
  });

  it("validate the configuration and name the bad field", () => {
    expect(validateFeeMarketConfig(C)).toBe(C);
    expect(() => validateFeeMarketConfig({ ...C, alpha: 0n })).toThrow("alpha must lie in [1, ");
    expect(() => validateFeeMarketConfig({ ...C, laneBudgets: { ...C.laneBudgets, user: -1n } })).toThrow("laneBudgets.user");
  });
});

describe("ordering", () => {
  const tx = (hash: number, tip: bigint, maxFee = 100_000n) => ({
    hash: new Uint8Array(32).fill(hash),
    intrinsicCycles: 21_000n,
    intrinsicCells: 0n,
    maxFeePerCycle: maxFee,
    maxFeePerCell: maxFee,
    maxPriorityFeePerCycle: tip,
    maxPriorityFeePerCell: tip,
  });

  it("computes the effective fee on intrinsic costs, capped by the max fee", () => {
    expect(effectiveFee(tx(1, 5n), { cycle: 10_000n, cell: 10_000n })).toBe(21_000n * 10_005n);
    expect(effectiveFee(tx(1, 50_000n, 20_000n), { cycle: 10_000n, cell: 10_000n })).toBe(21_000n * 20_000n);
  });

  it("sorts by fee then hash, and VRF-orders deterministically per proposer and height", () => {
    const items = [{ fee: 5n, hash: new Uint8Array([2]) }, { fee: 9n, hash: new Uint8Array([3]) }, { fee: 5n, hash: new Uint8Array([1]) }];
    expect(items.sort(compareByFee).map((i) => i.hash[0])).toEqual([3, 1, 2]);
    const set = Array.from({ length: 8 }, (_, i) => ({ hash: new Uint8Array(32).fill(i) }));
    const a = vrfOrder(set, keyedHashOrdering(new Uint8Array(32).fill(1)), 7n).map((x) => x.hash[0]);
    expect(vrfOrder([...set].reverse(), keyedHashOrdering(new Uint8Array(32).fill(1)), 7n).map((x) => x.hash[0])).toEqual(a);
    expect(vrfOrder(set, keyedHashOrdering(new Uint8Array(32).fill(2)), 7n).map((x) => x.hash[0])).not.toEqual(a);
    expect(vrfOrder(set, keyedHashOrdering(new Uint8Array(32).fill(1)), 8n).map((x) => x.hash[0])).not.toEqual(a);
  });
});

describe("estimateFees", () => {
  it("adds the limit margin, a tip percentile, and room for basefee growth", () => {
    const estimate = estimateFees({ cycles: 100_000n, cells: 10n, basefees: { cycle: 10_000n, cell: 10_000n }, recentTips: [1n, 9n, 5n, 3n], blocks: 12 }, C);
    expect(estimate.cyclesLimit).toBe(120_000n);
    expect(estimate.cellsLimit).toBe(12n);
    expect(estimate.maxPriorityFeePerCycle).toBe(5n);
    const ceiling = basefeeCeiling(10_000n, 12, C);
    let b = 10_000n;
    for (let i = 0; i < 12; i++) b = nextBasefee(b, 4n * T, T, C);
    expect(ceiling >= b).toBe(true);
    expect(estimate.maxFeePerCycle).toBe(ceiling + 5n);
    expect(() => estimateFees({ cycles: 1n, cells: 1n, basefees: { cycle: 1n, cell: 1n }, tipPercentile: 101 }, C)).toThrow(FeeMarketError);
  });
});
