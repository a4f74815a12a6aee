// The harness shared by the stdlib benches: each workload's `bench()` timed in CPython 3.11 (python3,
// spawned once per workload, timing its own calls) and in the PVM (metered, through ActorVm) in the
// same run; results must be identical. Ratio = PVM time / CPython time (lower is better).
import { execFileSync } from "node:child_process";
import { formatRatio, geometricMean, measure, printTable } from "@cowboy/bench-harness";
import type { ActorVm as ActorVmType, ModuleRegistry } from "../src/index.js";

export interface Workload {
  readonly name: string;
  /** Python source defining `bench()`, whose repr'd result both interpreters must agree on. */
  readonly source: string;
}

const DRIVER = `
import sys, time
g = {}
exec(compile(sys.stdin.read(), "bench.py", "exec"), g)
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

function cpython(source: string): { ms: number; result: string } {
  const out = execFileSync("python3", ["-c", DRIVER], { input: source, encoding: "utf8", env: { PYTHONHASHSEED: "0", PATH: process.env.PATH ?? "" } });
  const [ms, result] = out.trim().split("\n") as [string, string];
  return { ms: Number(ms), result };
}

function pvm(ActorVm: typeof ActorVmType, modules: ModuleRegistry, source: string): { ms: number; cycles: bigint; result: string } {
  const limits = { cyclesLimit: 10n ** 12n, memoryLimit: 1 << 30 };
  const { vm, result } = ActorVm.load(`${source}\nclass __Bench:\n    def run(self):\n        return repr(bench())\n`, { filename: "bench.py", modules, ...limits });
  if (vm === undefined) throw new Error(`load failed: ${result.error?.message}`);
  const inst = vm.instantiate("__Bench");
  if (inst.instance === undefined) throw new Error(`instantiate failed: ${inst.error?.message}`);
  const handle = inst.instance;
  const call = () => {
    const r = vm.call(handle, "run", [], limits);
    if (!r.ok) throw new Error(`bench failed: ${r.error?.message}`);
    return r;
  };
  const first = call();
  const m = measure({ name: "pvm", fn: call }, { samples: 5, sampleMs: 300, warmupMs: 300 });
  return { ms: m.nsPerOp / 1e6, cycles: first.cycles, result: String(first.value) };
}

/** Runs every workload whose name contains `filter` (all when undefined) and prints the table. */
export function compareWithCpython(title: string, workloads: readonly Workload[], ActorVm: typeof ActorVmType, modules: ModuleRegistry, filter?: string): void {
  const rows: string[][] = [["workload", "CPython ms", "PVM ms", "PVM / CPython", "Cycles"]];
  const ratios: number[] = [];
  for (const w of workloads) {
    if (filter !== undefined && !w.name.includes(filter)) continue;
    const py = cpython(w.source);
    const r = pvm(ActorVm, modules, w.source);
    if (py.result !== r.result) throw new Error(`${w.name}: PVM result ${r.result} differs from CPython ${py.result}`);
    ratios.push(r.ms / py.ms);
    rows.push([w.name, py.ms.toFixed(2), r.ms.toFixed(2), formatRatio(r.ms / py.ms), r.cycles.toString()]);
  }
  rows.push(["geometric mean", "", "", formatRatio(geometricMean(ratios)), ""]);
  printTable(title, rows);
}
