// Start-up time of the built bundle (issue 19 "Startup"): wall time from spawning a fresh `node` to the first byte
// of output, for printing from Python (runScript, as `cowboy pvm run hello.py` does) and for a first actor call
// (deploy + Counter.increment on a MemoryHost), and for the CLI's `cowboy pvm run` when apps/cli is built.
// The baseline is `node -e "console.log(1)"` measured in the same run; the table prints each case as a ratio, and
// each process's whole CPU time (user + system, read at exit by a preloaded hook; on a loaded machine wall time mostly
// measures the queue, CPU time the work).
// Run: pnpm --filter @cowboy/pvm run build && pnpm --filter @cowboy/pvm exec tsx bench/startup.ts [rounds]
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { formatRatio, printTable } from "@cowboy/bench-harness";

const ROUNDS = Number(process.argv[2] ?? 7);
const dist = fileURLToPath(new URL("../dist/index.js", import.meta.url));
const cli = fileURLToPath(new URL("../../../apps/cli/dist/main.js", import.meta.url));
if (!existsSync(dist)) throw new Error("build the pvm bundle first: pnpm --filter @cowboy/pvm run build");

const hello = `const { runScript } = await import(${JSON.stringify(dist)});
runScript("print('hello')", { stdout: (t) => process.stdout.write(t) });`;

const actorCall = `const { invokeActor, MemoryHost } = await import(${JSON.stringify(dist)});
const source = "from cowboy_sdk import actor\\n\\n@actor\\nclass Counter:\\n    def __init__(self):\\n        self.n = 0\\n\\n    def increment(self):\\n        self.n += 1\\n        return self.n\\n";
const host = new MemoryHost();
const base = { source, host, args: new Uint8Array(0), cyclesLimit: 10_000_000, cellsLimit: 1_000_000 };
const d = invokeActor({ ...base, kind: "deploy" });
const r = invokeActor({ ...base, kind: "call", method: "increment" });
if (!d.ok || !r.ok) throw new Error("the actor call failed");
process.stdout.write(r.returnData.length + "\\n");`;

const CPU_HOOK = `--import=data:text/javascript,process.on("exit",()=>{const u=process.cpuUsage();process.stderr.write("\\ncpu-ms "+(u.user+u.system)/1000+"\\n")})`;

/** Milliseconds from spawn to the child's first stdout byte, and the child's CPU ms (it must print and exit 0). */
function firstOutput(args: string[]): Promise<{ wall: number; cpu: number }> {
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    let first = -1;
    let err = "";
    const child = spawn(process.execPath, [CPU_HOOK, ...args], { stdio: ["ignore", "pipe", "pipe"], timeout: 60_000 });
    child.stdout.on("data", () => {
      if (first < 0) first = Number(process.hrtime.bigint() - t0) / 1e6;
    });
    child.stderr.on("data", (d: Buffer) => {
      err += d.toString();
    });
    child.on("error", reject);
    child.on("close", (code) => {
      const cpu = /cpu-ms ([\d.]+)/.exec(err);
      if (code === 0 && first >= 0 && cpu !== null) resolve({ wall: first, cpu: Number(cpu[1]) });
      else reject(new Error(`${args.join(" ")} exited ${code}: ${err}`));
    });
  });
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

const dir = mkdtempSync(join(tmpdir(), "pvm-startup-"));
try {
  const helloPy = join(dir, "hello.py");
  writeFileSync(helloPy, "print('hello')\n");
  const cases: Array<[string, string[]]> = [
    ["node -e console.log (baseline)", ["-e", "console.log(1)"]],
    ["runScript hello (built pvm)", ["--input-type=module", "-e", hello]],
    ["first actor call (built pvm)", ["--input-type=module", "-e", actorCall]],
  ];
  if (existsSync(cli)) cases.push(["cowboy pvm run hello.py (built cli)", [cli, "pvm", "run", helloPy]]);
  const times = new Map<string, number[]>(cases.map(([n]) => [n, []]));
  const cpus = new Map<string, number[]>(cases.map(([n]) => [n, []]));
  // Interleaved rounds: load drifts affect every case alike.
  for (let r = 0; r < ROUNDS; r++) {
    for (const [name, args] of cases) {
      const t = await firstOutput(args);
      times.get(name)!.push(t.wall);
      cpus.get(name)!.push(t.cpu);
    }
  }
  const base = median(times.get(cases[0]![0])!);
  const rows: string[][] = [["case", "median ms to first output", "vs baseline", "median CPU ms (process)"]];
  for (const [name] of cases) {
    const m = median(times.get(name)!);
    rows.push([name, m.toFixed(1), formatRatio(m / base), median(cpus.get(name)!).toFixed(1)]);
  }
  printTable(`start-up, ${ROUNDS} rounds (ratio = time / baseline's; lower is better)`, rows);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
