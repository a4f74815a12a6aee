// Interpreter benchmarks: each program in bench/programs/ defines `bench()`. CPython (python3,
// spawned once per program) times its own calls of bench() with perf_counter; the PVM times its
// calls through ActorVm with metering on, twice: alone in a fresh node process (as CPython runs),
// and in one process that has run every program (V8's type feedback then covers all of them, as in
// a node executing many actors; the interpreter's closures are shared code, so this is slower).
// Ratios compare with CPython in the same run.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { ActorVm as ActorVmType, standardLibrary as standardLibraryType } from "../src/index.js";

/** The PVM entry measured: the built bundle (what consumers run), loaded by index.ts. */
export type Pvm = {
  ActorVm: typeof ActorVmType;
  loadIsolatedPvm: <M>(tag: string) => Promise<M | null>;
  standardLibrary: typeof standardLibraryType;
};

export interface InterpResult {
  name: string;
  cpythonMs: number;
  /** CPython's first call of bench(), in its fresh process. */
  cpythonFirstMs: number;
  /** The program alone in a fresh node process (as CPython gets a fresh python3 process). */
  freshMs: number;
  /** The first call of bench() in that fresh process (the JIT has seen nothing yet). */
  firstMs: number;
  /** In one process that first ran every program: the steady state of a node running many actors. */
  sharedMs: number;
  /** In that process, on a copy of the interpreter of its own (loadIsolatedPvm: a node's hot actor). */
  copyMs: number;
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
t0 = time.perf_counter()
r = bench()
first = time.perf_counter() - t0
for _ in range(3):
    r = bench()
times = []
deadline = time.perf_counter() + 1.5
while len(times) < 10 or time.perf_counter() < deadline:
    t0 = time.perf_counter()
    r = bench()
    times.append(time.perf_counter() - t0)
print(min(times) * 1000.0)
print(first * 1000.0)
print(repr(r))
`;

/** CPython's fastest warm call and its first call (the program just compiled, in a fresh process). */
export function cpythonMs(file: string): { ms: number; firstMs: number; result: string } {
  const out = execFileSync("python3", ["-c", DRIVER, file], { encoding: "utf8", env: { PYTHONHASHSEED: "0", PATH: process.env.PATH ?? "" } });
  const [ms, firstMs, result] = out.trim().split("\n") as [string, string, string];
  return { ms: Number(ms), firstMs: Number(firstMs), result };
}

/** A loaded program: each call runs bench() once, metered. */
export function loadProgram(pvm: Pvm, source: string): () => { cycles: bigint; value?: unknown } {
  const limits = { cyclesLimit: 10n ** 12n, memoryLimit: 1 << 30 };
  const { vm, result } = pvm.ActorVm.load(`${source}\nclass __Bench:\n    def run(self):\n        return repr(bench())\n`, {
    filename: "bench.py",
    modules: pvm.standardLibrary(),
    ...limits,
  });
  if (vm === undefined) throw new Error(`load failed: ${result.error?.message}`);
  const inst = vm.instantiate("__Bench");
  if (inst.instance === undefined) throw new Error(`instantiate failed: ${inst.error?.message}`);
  const handle = inst.instance;
  return () => {
    const r = vm.call(handle, "run", [], limits);
    if (!r.ok) throw new Error(`bench failed: ${r.error?.message}`);
    return r;
  };
}

/**
 * The fastest of the calls made in 1.5 s (at least 10) after warm-up, as the CPython driver does:
 * on a shared machine noise only ever adds time, so the minimum is the stable statistic (timeit's
 * advice), and both sides use the same one.
 */
export function pvmMs(call: () => { cycles: bigint; value?: unknown }): { ms: number; firstMs: number; cycles: bigint; result: string } {
  const t = performance.now();
  const first = call();
  const firstMs = performance.now() - t;
  const warm = performance.now() + 300;
  for (let i = 0; i < 3 || performance.now() < warm; i++) call();
  let best = Number.POSITIVE_INFINITY;
  const deadline = performance.now() + 1500;
  for (let n = 0; n < 10 || performance.now() < deadline; n++) {
    const t0 = performance.now();
    call();
    best = Math.min(best, performance.now() - t0);
  }
  return { ms: best, firstMs, cycles: first.cycles, result: String(first.value) };
}

/** Measure one program in a child node process (bench/interp-one.ts) with the same bundle. */
function freshPvmMs(bundle: string, file: string): { ms: number; firstMs: number; cycles: bigint; result: string } {
  const child = fileURLToPath(new URL("./interp-one.ts", import.meta.url));
  const out = execFileSync(process.execPath, [...process.execArgv, child, bundle, file], { encoding: "utf8" });
  const r = JSON.parse(out) as { ms: number; firstMs: number; cycles: string; result: string };
  return { ms: r.ms, firstMs: r.firstMs, cycles: BigInt(r.cycles), result: r.result };
}

/**
 * Every program under CPython, under the PVM in a fresh process, under the PVM in this process after
 * all programs have run a few times (so the JIT has seen them all, as in a node), and in this
 * process on a copy of the interpreter that runs only that program.
 */
export async function runInterpBenchmarks(pvm: Pvm, bundle: string, filter?: string): Promise<InterpResult[]> {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(".py"))
    .sort();
  const calls = new Map(files.map((f) => [f, loadProgram(pvm, readFileSync(dir + f, "utf8"))]));
  for (const call of calls.values()) for (let i = 0; i < 3; i++) call();
  const out: InterpResult[] = [];
  for (const f of files.filter((x) => filter === undefined || x.includes(filter))) {
    const py = cpythonMs(dir + f);
    const fresh = freshPvmMs(bundle, dir + f);
    const shared = pvmMs(calls.get(f) as () => { cycles: bigint; value?: unknown });
    const copy = await pvm.loadIsolatedPvm<Pvm>(f);
    if (copy === null) throw new Error("the bench needs the built bundle (loadIsolatedPvm returned null)");
    const own = pvmMs(loadProgram(copy, readFileSync(dir + f, "utf8")));
    for (const r of [fresh, shared, own]) if (py.result !== r.result) throw new Error(`${f}: PVM result ${r.result} differs from CPython ${py.result}`);
    if (fresh.cycles !== shared.cycles || own.cycles !== shared.cycles) throw new Error(`${f}: Cycles differ between runs (${fresh.cycles}, ${shared.cycles}, ${own.cycles})`);
    out.push({
      name: f.replace(/\.py$/, ""),
      cpythonMs: py.ms,
      cpythonFirstMs: py.firstMs,
      freshMs: fresh.ms,
      firstMs: fresh.firstMs,
      sharedMs: shared.ms,
      copyMs: own.ms,
      cycles: shared.cycles,
      result: shared.result,
    });
  }
  return out;
}
