// pnpm bench: schedule N timers, then process blocks until every one has fired, on a
// @cowboy/state memory fork. Reports the cost per timer at each N as a ratio to N = 1,000 (the
// baseline measured in the same run) and the worst single block (time and maintenance steps).
import { MemoryBackend, StateStore } from "@cowboy/state";
import { formatRatio, printTable } from "@cowboy/bench-harness";
import { DEFAULT_SCHEDULER_CONFIG, processTimers, scheduleTimer, type TimerHost } from "../src/index.js";

const cfg = DEFAULT_SCHEDULER_CONFIG;
const host: TimerHost = {
  accounts: { balanceOf: () => 1n << 80n, debit: () => undefined, credit: () => undefined },
  runHandler: () => ({ cyclesUsed: 1_000n, cellsUsed: 10n }),
};
const prices = { cycleBasefee: 10n, cellBasefee: 1n };

function owner(i: number): Uint8Array {
  const a = new Uint8Array(20);
  new DataView(a.buffer).setUint32(16, Math.floor(i / cfg.maxTimersPerActor));
  return a;
}

interface Run {
  readonly n: number;
  readonly nsPerTimer: number;
  readonly scheduleNs: number;
  readonly fireNs: number;
  readonly blocks: number;
  readonly worstBlockMs: number;
  readonly p99BlockMs: number;
  readonly worstSteps: number;
}

/** One scenario: N timers over max(1,000, N / 10) heights (ring, epoch queue and far set all used). */
function run(n: number): Run {
  const fork = StateStore.open(new MemoryBackend()).fork();
  const span = Math.max(1_000, n / 10);
  const t0 = performance.now();
  for (let i = 0; i < n; i++) {
    const fireHeight = 2n + BigInt((i * 7_919) % span);
    scheduleTimer(fork, 1n, { owner: owner(i), handler: "tick", data: new Uint8Array(0), fireHeight, gasLimitPerFire: 10_000n, maxCellsPerFire: 100n }, cfg);
  }
  const t1 = performance.now();
  let fired = 0;
  let worstBlockMs = 0;
  const times: number[] = [];
  let worstSteps = 0;
  let h = 2n;
  for (; fired < n; h++) {
    const b0 = performance.now();
    const r = processTimers(fork, { height: h, ...prices }, host, cfg);
    const ms = performance.now() - b0;
    fired += r.fired.length;
    worstBlockMs = Math.max(worstBlockMs, ms);
    times.push(ms);
    worstSteps = Math.max(worstSteps, r.maintenanceSteps);
    if (h > 10_000_000n) throw new Error("bench did not converge");
  }
  const t2 = performance.now();
  return {
    n,
    nsPerTimer: ((t2 - t0) * 1e6) / n,
    scheduleNs: ((t1 - t0) * 1e6) / n,
    fireNs: ((t2 - t1) * 1e6) / n,
    blocks: Number(h - 2n),
    worstBlockMs,
    p99BlockMs: percentile(times, 0.99),
    worstSteps,
  };
}

function percentile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

function best(n: number, repeats: number): Run {
  let out = run(n);
  for (let i = 1; i < repeats; i++) {
    const r = run(n);
    if (r.nsPerTimer < out.nsPerTimer) out = r;
  }
  return out;
}

const withMillion = process.argv.includes("--million");
const sizes: Array<[number, number]> = [
  [1_000, 5],
  [10_000, 3],
  [100_000, 1],
];
if (withMillion) sizes.push([1_000_000, 1]);
run(1_000); // warm-up
const results = sizes.map(([n, repeats]) => best(n, repeats));
const base = results[0]!;
const rows: string[][] = [["N", "µs/timer", "schedule µs", "fire µs", "cost vs N=10^3", "blocks", "worst block ms", "p99 block ms", "max maintenance steps"]];
for (const r of results) {
  rows.push([
    r.n.toLocaleString("en-US"),
    (r.nsPerTimer / 1e3).toFixed(2),
    (r.scheduleNs / 1e3).toFixed(2),
    (r.fireNs / 1e3).toFixed(2),
    formatRatio(r.nsPerTimer / base.nsPerTimer),
    String(r.blocks),
    r.worstBlockMs.toFixed(2),
    r.p99BlockMs.toFixed(3),
    String(r.worstSteps),
  ]);
}
printTable(`schedule + fire N timers (memory backend; maintenanceBudget ${cfg.maintenanceBudget}${withMillion ? "" : "; add -- --million for N = 10^6"})`, rows);
