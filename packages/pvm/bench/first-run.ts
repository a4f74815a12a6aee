// First run (issue 19, "Speed on unfamiliar programs": "≤ 2.5× on a first run in a fresh process"): each program's
// whole workload — `bench()` called REPS[program] times, sized so that CPython spends ~250 ms — run ONCE as a script
// in a fresh process on each side: `python3` (compile + exec, perf_counter) and `node` running the built bundle's
// runScript (bench/first-run-child.mjs). Timed from the start of the run, after the interpreter's own start-up
// (CPython's process start, node's `import(bundle)`), which the table reports separately ("Start-up time").
// Rounds interleave CPython and every variant per program; each side's fastest round is kept (noise only adds time).
// Run: pnpm exec tsx bench/first-run.ts [--no-build] [--rounds N] [--variant name=tokens]... [program,program...]
//   tokens: node CLI flags (e.g. --max-semi-space-size=16), `v8:--flag` (v8.setFlagsFromString before the import),
//   `bundle:<path to another build's dist/index.js>`. Without --variant: one variant, this package's dist/.
import { execFileSync, spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { formatRatio, geometricMean, printTable } from "@cowboy/bench-harness";

/**
 * Repetitions of bench() per program: round(250 ms / the program's warm CPython 3.11 bench() time on a quiet
 * machine — the session-7 `pnpm bench` tables at load ~2, or 2026-11-27's calibration where lower), so every
 * workload is ~250 ms of CPython whatever its kind; fixed here so runs compare, not chosen per result.
 */
export const REPS: Readonly<Record<string, number>> = {
  arith_loop: 17,
  bigint: 51,
  dictlist: 137,
  fannkuch: 61,
  float_loop: 41,
  json_roundtrip: 48,
  nbody: 35,
  raytrace: 62,
  richards_lite: 221,
  scheduler: 77,
  spectral_norm: 13,
  strformat: 162,
  text: 118,
  wordcount: 145,
};

const DRIVER = `
import sys, time
c0 = time.process_time()
t0 = time.perf_counter()
src = open(sys.argv[1]).read() + "\\n__r = None\\nfor __i in range(" + sys.argv[2] + "):\\n    __r = bench()\\nprint(repr(__r))\\n"
exec(compile(src, sys.argv[1], "exec"), {"__name__": "__main__"})
print((time.perf_counter() - t0) * 1000.0)
print((time.process_time() - c0) * 1000.0)
`;

interface Variant {
  name: string;
  nodeArgs: string[];
  childArgs: string[];
  bundle: string;
}

const argv = process.argv.slice(2);
const opt = (name: string): string | undefined => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};
const root = fileURLToPath(new URL("..", import.meta.url));
const dist = fileURLToPath(new URL("../dist/index.js", import.meta.url));
const child = fileURLToPath(new URL("./first-run-child.mjs", import.meta.url));
const rounds = Number(opt("--rounds") ?? 3);
const specs = argv.flatMap((a, i) => (argv[i - 1] === "--variant" ? [a] : []));
const valued = new Set(argv.flatMap((a, i) => (a === "--rounds" || a === "--variant" ? [i + 1] : [])));
const filter = argv.find((a, i) => !a.startsWith("--") && !valued.has(i));

function parseVariant(spec: string): Variant {
  const eq = spec.indexOf("=");
  const name = eq < 0 ? spec : spec.slice(0, eq);
  const tokens =
    eq < 0
      ? []
      : spec
          .slice(eq + 1)
          .split(" ")
          .filter(Boolean);
  const v: Variant = { name, nodeArgs: [], childArgs: [], bundle: dist };
  const v8: string[] = [];
  for (const t of tokens) {
    if (t.startsWith("v8:")) v8.push(t.slice(3));
    else if (t.startsWith("bundle:")) v.bundle = t.slice("bundle:".length);
    else v.nodeArgs.push(t);
  }
  if (v8.length > 0) v.childArgs.push(`--v8-flags=${v8.join(" ")}`);
  return v;
}

const variants = specs.length > 0 ? specs.map(parseVariant) : [parseVariant("PVM")];
if (!argv.includes("--no-build")) execFileSync("pnpm", ["exec", "tsup", "--silent"], { cwd: root, stdio: "inherit" });

const env = { PYTHONHASHSEED: "0", PATH: process.env.PATH ?? "" };

function cpython(file: string, reps: number): { ms: number; cpuMs: number; out: string } {
  const lines = execFileSync("python3", ["-c", DRIVER, file, String(reps)], { encoding: "utf8", env })
    .trim()
    .split("\n");
  const cpuMs = Number(lines.pop());
  return { ms: Number(lines.pop()), cpuMs, out: lines.join("\n") };
}

function pvm(v: Variant, file: string, reps: number): { importMs: number; runMs: number; runCpuMs: number; cycles: string; out: string } {
  const out = execFileSync(process.execPath, [...v.nodeArgs, child, v.bundle, file, String(reps), ...v.childArgs], { encoding: "utf8", timeout: 600_000 });
  return JSON.parse(out) as { importMs: number; runMs: number; runCpuMs: number; cycles: string; out: string };
}

/** Wall ms of a whole `python3 -c pass` process (CPython's own start-up, for the start-up row). */
function cpythonStartMs(): number {
  const t = performance.now();
  spawnSync("python3", ["-c", "pass"], { env });
  return performance.now() - t;
}

const dir = fileURLToPath(new URL("./programs/", import.meta.url));
const programs = readdirSync(dir)
  .filter((f) => f.endsWith(".py"))
  .map((f) => f.replace(/\.py$/, ""))
  .filter((p) => filter === undefined || filter.split(",").some((f) => p.includes(f)))
  .sort();
const best = (xs: number[]): number => Math.min(...xs);
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

const pyStart: number[] = [];
const imports = variants.map(() => [] as number[]);
const rows: string[][] = [["program", "reps", "CPython ms", "CPU ms", ...variants.flatMap((v) => [`${v.name} ms`, "ratio", "spread", "CPU ms", "CPU ratio"]), "Cycles"]];
const ratios = variants.map(() => [] as number[]);
const cpuRatios = variants.map(() => [] as number[]);
for (const p of programs) {
  const reps = REPS[p];
  if (reps === undefined) throw new Error(`bench/first-run.ts: no REPS entry for ${p}`);
  const file = `${dir}${p}.py`;
  const py: number[] = [];
  const pyCpu: number[] = [];
  const runs = variants.map(() => [] as number[]);
  const cpus = variants.map(() => [] as number[]);
  let cycles = "";
  for (let r = 0; r < rounds; r++) {
    pyStart.push(cpythonStartMs());
    const c = cpython(file, reps);
    py.push(c.ms);
    pyCpu.push(c.cpuMs);
    variants.forEach((v, i) => {
      const x = pvm(v, file, reps);
      if (x.out !== c.out) throw new Error(`${p} (${v.name}): PVM printed ${x.out}, CPython ${c.out}`);
      if (cycles !== "" && x.cycles !== cycles) throw new Error(`${p} (${v.name}): Cycles ${x.cycles} differ from ${cycles}`);
      cycles = x.cycles;
      runs[i]?.push(x.runMs);
      cpus[i]?.push(x.runCpuMs);
      imports[i]?.push(x.importMs);
    });
  }
  const row = [p, String(reps), best(py).toFixed(1), best(pyCpu).toFixed(1)];
  runs.forEach((xs, i) => {
    const cs = cpus[i] ?? [];
    ratios[i]?.push(best(xs) / best(py));
    cpuRatios[i]?.push(best(cs) / best(pyCpu));
    row.push(best(xs).toFixed(1), formatRatio(best(xs) / best(py)), `${best(xs).toFixed(0)}–${Math.max(...xs).toFixed(0)}`);
    row.push(best(cs).toFixed(1), formatRatio(best(cs) / best(pyCpu)));
  });
  rows.push([...row, cycles]);
  process.stderr.write(`${row.join("  ")}\n`);
}
rows.push(["geometric mean", "", "", "", ...ratios.flatMap((rs, i) => ["", formatRatio(geometricMean(rs)), "", "", formatRatio(geometricMean(cpuRatios[i] ?? []))]), ""]);
rows.push(["start-up (median)", "", `${median(pyStart).toFixed(1)} (python3 -c pass)`, "", ...imports.flatMap((xs) => [`${median(xs).toFixed(1)} (import)`, "", "", "", ""]), ""]);
printTable(
  `first run: each program's whole workload (bench() x reps, ~250 ms of CPython) once, as a script, in a fresh process per side; ${rounds} interleaved rounds, fastest kept (spread = fastest–slowest wall); CPU = the process's CPU during the run (CPython: process_time; node: cpuUsage, V8's background threads included); timed after start-up (last row)`,
  rows,
);
