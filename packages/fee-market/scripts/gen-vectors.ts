// Writes test-vectors/fee-market/*.json from the implementation, deterministically (no randomness
// without a fixed seed). Run: pnpm tsx --conditions=@cowboy/source scripts/gen-vectors.ts
import { writeFileSync } from "node:fs";
import { DEFAULT_FEE_MARKET_CONFIG as C, laneCapacity, nextBasefee, settle, type LaneId } from "../src/index.js";

const out = new URL("../../../test-vectors/fee-market/", import.meta.url);
const s = (v: bigint) => v.toString();

// A small deterministic generator (xorshift64*) so the cases are varied but reproducible.
let state = 0x9e3779b97f4a7c15n;
const rand = (bound: bigint): bigint => {
  state ^= state >> 12n;
  state ^= (state << 25n) & 0xffffffffffffffffn;
  state ^= state >> 27n;
  return ((state * 0x2545f4914f6cdd1dn) & 0xffffffffffffffffn) % bound;
};

const T = C.cyclesTarget;
const scripts: Array<[string, bigint[]]> = [
  ["empty blocks stay at the floor", Array(10).fill(0n)],
  ["full blocks (4T) climb by 1/96", Array(20).fill(4n * T)],
  ["exactly at target holds", Array(10).fill(T)],
  ["one above target still rises by 1", Array(5).fill(T + 1n)],
  ["climb then drain", [...Array(30).fill(4n * T), ...Array(40).fill(0n)]],
  ["seeded mix", Array.from({ length: 50 }, () => rand(4n * T + 1n))],
];
const basefee = scripts.map(([name, usages]) => {
  let b = C.minBasefee;
  const fees = usages.map((u) => (b = nextBasefee(b, u, T, C)));
  return { name, target: s(T), alpha: s(C.alpha), min_basefee: s(C.minBasefee), start: s(C.minBasefee), usages: usages.map(s), basefees: fees.map(s) };
});
const large = [
  { basefee: s(10n ** 15n), used: s(4n * T), target: s(T) },
  { basefee: s((1n << 63n) / 97n), used: "0", target: s(T) },
].map((c) => ({ ...c, next: s(nextBasefee(BigInt(c.basefee), BigInt(c.used), BigInt(c.target), C)) }));
writeFileSync(new URL("basefee.json", out), `${JSON.stringify({ version: 1, sequences: basefee, single: large }, null, 1)}\n`);

const settlements = Array.from({ length: 60 }, () => {
  const limits = { cycles: 21_000n + rand(5_000_000n), cells: rand(100_000n) };
  const usage = { cycles: rand(limits.cycles + 1n), cells: rand(limits.cells + 1n) };
  const basefees = { cycle: C.minBasefee + rand(50_000n), cell: C.minBasefee + rand(50_000n) };
  const bids = {
    cycle: { maxFee: basefees.cycle + rand(20_000n), maxPriorityFee: rand(30_000n) },
    cell: { maxFee: basefees.cell + rand(20_000n), maxPriorityFee: rand(30_000n) },
  };
  const r = settle(usage, limits, basefees, bids);
  return {
    usage: { cycles: s(usage.cycles), cells: s(usage.cells) },
    limits: { cycles: s(limits.cycles), cells: s(limits.cells) },
    basefees: { cycle: s(basefees.cycle), cell: s(basefees.cell) },
    bids: { cycle: { max_fee: s(bids.cycle.maxFee), max_priority_fee: s(bids.cycle.maxPriorityFee) }, cell: { max_fee: s(bids.cell.maxFee), max_priority_fee: s(bids.cell.maxPriorityFee) } },
    paid: s(r.paid),
    burned: s(r.burned),
    tipped: s(r.tipped),
    refund: s(r.refund),
  };
});
writeFileSync(new URL("settlement.json", out), `${JSON.stringify({ version: 1, cases: settlements }, null, 1)}\n`);

const lanes: LaneId[] = ["system", "timer", "runner", "user"];
const cascades = Array.from({ length: 20 }, (_, i) => {
  const usage = Object.fromEntries(lanes.map((l) => [l, i === 0 ? 0n : rand(C.laneBudgets[l] + 1n)])) as Record<LaneId, bigint>;
  return {
    usage: Object.fromEntries(lanes.map((l) => [l, s(usage[l])])),
    capacity: Object.fromEntries(lanes.map((l) => [l, s(laneCapacity(l, usage, C))])),
  };
});
writeFileSync(new URL("lanes.json", out), `${JSON.stringify({ version: 1, budgets: Object.fromEntries(lanes.map((l) => [l, s(C.laneBudgets[l])])), cases: cascades }, null, 1)}\n`);
console.log("wrote basefee.json, settlement.json, lanes.json");
