// The metering audit (issue 18; cips/metering.md "Size-dependent surcharges"): each entry of
// audit/entries.ts runs under the PVM with metering on, at each of its sizes, and its nanoseconds
// per Cycle are printed as a ratio to plain arithmetic measured just before it in the same process. An
// entry above 10x is flagged: its Cycles do not track its work. Timings are CPU time of the process
// (wall time on a shared 2-core machine mostly measures the other processes), the fastest call after
// a warm-up, with a full garbage collection before each entry so that no entry pays for the garbage
// of the ones before it; nothing here fails on timing.
// Run: pnpm exec tsx --conditions=@cowboy/source bench/metering-audit.ts [--src] [--json=out.json] [filter[,filter…]]
import { existsSync, writeFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
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
/** Milliseconds of CPU time used by this process (every thread: GC helpers count as work done). */
function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}
setFlagsFromString("--expose-gc");
const collect = runInNewContext("gc") as () => void;

/** CPU time one timed call aims for. */
const TARGET_MS = 40;
const FLAG = 10;

export interface AuditRow {
  readonly name: string;
  readonly size: number;
  readonly cyclesPerOp: number;
  readonly nsPerOp: number;
  readonly nsPerCycle: number;
  /** The baseline's ns per Cycle measured just before this row. */
  readonly baseNsPerCycle: number;
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
    const t0 = cpuMs();
    const out = vm.call(handle, "run", [BigInt(r)], LIMITS);
    const ms = cpuMs() - t0;
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
  const deadline = cpuMs() + 3 * TARGET_MS;
  for (let k = 0; k < 3 || (k < 8 && cpuMs() < deadline); k++) best = Math.min(best, call(r).ms);
  return { cyclesPerOp, nsPerOp: (best * 1e6) / r };
}

/** The baseline's ns per Cycle, measured now. */
function baselineNow(): number {
  const b = time(BASELINE, 0);
  return b.nsPerOp / b.cyclesPerOp;
}

/**
 * One row: the entry at `size` as a ratio to the baseline measured just before it, so that a load
 * change during the run moves both. Load only adds time, so a row above the flag is measured again
 * (up to three attempts) and its lowest ratio kept.
 */
function measure(e: AuditEntry, size: number): AuditRow {
  let best: AuditRow | undefined;
  for (let attempt = 0; attempt < 3 && (best === undefined || best.ratio > FLAG); attempt++) {
    collect();
    const base = baselineNow();
    const t = time(e, size);
    const nsPerCycle = t.nsPerOp / t.cyclesPerOp;
    const row = { name: e.name, size, cyclesPerOp: t.cyclesPerOp, nsPerOp: t.nsPerOp, nsPerCycle, baseNsPerCycle: base, ratio: nsPerCycle / base };
    if (best === undefined || row.ratio < best.ratio) best = row;
  }
  return best as AuditRow;
}

const rows: AuditRow[] = [];
for (const e of ENTRIES) {
  if (filters !== undefined && !filters.some((f) => e.name.includes(f))) continue;
  for (const size of e.sizes) {
    let row: AuditRow;
    try {
      row = measure(e, size);
    } catch (err) {
      console.error(String(err));
      continue;
    }
    rows.push(row);
    process.stderr.write(`${e.name} N=${size}: ${row.cyclesPerOp} Cycles, ${row.nsPerCycle.toFixed(2)} ns/Cycle, ${row.ratio.toFixed(2)}x\n`);
  }
}
const baseNsPerCycle = Math.min(...rows.map((r) => r.baseNsPerCycle));

const table: string[][] = [["entry", "N", "Cycles/op", "ns/op", "ns/Cycle", "baseline ns/Cycle", "ratio", ""]];
for (const r of rows) {
  const cells = [r.name, String(r.size), String(r.cyclesPerOp), r.nsPerOp.toFixed(0), r.nsPerCycle.toFixed(2), r.baseNsPerCycle.toFixed(2)];
  table.push([...cells, `${r.ratio.toFixed(2)}x`, r.ratio > FLAG ? `> ${FLAG}x` : ""]);
}
const flagged = rows.filter((r) => r.ratio > FLAG);
printTable(
  `Metering audit (${useDist ? "built bundle" : "TS sources"}): ns per Cycle as a ratio to plain arithmetic (${BASELINE.name}) measured before each row, flagged above ${FLAG}x; ${flagged.length} of ${rows.length} flagged`,
  table,
);
if (jsonOut !== undefined) writeFileSync(jsonOut, `${JSON.stringify({ baselineNsPerCycle: baseNsPerCycle, rows }, null, 1)}\n`);
