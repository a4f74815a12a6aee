// Runner-market figures (cips/runner-market.md), in process on a Map-backed state: blocks from submit to the
// continuation for a committee of 3 and of 9 that answer in the next block of every phase, and jobs settled by one
// jobs step under load, as a ratio against reading and writing the same job records in the same run. Run: pnpm bench
import { toHex, encodeCbor, type CborValue } from "@cowboy/codec";
import { keccak256 } from "@cowboy/crypto";
import { printTable } from "@cowboy/bench-harness";
import { encodeCapabilities } from "../src/capabilities.js";
import { createRunnerMarketConfig, type RunnerMarketConfig } from "../src/config.js";
import { getJob, putJob } from "../src/job.js";
import type { MarketContext } from "../src/market.js";
import { commitJob, commitmentOf, revealJob } from "../src/phases.js";
import { postJob } from "../src/post.js";
import { parseJobRequest } from "../src/request.js";
import { registerRunner } from "../src/runner.js";
import { processJobs } from "../src/step.js";
import type { MarketAccounts, MarketState } from "../src/store.js";

const CBY = 1_000_000_000n;

function world(cfg: RunnerMarketConfig) {
  const store = new Map<string, Uint8Array>();
  const balances = new Map<string, bigint>();
  const state: MarketState = { get: (k) => store.get(toHex(k)), set: (k, v) => void store.set(toHex(k), v), delete: (k) => void store.delete(toHex(k)) };
  const accounts: MarketAccounts = {
    balanceOf: (a) => balances.get(toHex(a)) ?? 0n,
    debit: (a, v) => void balances.set(toHex(a), (balances.get(toHex(a)) ?? 0n) - v),
    credit: (a, v) => void balances.set(toHex(a), (balances.get(toHex(a)) ?? 0n) + v),
    burn: () => undefined,
  };
  let height = 1n;
  const ctx = (): MarketContext => ({ state, accounts, config: cfg, height, round: height, beacon: keccak256(new TextEncoder().encode(`b${height}`)) });
  return { state, accounts, ctx, next: () => void height++, height: () => height };
}

const addr = (n: number): Uint8Array => keccak256(Uint8Array.of(n >> 8, n & 0xff)).subarray(0, 20);
const caps = encodeCapabilities({ provides: ["net.http"], jobKinds: ["http"] });
const out = encodeCbor(new Map<CborValue, CborValue>([["price", 42n]]));

function request(cfg: RunnerMarketConfig, m: number) {
  return parseJobRequest(
    new Map<CborValue, CborValue>([
      ["kind", "http"],
      [
        "spec",
        new Map<CborValue, CborValue>([
          ["method", "GET"],
          ["url", "https://prices.example/"],
        ]),
      ],
      ["result_schema", new Map<CborValue, CborValue>([["type", "object"]])],
      ["runners", BigInt(m)],
      ["allow_domains", ["prices.example"]],
    ]),
    cfg,
  );
}

function setup(cfg: RunnerMarketConfig, runners: number) {
  const w = world(cfg);
  for (let i = 0; i < runners; i++) {
    w.accounts.credit(addr(i), 1_000_000n * CBY);
    registerRunner(w.ctx(), addr(i), 20_000n * CBY, { maxJobValue: 10n * CBY, capabilities: caps, endpoint: new Uint8Array(0), transportKey: Uint8Array.of(1) });
  }
  w.accounts.credit(addr(9_999), 1_000_000_000n * CBY);
  return w;
}

/** Blocks from the submit's block to the block whose jobs step delivers the result. */
function blocksToContinuation(cfg: RunnerMarketConfig, m: number): { blocks: bigint; ms: number } {
  const t0 = performance.now();
  const w = setup(cfg, m + 2);
  const start = w.height();
  const id = postJob(w.ctx(), { poster: addr(9_999), posterIsActor: true, request: { ...request(cfg, m), callback: "cb" }, maxPrice: CBY }).id;
  for (;;) {
    w.next();
    const job = getJob(w.state, id)!;
    if (job.status === "selected") for (const r of job.committee) commitJob(w.ctx(), r, id, commitmentOf(out, r));
    else if (job.status === "revealing") for (const r of job.committee) revealJob(w.ctx(), r, id, out, r);
    if (processJobs(w.ctx()).length > 0) return { blocks: w.height() - start, ms: performance.now() - t0 };
  }
}

const spec = createRunnerMarketConfig();
const fast = createRunnerMarketConfig({ challengeWindow: 0n });
const rows: string[][] = [];
for (const m of [3, 9]) {
  for (const [name, cfg] of [["default (15 min window)", spec] as const, ["challenge window 0", fast] as const]) {
    const r = blocksToContinuation(cfg, m);
    rows.push([`${m} runners, ${name}`, r.blocks.toString(), `${(Number(r.blocks) * 1).toFixed(0)} s at 1 s blocks`, `${r.ms.toFixed(1)} ms CPU`]);
  }
}
printTable("submit → continuation (runners answer in the next block of each phase)", [["case", "blocks", "chain time", "in-process"], ...rows]);

// Jobs settled by one jobs step: N jobs whose challenge window closes in the same block.
const N = 500;
const w = setup(fast, 5);
const cfgLoad = createRunnerMarketConfig({ challengeWindow: 1n, maxOpenJobs: 10_000 });
const load = { ...w, ctx: () => ({ ...w.ctx(), config: cfgLoad }) };
const ids: Uint8Array[] = [];
for (let i = 0; i < N; i++) ids.push(postJob(load.ctx(), { poster: addr(9_999), posterIsActor: false, request: request(cfgLoad, 3), maxPrice: CBY }).id);
for (let step = 0; step < 8; step++) {
  load.next();
  for (const id of ids) {
    const job = getJob(load.state, id)!;
    if (job.status === "selected") for (const r of job.committee) commitJob(load.ctx(), r, id, commitmentOf(out, r));
    else if (job.status === "revealing" && job.reveals.length === 0) for (const r of job.committee) revealJob(load.ctx(), r, id, out, r);
  }
  if (ids.every((id) => getJob(load.state, id)!.status === "challenge")) break;
  processJobs(load.ctx());
}
// Baseline, same run: read and write every job record once (the floor of touching N jobs).
const b0 = performance.now();
for (const id of ids) putJob(load.state, getJob(load.state, id)!);
const baseline = performance.now() - b0;
load.next();
load.next();
const t0 = performance.now();
const settled = processJobs(load.ctx()).length + ids.filter((id) => getJob(load.state, id)!.status === "settled").length;
const took = performance.now() - t0;
printTable(`one jobs step settling ${N} jobs of 3 runners`, [
  ["measure", "value"],
  ["jobs settled", settled.toString()],
  ["ms per job settled", (took / N).toFixed(3)],
  ["jobs per second of step time", Math.round((N / took) * 1000).toString()],
  ["× read+write of the same records (baseline, same run)", (took / baseline).toFixed(1)],
]);
