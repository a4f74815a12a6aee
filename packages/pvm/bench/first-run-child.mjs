// Child of bench/first-run.ts (issue 19, "Speed on unfamiliar programs": the first run): in this fresh node
// process, imports the PVM bundle, then runs one program's whole workload once with runScript (as `cowboy pvm run`
// does), metered, and prints {importMs, runMs, runCpuMs, cycles, out} as JSON. Plain node (no TypeScript loader), so the
// process is what a user's is; V8 flags under test come on the command line or as --v8-flags=... (set before import).
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { setFlagsFromString } from "node:v8";

const args = process.argv.slice(2);
const flags = args.find((a) => a.startsWith("--v8-flags="));
if (flags !== undefined) for (const f of flags.slice("--v8-flags=".length).split(" ").filter(Boolean)) setFlagsFromString(f);
const [bundle, file, reps] = args.filter((a) => !a.startsWith("--"));
const t0 = performance.now();
const pvm = await import(pathToFileURL(bundle).href);
const importMs = performance.now() - t0;
const source = `${readFileSync(file, "utf8")}\n__r = None\nfor __i in range(${Number(reps)}):\n    __r = bench()\nprint(repr(__r))\n`;
let out = "";
const c1 = process.cpuUsage();
const t1 = performance.now();
const r = pvm.runScript(source, {
  filename: file,
  modules: pvm.standardLibrary(),
  cyclesLimit: 10n ** 12n,
  memoryLimit: 2 ** 30,
  stdout: (t) => {
    out += t;
  },
});
const runMs = performance.now() - t1;
const cpu = process.cpuUsage(c1);
// CPU of the whole process during the run (V8's background compiler and GC threads included: they compete for the
// same cores); on a loaded machine it measures the work where wall time measures the queue too.
const runCpuMs = (cpu.user + cpu.system) / 1000;
if (r.result !== "ok") throw new Error(`${file}: ${r.error?.message}`);
process.stdout.write(JSON.stringify({ importMs, runMs, runCpuMs, cycles: r.cycles.toString(), out: out.trim() }));
