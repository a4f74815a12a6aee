// The CIP-1 auction (§5.1b) over a real fork: lane basefee, tips, waiting bids, fairness, GBAs,
// and the per-fire cap. The pricing rules against test-vectors/scheduler/auction.json are in
// test/spec/auction.test.ts.
import { toHex } from "@cowboy/codec";
import { describe, expect, it } from "vitest";
import { cancelTimer, createSchedulerConfig, currentLaneBasefee, defaultGasBid, timersOf, firesInWindow, getTimer, nextLaneBasefee, type PriorityTier } from "../../src/index.js";
import { A, addr, B, codeOf, setup } from "../utils/helpers.js";

const C = addr(0xc3);
const GBA = addr(0x9b);
const CELLS = { cycleBasefee: 999n, cellBasefee: 2n }; // cycleBasefee is ignored once the auction runs

function auction(overrides: Parameters<typeof createSchedulerConfig>[0] = {}) {
  const cfg = createSchedulerConfig({ auctionActivationHeight: 0n, initialLaneBasefee: 100n, laneCycles: 1_000_000n, ...overrides });
  const s = setup(cfg);
  for (const o of [B, C]) s.host.balances.set(toHex(o), 10n ** 15n);
  s.host.onRun = (fire) => ({ cyclesUsed: fire.cyclesLimit, cellsUsed: 0n });
  return { ...s, run: (h: bigint) => s.block(h, CELLS) };
}

describe("CIP-1 auction", () => {
  it("prices out a flood of cheap timers while a high bidder fires on time; the flood fires once the basefee falls", () => {
    const { fork, host, schedule, run, cfg } = auction();
    const flood = Array.from({ length: 300 }, () => schedule(1n, 5n, { owner: B, cycles: 100_000n, maxFee: 50n, maxTip: 5n }));
    const high = schedule(1n, 5n, { owner: A, handler: "urgent", cycles: 100_000n, maxFee: 1_000n, maxTip: 50n });
    for (let h = 2n; h < 5n; h++) run(h);
    const r5 = run(5n);
    expect(r5.fired.map((f) => toHex(f.id))).toEqual([toHex(high)]);
    // Blocks 1-4 had no lane usage: 100 → 88 → 77 → 68 → 60 (−1/8 each, rounded down).
    expect(r5.laneBasefee).toBe(60n);
    expect(currentLaneBasefee(fork, 6n, cfg)).toBe(54n);
    expect(r5.rolledOver).toBe(300);
    // The high bidder pays basefee + min(50, 1000 − 60) per Cycle: 60 burned, 50 tip.
    expect(r5.fired[0]).toMatchObject({ cyclesUsed: 100_000n, charged: 100_000n * 110n });
    expect(r5.tips).toBe(100_000n * 50n);
    expect(r5.burned).toBe(100_000n * 60n);
    expect(host.runs[0]!.cyclePrice).toBe(110n);
    // 100,000 of 1,000,000 used: below the 50% target, so 60 → 54, then an empty block → 48 ≤ 50.
    let h = 6n;
    let firstFloodFire = 0n;
    for (; h < 40n && firstFloodFire === 0n; h++) {
      const r = run(h);
      if (r.fired.length > 0) {
        firstFloodFire = h;
        expect(r.laneBasefee).toBe(48n);
        expect(r.fired.map((f) => toHex(f.id))).toEqual(flood.slice(0, 10).map(toHex)); // FIFO among equal bids
      } else expect(r.laneBasefee).toBeGreaterThan(50n);
    }
    expect(firstFloodFire).toBe(7n);
  });

  it("orders by tip, fills the lane, and moves the basefee by at most 12.5% a block", () => {
    const { schedule, run, cfg } = auction({ laneCycles: 500_000n, maxCyclesPerFire: 500_000n, maxCyclesPerFireAuction: 250_000n });
    const tips = [1n, 7n, 3n, 9n, 5n];
    const ids = tips.map((t, i) => schedule(1n, 3n, { owner: [A, B, C, A, B][i]!, cycles: 200_000n, maxFee: 10_000n, maxTip: t }));
    run(2n);
    const r3 = run(3n);
    expect(r3.fired.map((f) => toHex(f.id))).toEqual([ids[3]!, ids[1]!].map(toHex));
    expect(r3.laneCyclesUsed).toBe(400_000n);
    const r4 = run(4n);
    expect(r4.laneBasefee).toBe(nextLaneBasefee(r3.laneBasefee, 400_000n, cfg));
    expect(r4.laneBasefee).toBe(r3.laneBasefee + (r3.laneBasefee * 150_000n) / 250_000n / 8n);
    expect(r4.laneBasefee * 1000n).toBeLessThanOrEqual(r3.laneBasefee * 1125n);
    expect(r4.fired.map((f) => toHex(f.id))).toEqual([ids[4]!, ids[2]!].map(toHex));
  });

  it("weighs tips by fairness: a frequent firer yields to a quiet actor at equal tip", () => {
    const { fork, schedule, run } = auction();
    for (let i = 0n; i < 5n; i++) schedule(1n, 2n + i, { owner: B, cycles: 10_000n, maxFee: 500n, maxTip: 10n });
    for (let h = 2n; h <= 6n; h++) expect(run(h).fired).toHaveLength(1);
    expect(firesInWindow(fork, B, 6n)).toBe(5n);
    const busy = schedule(6n, 8n, { owner: B, cycles: 10_000n, maxFee: 500n, maxTip: 10n });
    const quiet = schedule(6n, 8n, { owner: C, cycles: 10_000n, maxFee: 500n, maxTip: 10n });
    run(7n);
    // Median of {5, 0} is 0: B (5 ≥ 2 × 0) has W = 1, C has W = 2, so C goes first despite FIFO.
    expect(run(8n).fired.map((f) => toHex(f.id))).toEqual([quiet, busy].map(toHex));
  });

  it("asks a timer's Gas Bidding Agent, falls back to the default GBA, and scales tips by tier", () => {
    const { host, schedule, run } = auction({ initialLaneBasefee: 1_000n });
    host.bids.set(toHex(GBA), { maxFeePerCycle: 5_000n, maxPriorityFeePerCycle: 40n });
    schedule(1n, 3n, { gba: GBA, cycles: 10_000n });
    run(2n);
    const r3 = run(3n);
    expect(host.bidQueries).toHaveLength(1);
    expect(host.bidQueries[0]).toMatchObject({ owner: A, triggerHeight: 3n, currentHeight: 3n, basefeeCycle: r3.laneBasefee, basefeeCell: 2n, tier: 1 });
    expect(r3.tips).toBe(10_000n * 40n);
    // Block 3's median tip is 40 and carries over block 4 (nothing fired there); the default GBA
    // bids 2 × basefee and 40 × the tier multiplier.
    const tiers: PriorityTier[] = [0, 1, 2, 3];
    const ids = tiers.map((tier) => schedule(3n, 5n, { owner: C, cycles: 10_000n, tier }));
    const silent = schedule(3n, 5n, { owner: B, cycles: 10_000n, gba: addr(0x77) }); // no answer → default GBA
    run(4n);
    const r5 = run(5n);
    const basefee = r5.laneBasefee;
    const expectTip = (tier: PriorityTier) => {
      const bid = defaultGasBid(basefee, 40n, tier);
      const room = bid.maxFeePerCycle - basefee;
      return bid.maxPriorityFeePerCycle < room ? bid.maxPriorityFeePerCycle : room;
    };
    expect(r5.fired.map((f) => toHex(f.id))).toEqual([ids[3]!, ids[2]!, ids[1]!, silent, ids[0]!].map(toHex));
    expect([0, 1, 2, 3].map((t) => expectTip(t as PriorityTier))).toEqual([32n, 40n, 60n, 100n]);
    expect(r5.tips).toBe(10_000n * (100n + 60n + 40n + 40n + 32n));
    expect(defaultGasBid(100n, 40n, 3)).toEqual({ maxFeePerCycle: 200n, maxPriorityFeePerCycle: 100n });
  });

  it("caps Cycles per fire at 250,000 once active, for new and for FIFO-era timers", () => {
    const cfg = createSchedulerConfig({ auctionActivationHeight: 10n, initialLaneBasefee: 100n });
    const { fork, host, schedule, block } = setup(cfg);
    host.onRun = (fire) => ({ cyclesUsed: fire.cyclesLimit, cellsUsed: 0n });
    const old = schedule(1n, 12n, { cycles: 550_000n, maxFee: 1_000n });
    expect(codeOf(() => schedule(10n, 20n, { cycles: 250_001n }))).toBe("FIRE_CAP_EXCEEDED");
    expect(schedule(10n, 20n, { cycles: 250_000n }).length).toBe(32);
    for (let h = 2n; h < 12n; h++) block(h);
    const r12 = block(12n);
    expect(host.runs).toHaveLength(1);
    expect(host.runs[0]).toMatchObject({ id: toHex(old), height: 12n, cyclePrice: r12.laneBasefee });
    expect(r12.fired[0]).toMatchObject({ cyclesUsed: 250_000n });
    expect(r12.laneBasefee).toBeLessThan(100n); // decayed over the empty auction blocks 10 and 11
    expect(getTimer(fork, old)).toBeUndefined();
  });

  it("destroys expired and unfunded timers in the auction too, and writes nothing with no timers", () => {
    const { fork, host, schedule, run } = auction();
    const before = toHex(fork.computeRoot());
    expect(run(1n)).toMatchObject({ fired: [], laneBasefee: 100n });
    expect(toHex(fork.computeRoot())).toBe(before);
    const poor = addr(0x01);
    const unfunded = schedule(1n, 3n, { feePayer: poor, cycles: 10_000n, maxFee: 500n });
    const stale = schedule(1n, 3n, { expiresAt: 3n, cycles: 10_000n, maxFee: 500n });
    run(2n);
    const r = run(4n);
    expect(r.destroyed).toEqual([
      { id: stale, owner: A, handler: "tick", reason: "expired" },
      { id: unfunded, owner: A, handler: "tick", reason: "insufficient-funds" },
    ]);
    expect(host.runs).toHaveLength(0);
  });
});

describe("CIP-1 auction iteration", () => {
  it("survives a handler cancelling a timer ranked after it in the same block", () => {
    const { fork, host, schedule, run, cfg } = auction();
    const victim = schedule(1n, 3n, { handler: "victim", cycles: 10_000n, maxFee: 500n, maxTip: 1n });
    schedule(1n, 3n, { handler: "killer", cycles: 10_000n, maxFee: 500n, maxTip: 9n });
    host.onRun = (fire) => {
      if (fire.record.handler === "killer") cancelTimer(fork, fire.height, A, victim, cfg);
      return { cyclesUsed: 100n, cellsUsed: 0n };
    };
    run(2n);
    const r = run(3n);
    expect(r.fired.map((f) => f.handler)).toEqual(["killer"]);
    expect(r.rolledOver).toBe(0);
    expect(timersOf(fork, A)).toEqual([]);
  });

  it("rotates through a backlog larger than maxAuctionCandidates, firing each timer once", () => {
    const { host, schedule, run } = auction({ maxAuctionCandidates: 2, laneCycles: 250_000n, maxCyclesPerFire: 250_000n });
    const ids = [0, 1, 2, 3, 4].map(() => toHex(schedule(1n, 3n, { cycles: 200_000n, maxFee: 500n })));
    run(2n);
    const rolled: number[] = [];
    for (let h = 3n; h <= 9n; h++) rolled.push(run(h).rolledOver);
    expect([...host.runs.map((r) => r.id)].sort()).toEqual([...ids].sort());
    expect(new Set(host.runs.map((r) => r.height)).size).toBe(5);
    expect(rolled.slice(0, 5)).toEqual([4, 3, 2, 1, 0]);
  });
});
