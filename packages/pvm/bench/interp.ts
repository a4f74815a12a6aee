// Interpreter benchmarks: each program in bench/programs/ defines `bench()`. CPython (python3,
// spawned once per program) times its own calls of bench() with perf_counter; the PVM times its
// calls through ActorVm with metering on. Ratios compare the two in the same run.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { measure } from "@cowboy/bench-harness";
import type { ActorVm as ActorVmType } from "../src/index.js";

/** The PVM entry measured: the built bundle (what consumers run), loaded by index.ts. */
export type Pvm = { ActorVm: typeof ActorVmType };

export interface InterpResult {
  name: string;
  cpythonMs: number;
  pvmMs: number;
  cycles: bigint;
  result: string;
}

const dir = fileURLToPath(new URL("./programs/", import.meta.url));

const DRIVER = `
import sys, time
src = open(sys.argv[1]).read()
g = {}
exec(compile(src, sys.argv[1], "exec"), g)
bench = g["bench"]
for _ in range(3):
    r = bench()
times = []
deadline = time.perf_counter() + 1.0
while len(times) < 5 or time.perf_counter() < deadline:
    t0 = time.perf_counter()
    r = bench()
    times.append(time.perf_counter() - t0)
times.sort()
print(times[len(times) // 2] * 1000.0)
print(repr(r))
`;

export function cpythonMs(file: string): { ms: number; result: string } {
  const out = execFileSync("python3", ["-c", DRIVER, file], { encoding: "utf8", env: { PYTHONHASHSEED: "0", PATH: process.env.PATH ?? "" } });
  const [ms, result] = out.trim().split("\n") as [string, string];
  return { ms: Number(ms), result };
}

export function pvmMs(pvm: Pvm, source: string): { ms: number; cycles: bigint; result: string } {
  const { vm, result } = pvm.ActorVm.load(`${source}\nclass __Bench:\n    def run(self):\n        return repr(bench())\n`, { filename: "bench.py", cyclesLimit: 10n ** 12n, memoryLimit: 1 << 30 });
  if (vm === undefined) throw new Error(`load failed: ${result.error?.message}`);
  const inst = vm.instantiate("__Bench");
  if (inst.instance === undefined) throw new Error(`instantiate failed: ${inst.error?.message}`);
  const handle = inst.instance;
  const call = () => {
    const r = vm.call(handle, "run", [], { cyclesLimit: 10n ** 12n, memoryLimit: 1 << 30 });
    if (!r.ok) throw new Error(`bench failed: ${r.error?.message}`);
    return r;
  };
  const first = call();
  const m = measure({ name: "pvm", fn: call }, { samples: 5, sampleMs: 300, warmupMs: 300 });
  return { ms: m.nsPerOp / 1e6, cycles: first.cycles, result: String(first.value) };
}

export function runInterpBenchmarks(pvm: Pvm, filter?: string): InterpResult[] {
  const files = readdirSync(dir).filter((f) => f.endsWith(".py") && (filter === undefined || f.includes(filter))).sort();
  const out: InterpResult[] = [];
  for (const f of files) {
    const src = readFileSync(dir + f, "utf8");
    const py = cpythonMs(dir + f);
    const r = pvmMs(pvm, src);
    if (py.result !== r.result) throw new Error(`${f}: PVM result ${r.result} differs from CPython ${py.result}`);
    out.push({ name: f.replace(/\.py$/, ""), cpythonMs: py.ms, pvmMs: r.ms, cycles: r.cycles, result: r.result });
  }
  return out;
}
