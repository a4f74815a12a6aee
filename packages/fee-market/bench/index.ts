// Throughput of the fee market's per-block and per-transaction arithmetic, as ratios against a
// plain bigint multiply-add loop of the same size, measured in the same run. For information:
// nothing here is asserted. Run: pnpm bench
import { compare } from "@cowboy/bench-harness";
import { DEFAULT_FEE_MARKET_CONFIG as C, allocateLanes, effectiveFee, estimateFees, keyedHashOrdering, laneCapacity, nextBasefees, selectForLane, settle } from "../src/index.js";

const N = 1_000;
const usages = Array.from({ length: N }, (_, i) => ({ cycles: BigInt((i * 7_919) % 80_000_001), cells: BigInt((i * 104_729) % 16_000_001) }));
const limits = { cycles: 500_000n, cells: 4_096n };
const basefees = { cycle: 123_456n, cell: 45_678n };
const bids = { cycle: { maxFee: 200_000n, maxPriorityFee: 2_000n }, cell: { maxFee: 90_000n, maxPriorityFee: 1_000n } };
const txUsages = Array.from({ length: N }, (_, i) => ({ cycles: BigInt(21_000 + ((i * 977) % 479_000)), cells: BigInt((i * 31) % 4_096) }));

// Baseline: per element, the same shape of bigint work as one settlement's core (2 mul-adds).
const baseline = {
  name: "bigint multiply-add ×2",
  opsPerCall: N,
  fn: () => {
    let acc = 0n;
    for (const u of txUsages) acc += u.cycles * basefees.cycle + u.cells * basefees.cell;
    return acc;
  },
};

compare("fee market: per-block and per-transaction arithmetic (ops/s)", baseline, [
  {
    name: "nextBasefees (both meters)",
    opsPerCall: N,
    fn: () => {
      let b = basefees;
      for (const u of usages) b = nextBasefees(b, u, C);
      return b;
    },
  },
  {
    name: "settle (both meters, guarded)",
    opsPerCall: N,
    fn: () => {
      let burned = 0n;
      for (const u of txUsages) burned += settle(u, limits, basefees, bids).burned;
      return burned;
    },
  },
  {
    name: "laneCapacity(user)",
    opsPerCall: N,
    fn: () => {
      let total = 0n;
      for (const u of txUsages) total += laneCapacity("user", { system: u.cycles, timer: 0n, runner: u.cells, user: u.cycles }, C);
      return total;
    },
  },
  {
    name: "allocateLanes",
    opsPerCall: N,
    fn: () => {
      let total = 0n;
      for (const u of txUsages) total += allocateLanes({ system: u.cycles * 100n, timer: u.cells, runner: u.cycles, user: u.cycles * 200n }, C).total;
      return total;
    },
  },
  {
    name: "estimateFees (12 blocks)",
    opsPerCall: 100,
    fn: () => {
      let total = 0n;
      for (let i = 0; i < 100; i++) total += estimateFees({ cycles: txUsages[i]!.cycles, cells: txUsages[i]!.cells, basefees, recentTips: [1n, 5n, 3n] }, C).maxCost;
      return total;
    },
  },
]);

// Block building: score, select and order a 1,000-transaction lane.
const candidates = Array.from({ length: N }, (_, i) => ({
  hash: Uint8Array.from({ length: 32 }, (_, j) => (i * 31 + j * 7) & 0xff),
  intrinsicCycles: 21_000n,
  intrinsicCells: BigInt(i % 200),
  maxFeePerCycle: 150_000n + BigInt(i),
  maxFeePerCell: 60_000n,
  maxPriorityFeePerCycle: BigInt((i * 13) % 5_000),
  maxPriorityFeePerCell: BigInt((i * 17) % 3_000),
  cyclesLimit: txUsages[i]!.cycles,
}));
const vrf = keyedHashOrdering(new Uint8Array(33).fill(7));
compare("fee market: ordering (transactions/s)", baseline, [
  { name: "effectiveFee", opsPerCall: N, fn: () => candidates.reduce((s, c) => s + effectiveFee(c, basefees), 0n) },
  { name: "selectForLane (1,000 candidates)", opsPerCall: N, fn: () => selectForLane(candidates, C.laneBudgets.user, basefees).length },
  { name: "keyed-hash order key (keccak256)", opsPerCall: N, fn: () => candidates.map((c) => vrf.orderKey(c.hash, 99n)).length },
]);
