// The live-heap recount (cips/pvm.md, "Memory accounting") on the churn programs of
// test/fixtures/churn-programs.ts: each run under the 10 MiB budget (recounting) and under a budget
// it never reaches (the baseline, no recount) in the same process. Prints what each program
// allocated in all, the Cycles the recounts added, the final memory figure and the wall-time ratio.
// Cycles are exact; times are the faster of three runs each (noise on a shared machine only adds).
// Run: pnpm exec tsx --conditions=@cowboy/source bench/live-memory.ts
import { runScript } from "../src/index.js";
import { CHURN_PROGRAMS } from "../test/fixtures/churn-programs.js";

const MiB = 1 << 20;

function timed(src: string, memoryLimit: number): { cycles: bigint; memory: number; ms: number } {
  let best = Number.POSITIVE_INFINITY;
  let last = runScript(src, { cyclesLimit: 10n ** 10n, memoryLimit });
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    last = runScript(src, { cyclesLimit: 10n ** 10n, memoryLimit });
    best = Math.min(best, performance.now() - t0);
    if (last.result !== "ok") throw new Error(`churn program failed: ${last.error?.message}`);
  }
  return { cycles: last.cycles, memory: last.memory, ms: best };
}

const rows: string[][] = [["program", "allocated MiB", "Cycles (no recount)", "Cycles (10 MiB)", "recount Cycles", "overhead", "final memory KiB", "time ratio"]];
for (const [name, src] of Object.entries(CHURN_PROGRAMS)) {
  const base = timed(src, 2 ** 50);
  const live = timed(src, 10 * MiB);
  const extra = live.cycles - base.cycles;
  rows.push([
    name,
    (base.memory / MiB).toFixed(1),
    String(base.cycles),
    String(live.cycles),
    String(extra),
    `${((Number(extra) / Number(base.cycles)) * 100).toFixed(4)}%`,
    (live.memory / 1024).toFixed(0),
    `${(live.ms / base.ms).toFixed(2)}x`,
  ]);
}
const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
for (const [i, r] of rows.entries()) {
  console.log(r.map((c, j) => (j === 0 ? c.padEnd(widths[j]!) : c.padStart(widths[j]!))).join("  "));
  if (i === 0) console.log(widths.map((w) => "-".repeat(w)).join("  "));
}
