// The metering audit (issue 18; cips/metering.md "Size-dependent surcharges"): each entry of
// audit/entries.ts runs under the PVM with metering on, at each of its sizes, and its nanoseconds
// per Cycle are printed as a ratio to plain arithmetic measured in the same run and process. An
// entry above 10x is flagged: its Cycles do not track its work. Timings are the fastest call after
// a warm-up (noise on a shared machine only adds time); nothing here fails on timing.
// Run: pnpm exec tsx --conditions=@cowboy/source bench/metering-audit.ts [--src] [--json=out.json] [filter[,filter…]]
import { existsSync, writeFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { printTable } from "@cowboy/bench-harness";
import { type AuditEntry, BASELINE, ENTRIES } from "./audit/entries.js";

type Pvm = typeof import("../src/index.js");

const args = process.argv.slice(2);
const filters = args.find((a) => !a.startsWith("--"))?.split(",");
const jsonOut = args.find((a) => a.startsWith("--json="))?.slice("--json=".length);
const bundle = fileURLToPath(new URL("../dist/index.js", import.meta.url));
const useDist = !args.includes("--src") && existsSync(bundle);
const pvm = (useDist ? await import(pathToFileURL(bundle).href) : await import("../src/index.js")) as Pvm;
const modules = pvm.standardLibrary();
const LIMITS = { cyclesLimit: 10n ** 13n, memoryLimit: 2 ** 52 };
/** Wall time one timed call aims for. */
const TARGET_MS = 40;
const FLAG = 10;

export interface AuditRow {
  readonly name: string;
  readonly size: number;
  readonly cyclesPerOp: number;
  readonly nsPerOp: number;
  readonly nsPerCycle: number;
  readonly ratio: number;
}

function program(e: AuditEntry, size: number): string {
  const imports = (e.imports ?? []).map((m) => `import ${m}\n`).join("");
  const setup = e.setup === "" ? "" : `${e.setup}\n`;
  return `${imports}N = ${size}\n${setup}class Audit:\n    def run(self, r):\n        x = 0\n        for i in range(r):\n            ${e.op}\n        return x\n`;
}

/** Times `e` at `size`: the fastest of several calls of `r` iterations, r sized to ~TARGET_MS. */
function time(e: AuditEntry, size: number): { cyclesPerOp: number; nsPerOp: number } {
  const { vm, result } = pvm.ActorVm.load(program(e, size), { filename: "audit.py", modules, ...LIMITS });
  if (vm === undefined) throw new Error(`${e.name} (N=${size}): setup failed: ${result.error?.message}`);
  const inst = vm.instantiate("Audit", [], LIMITS);
  if (inst.instance === undefined) throw new Error(`${e.name}: ${inst.error?.message}`);
  const handle = inst.instance;
  const call = (r: number): { ms: number; cycles: bigint } => {
    const t0 = performance.now();
    const out = vm.call(handle, "run", [BigInt(r)], LIMITS);
    const ms = performance.now() - t0;
    if (!out.ok) throw new Error(`${e.name} (N=${size}): ${out.error?.code} ${out.error?.message}`);
    return { ms, cycles: out.cycles };
  };
  for (let k = 0; k < 3; k++) call(1); // compile and warm up before calibrating
  let r = 1;
  for (;;) {
    const { ms } = call(r);
    if (ms >= TARGET_MS / 4 || r >= 1 << 22) break;
    r *= ms < 0.5 ? 16 : 2;
  }
  const { cycles: c1 } = call(1);
  const { cycles: c2 } = call(2);
  const cyclesPerOp = Number(c2 - c1); // one more iteration: the op and its loop step
  let best = Number.POSITIVE_INFINITY;
  const deadline = performance.now() + 3 * TARGET_MS;
  for (let k = 0; k < 3 || (k < 8 && performance.now() < deadline); k++) best = Math.min(best, call(r).ms);
  return { cyclesPerOp, nsPerOp: (best * 1e6) / r };
}

// The baseline is re-measured between entries and its fastest run kept: one measurement taken in
// a load spike or before the JIT settled would skew every ratio.
let base = time(BASELINE, 0);
const remeasureBaseline = (): void => {
  const b = time(BASELINE, 0);
  if (b.nsPerOp < base.nsPerOp) base = b;
};
const measured: Omit<AuditRow, "ratio">[] = [];
let n = 0;
for (const e of ENTRIES) {
  if (filters !== undefined && !filters.some((f) => e.name.includes(f))) continue;
  if (++n % 10 === 0) remeasureBaseline();
  for (const size of e.sizes) {
    let t: { cyclesPerOp: number; nsPerOp: number };
    try {
      t = time(e, size);
      // Noise only adds time: a row above the flag is timed twice more and its fastest kept.
      for (let k = 0; k < 2 && t.nsPerOp / t.cyclesPerOp > FLAG * (base.nsPerOp / base.cyclesPerOp); k++) {
        const again = time(e, size);
        if (again.nsPerOp < t.nsPerOp) t = again;
      }
    } catch (err) {
      console.error(String(err));
      continue;
    }
    const nsPerCycle = t.nsPerOp / t.cyclesPerOp;
    measured.push({ name: e.name, size, cyclesPerOp: t.cyclesPerOp, nsPerOp: t.nsPerOp, nsPerCycle });
    process.stderr.write(`${e.name} N=${size}: ${t.cyclesPerOp} Cycles, ${nsPerCycle.toFixed(2)} ns/Cycle\n`);
  }
}
remeasureBaseline();
remeasureBaseline();
const baseNsPerCycle = base.nsPerOp / base.cyclesPerOp;
const rows: AuditRow[] = measured.map((m) => ({ ...m, ratio: m.nsPerCycle / baseNsPerCycle }));

const table: string[][] = [["entry", "N", "Cycles/op", "ns/op", "ns/Cycle", "ratio", ""]];
table.push([BASELINE.name, "", String(base.cyclesPerOp), base.nsPerOp.toFixed(1), baseNsPerCycle.toFixed(2), "1.00x", ""]);
for (const r of rows) {
  table.push([r.name, String(r.size), String(r.cyclesPerOp), r.nsPerOp.toFixed(0), r.nsPerCycle.toFixed(2), `${r.ratio.toFixed(2)}x`, r.ratio > FLAG ? `> ${FLAG}x` : ""]);
}
const flagged = rows.filter((r) => r.ratio > FLAG);
printTable(
  `Metering audit (${useDist ? "built bundle" : "TS sources"}): ns per Cycle as a ratio to plain arithmetic, flagged above ${FLAG}x; ${flagged.length} of ${rows.length} flagged`,
  table,
);
if (jsonOut !== undefined) writeFileSync(jsonOut, `${JSON.stringify({ baselineNsPerCycle: baseNsPerCycle, rows }, null, 1)}\n`);
