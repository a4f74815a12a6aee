// `pnpm bench`: PVM vs CPython 3.11 on classic CPU benchmarks (time ratios, geometric mean) and
// metered Cycles per second on an arithmetic loop. Pass a substring to run only matching programs.
import { formatRatio, geometricMean, printTable } from "@cowboy/bench-harness";
import { runInterpBenchmarks } from "./interp.js";

const filter = process.argv[2];
const results = runInterpBenchmarks(filter);
const rows: string[][] = [["program", "CPython ms", "PVM ms", "PVM / CPython", "Cycles", "Mcycles/s"]];
for (const r of results) {
  rows.push([r.name, r.cpythonMs.toFixed(2), r.pvmMs.toFixed(2), formatRatio(r.pvmMs / r.cpythonMs), r.cycles.toString(), (Number(r.cycles) / r.pvmMs / 1000).toFixed(1)]);
}
const gm = geometricMean(results.map((r) => r.pvmMs / r.cpythonMs));
rows.push(["geometric mean", "", "", formatRatio(gm), "", ""]);
printTable("PVM (metered) vs CPython 3.11: time per bench() call, lower ratio is better", rows);
