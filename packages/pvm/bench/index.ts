// `pnpm bench`: PVM vs CPython 3.11 on classic CPU benchmarks (time ratios, geometric mean) and
// metered Cycles per second. The PVM measured is the built bundle (dist/, rebuilt first with tsup
// unless --no-build): running the TypeScript sources through a dev loader is several times slower
// and not what consumers run. Pass a substring to run only matching programs.
import { execFileSync } from "node:child_process";
import { resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { formatRatio, geometricMean, printTable } from "@cowboy/bench-harness";
import { type Pvm, runInterpBenchmarks } from "./interp.js";

const args = process.argv.slice(2);
// --bundle <path>: measure another build of the PVM (e.g. an earlier commit's dist/index.js) on
// this suite, for before/after tables made close in time; implies --no-build.
const bundleAt = args.indexOf("--bundle");
const otherBundle = bundleAt >= 0 ? args[bundleAt + 1] : undefined;
const noBuild = args.includes("--no-build") || otherBundle !== undefined;
const filter = args.find((a, i) => !a.startsWith("--") && (bundleAt < 0 || i !== bundleAt + 1));
const root = fileURLToPath(new URL("..", import.meta.url));
if (!noBuild) execFileSync("pnpm", ["exec", "tsup", "--silent"], { cwd: root, stdio: "inherit" });
const bundle = otherBundle !== undefined ? resolve(otherBundle) : fileURLToPath(new URL("../dist/index.js", import.meta.url));
const pvm = (await import(pathToFileURL(bundle).href)) as Pvm;

const results = await runInterpBenchmarks(pvm, bundle, filter);
const rows: string[][] = [
  ["program", "CPython ms", "fresh ms", "ratio", "shared ms", "ratio", "own copy ms", "ratio", "1st CPython ms", "1st PVM ms", "ratio", "Cycles", "Mcycles/s own copy"],
];
const mcps = (cycles: bigint, ms: number): string => (Number(cycles) / ms / 1000).toFixed(1);
for (const r of results) {
  rows.push([
    r.name,
    r.cpythonMs.toFixed(2),
    r.freshMs.toFixed(2),
    formatRatio(r.freshMs / r.cpythonMs),
    r.sharedMs.toFixed(2),
    formatRatio(r.sharedMs / r.cpythonMs),
    r.copyMs.toFixed(2),
    formatRatio(r.copyMs / r.cpythonMs),
    r.cpythonFirstMs.toFixed(2),
    r.firstMs.toFixed(2),
    formatRatio(r.firstMs / r.cpythonFirstMs),
    r.cycles.toString(),
    mcps(r.cycles, r.copyMs),
  ]);
}
type R = (typeof results)[number];
const mean = (pick: (r: R) => number, base: (r: R) => number = (r) => r.cpythonMs): string => formatRatio(geometricMean(results.map((r) => pick(r) / base(r))));
const firstMean = mean(
  (r) => r.firstMs,
  (r) => r.cpythonFirstMs,
);
rows.push(["geometric mean", "", "", mean((r) => r.freshMs), "", mean((r) => r.sharedMs), "", mean((r) => r.copyMs), "", "", firstMean, "", ""]);
printTable(
  "PVM (metered, built bundle) vs CPython 3.11: time per bench() call, lower ratio is better. fresh: the program alone in a new process (as CPython runs); shared: one process that has run every program; own copy: in that process, on a copy of the interpreter of its own (loadIsolatedPvm: how a node runs a hot actor, @cowboy/execution ActorEngine); 1st: the first bench() call in a fresh process on each side",
  rows,
);
