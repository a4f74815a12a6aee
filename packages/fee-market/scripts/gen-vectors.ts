// Writes test-vectors/fee-market/*.json from the implementation, deterministically (the mixed
// cases come from a fixed-seed xorshift64*). The vectors pin today's behaviour: a change to any
// rule shows up as a reviewed diff of these files. Run from packages/fee-market:
//   pnpm exec tsx --conditions=@cowboy/source scripts/gen-vectors.ts
import { writeFileSync } from "node:fs";
import {
  DEFAULT_FEE_MARKET_CONFIG as C,
  type FeeMarketError,
  LANES,
  U64_MAX,
  allocateLanes,
  effectiveFee,
  estimateFees,
  keyedHashOrdering,
  laneCapacity,
  nextBasefee,
  selectForLane,
  settle,
  vrfOrder,
  createFeeMarketConfig,
  encodeFeeMarketConfig,
  type BasefeeParams,
  type LaneId,
} from "../src/index.js";

const out = new URL("../../../test-vectors/fee-market/", import.meta.url);
const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");
const write = (name: string, body: unknown) => writeFileSync(new URL(name, out), `${JSON.stringify(body, (_k, v) => (typeof v === "bigint" ? v.toString() : v), 1)}\n`);

let state = 0x9e3779b97f4a7c15n;
const rand = (bound: bigint): bigint => {
  state ^= state >> 12n;
  state ^= (state << 25n) & 0xffffffffffffffffn;
  state ^= state >> 27n;
  return ((state * 0x2545f4914f6cdd1dn) & 0xffffffffffffffffn) % bound;
};
const randBytes = (n: number) => Uint8Array.from({ length: n }, () => Number(rand(256n)));

// --- basefee.json
const T = C.cyclesTarget;
const genesis: BasefeeParams = C;
const eip1559: BasefeeParams = { alpha: 8n, maxChangeDenominator: 8n, minBasefee: 7n };
const loose: BasefeeParams = { alpha: 96n, maxChangeDenominator: 24n, minBasefee: 1n };
const scripts: Array<[string, BasefeeParams, bigint, bigint, bigint[]]> = [
  ["empty blocks stay at the floor", genesis, T, C.minBasefee, Array(10).fill(0n)],
  ["full blocks (4T) climb by 1/96", genesis, T, C.minBasefee, Array(20).fill(4n * T)],
  ["exactly at target holds", genesis, T, 123_456n, Array(10).fill(T)],
  ["one above target still rises by 1", genesis, T, C.minBasefee, Array(5).fill(T + 1n)],
  ["climb then drain back to the floor", genesis, T, C.minBasefee, [...Array(30).fill(4n * T), ...Array(40).fill(0n)]],
  ["cells meter, seeded mix", genesis, C.cellsTarget, 50_000n, Array.from({ length: 40 }, () => rand(4n * C.cellsTarget + 1n))],
  ["cycles meter, seeded mix", genesis, T, C.minBasefee, Array.from({ length: 50 }, () => rand(4n * T + 1n))],
  ["EIP-1559 parameters (alpha = delta = 8)", eip1559, 15_000_000n, 1_000_000_000n, [30_000_000n, 30_000_000n, 0n, 15_000_000n, 22_500_000n, 1n]],
  ["clamp wider than 1/alpha (delta = 24)", loose, T, 1_000_000n, [4n * T, 4n * T, 2n * T, 0n, 0n]],
  ["saturates at 2^64 - 1", genesis, T, U64_MAX - 5n, [4n * T, 4n * T, 0n]],
];
const sequences = scripts.map(([name, p, target, start, usages]) => {
  let b = start;
  const basefees = usages.map((u) => (b = nextBasefee(b, u, target, p)));
  return { name, target, alpha: p.alpha, max_change_denominator: p.maxChangeDenominator, min_basefee: p.minBasefee, start, usages, basefees };
});
write("basefee.json", { version: 2, sequences });

// --- settlement.json
const settlementCases = Array.from({ length: 60 }, (_, i) => {
  const limits = { cycles: 21_000n + rand(5_000_000n), cells: rand(100_000n) };
  const usage = i % 10 === 0 ? limits : { cycles: rand(limits.cycles + 1n), cells: rand(limits.cells + 1n) };
  const basefees = { cycle: C.minBasefee + rand(50_000n), cell: C.minBasefee + rand(50_000n) };
  const bids = {
    cycle: { maxFee: basefees.cycle + rand(20_000n), maxPriorityFee: rand(30_000n) },
    cell: { maxFee: basefees.cell + rand(20_000n), maxPriorityFee: rand(30_000n) },
  };
  return { usage, limits, basefees, bids };
});
const failing = [
  {
    usage: { cycles: 1n, cells: 0n },
    limits: { cycles: 1n, cells: 0n },
    basefees: { cycle: 10_000n, cell: 10_000n },
    bids: { cycle: { maxFee: 9_999n, maxPriorityFee: 0n }, cell: { maxFee: 10_000n, maxPriorityFee: 0n } },
  },
  {
    usage: { cycles: 0n, cells: 5n },
    limits: { cycles: 0n, cells: 4n },
    basefees: { cycle: 10_000n, cell: 10_000n },
    bids: { cycle: { maxFee: 10_000n, maxPriorityFee: 0n }, cell: { maxFee: 10_000n, maxPriorityFee: 0n } },
  },
  {
    usage: { cycles: 0n, cells: 0n },
    limits: { cycles: U64_MAX, cells: 0n },
    basefees: { cycle: 10_000n, cell: 10_000n },
    bids: { cycle: { maxFee: 10_000n, maxPriorityFee: 0n }, cell: { maxFee: 10_000n, maxPriorityFee: 0n } },
  },
];
const settlement = [...settlementCases, ...failing].map((c) => {
  try {
    const r = settle(c.usage, c.limits, c.basefees, c.bids);
    const m = (x: typeof r.cycle) => ({ paid: x.paid, burned: x.burned, tipped: x.tipped, refund: x.refund, tip_per_unit: x.tipPerUnit });
    return { ...c, expect: { paid: r.paid, burned: r.burned, tipped: r.tipped, refund: r.refund, cycle: m(r.cycle), cell: m(r.cell) } };
  } catch (e) {
    return { ...c, error: (e as FeeMarketError).code };
  }
});
write("settlement.json", { version: 2, cases: settlement });

// --- lanes.json
const lanes = LANES as LaneId[];
const usageOf = (f: (l: LaneId) => bigint) => Object.fromEntries(lanes.map((l) => [l, f(l)])) as Record<LaneId, bigint>;
const capacityCases = Array.from({ length: 20 }, (_, i) => {
  const usage = usageOf((l) => (i === 0 ? 0n : rand(C.laneBudgets[l] + 1n)));
  return { usage, capacity: usageOf((l) => laneCapacity(l, usage, C)) };
});
const allocationCases = Array.from({ length: 20 }, (_, i) => {
  const demand = usageOf((l) => (i === 0 ? 0n : i === 1 ? 10n ** 9n : rand(2n * C.laneBudgets[l] + 1n)));
  const a = allocateLanes(demand, C);
  return { demand, admitted: a.admitted, user_capacity: a.userCapacity, borrowed: a.borrowed, total: a.total };
});
write("lanes.json", { version: 2, budgets: C.laneBudgets, capacity_cases: capacityCases, allocation_cases: allocationCases });

// --- ordering.json
const proposerKey = randBytes(33);
const txs = Array.from({ length: 12 }, (_, i) => ({
  hash: randBytes(32),
  intrinsicCycles: 21_000n + rand(100_000n),
  intrinsicCells: rand(2_000n),
  maxFeePerCycle: i === 5 ? 9_000n : C.minBasefee + rand(30_000n),
  maxFeePerCell: C.minBasefee + rand(30_000n),
  maxPriorityFeePerCycle: rand(10_000n),
  maxPriorityFeePerCell: rand(10_000n),
  cyclesLimit: 21_000n + rand(400_000n),
}));
const basefees = { cycle: 12_000n, cell: 11_000n };
const height = 1_234_567n;
const vrf = keyedHashOrdering(proposerKey);
const capacity = 1_500_000n;
const selected = selectForLane(txs, capacity, basefees);
write("ordering.json", {
  version: 1,
  order_key_tag: "cowboy/order/v1",
  proposer_key: hex(proposerKey),
  height,
  basefees,
  capacity,
  candidates: txs.map((t) => ({
    hash: hex(t.hash),
    intrinsic_cycles: t.intrinsicCycles,
    intrinsic_cells: t.intrinsicCells,
    max_fee_per_cycle: t.maxFeePerCycle,
    max_fee_per_cell: t.maxFeePerCell,
    max_priority_fee_per_cycle: t.maxPriorityFeePerCycle,
    max_priority_fee_per_cell: t.maxPriorityFeePerCell,
    cycles_limit: t.cyclesLimit,
    effective_fee: effectiveFee(t, basefees),
    order_key: hex(vrf.orderKey(t.hash, height)),
  })),
  selected: selected.map((t) => hex(t.hash)),
  vrf_ordered: vrfOrder(selected, vrf, height).map((t) => hex(t.hash)),
});

// --- estimate.json
const estimateCases = [
  { cycles: 21_000n, cells: 0n, basefees: { cycle: 10_000n, cell: 10_000n }, tip: { kind: "fixed", cycle: 1n, cell: 1n } },
  {
    cycles: 501_000n,
    cells: 1_324n,
    basefees: { cycle: 25_000n, cell: 13_000n },
    tip: { kind: "percentile", percentile: 50, recentCycleTips: [5n, 1n, 9n, 3n], recentCellTips: [2n, 2n, 7n] },
  },
  {
    cycles: 1_100_000n,
    cells: 5_000n,
    basefees: { cycle: 10_000n, cell: 10_000n },
    recentTips: Array.from({ length: 20 }, (_, i) => BigInt(i * 10)),
    tipPercentile: 90,
    blocks: 60,
    limitMarginPercent: 50n,
  },
  { cycles: 21_000n, cells: 64n, basefees: { cycle: 9_000n, cell: 10n ** 12n }, blocks: 0, limitMarginPercent: 0n },
] as const;
write("estimate.json", {
  version: 1,
  cases: estimateCases.map((input) => ({ input, expect: estimateFees(input, C) })),
});
// --- registry.json
const configs = [
  ["genesis", C],
  [
    "tuned",
    createFeeMarketConfig({
      cyclesTarget: 25_000_000n,
      alpha: 8n,
      maxChangeDenominator: 8n,
      minBasefee: 1n,
      laneBudgets: { timer: 0n },
      laneMultipliersBps: { timer: 15_000n, user: 1n },
    }),
  ],
] as const;
write("registry.json", {
  version: 1,
  basefee_config_key: "system:basefee_config",
  lane_fee_multipliers_key: "system:lane_fee_multipliers",
  cases: configs.map(([name, config]) => {
    const e = encodeFeeMarketConfig(config);
    return { name, config, basefee_config: hex(e.basefeeConfig), lane_fee_multipliers: hex(e.laneFeeMultipliers) };
  }),
  invalid: [
    {
      name: "non-minimal varint",
      basefee_config: "8000" + hex(encodeFeeMarketConfig(C).basefeeConfig).slice(2),
      lane_fee_multipliers: "904e904e904e904e",
      error: "INVALID_ENCODING",
    },
    { name: "trailing byte", basefee_config: hex(encodeFeeMarketConfig(C).basefeeConfig), lane_fee_multipliers: "904e904e904e904e00", error: "INVALID_ENCODING" },
    { name: "truncated", basefee_config: hex(encodeFeeMarketConfig(C).basefeeConfig).slice(0, -2), lane_fee_multipliers: "904e904e904e904e", error: "INVALID_ENCODING" },
    {
      name: "zero alpha",
      basefee_config: hex(encodeFeeMarketConfig(C).basefeeConfig).replace("80dac4098092f40160", "80dac4098092f40100"),
      lane_fee_multipliers: "904e904e904e904e",
      error: "INVALID_CONFIG",
    },
    {
      name: "multiplier above 100x",
      basefee_config: hex(encodeFeeMarketConfig(C).basefeeConfig),
      lane_fee_multipliers: "904e904e904e c1843d".replace(" ", ""),
      error: "INVALID_CONFIG",
    },
  ],
});
console.log("wrote basefee.json, settlement.json, lanes.json, ordering.json, estimate.json, registry.json");
