// Pins the Cycle count and result of every benchmark program (bench/programs/*.py, run as
// `pnpm bench` runs them: the standard library whitelisted, bench() called once through ActorVm).
// Interpreter speed work must leave Cycles unchanged (consensus, cips/metering.md); the results are
// the ones CPython 3.11 prints for the same programs.
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ActorVm, standardLibrary } from "../../../src/index.js";

const dir = fileURLToPath(new URL("../../../bench/programs/", import.meta.url));

const PINNED: Record<string, [bigint, string]> = {
  arith_loop: [2400027n, "145003"],
  bigint: [481995n, "(3627, 168922950, 885303321, 1439, 18007332178828062322, 706)"],
  dictlist: [489803n, "(23, [('g0', (63, 508, 988)), ('g1', (58, 577, 993))], 1108, 189, 130, 16, [25, 25, 25, 25, 25], ['g1', 'g11', 'g17', 'g21', 'g7'])"],
  fannkuch: [1121893n, "(228, 16)"],
  float_loop: [1400027n, "2.5"],
  json_roundtrip: [442681n, "(41690, 77679, 37238, 6697, 48.56)"],
  nbody: [1826966n, "-0.169286284"],
  raytrace: [1341598n, "424.286266"],
  richards_lite: [544053n, "(4000, 429, 30)"],
  scheduler: [1581416n, "(260, 193, 27078, [215, 371, 516, 207], 0)"],
  spectral_norm: [3825434n, "1.274206094"],
  strformat: [233419n, "(53350, '  4315.07\\ntotal 2,160,616.35 over 1380 lines, mean 2400.6848', 3734)"],
  text: [987775n, "(124, [(2, 1194), (3, 901), (4, 881)])"],
  wordcount: [1316313n, "(4566, 1223, 143, 9, ('harbor', 145), ('thistle', 107))"],
};

function runBench(source: string): { cycles: bigint; value: unknown } {
  const limits = { cyclesLimit: 10n ** 12n, memoryLimit: 1 << 30 };
  const { vm, result } = ActorVm.load(`${source}\nclass __Bench:\n    def run(self):\n        return repr(bench())\n`, {
    filename: "bench.py",
    modules: standardLibrary(),
    ...limits,
  });
  if (vm === undefined) throw new Error(`load failed: ${result.error?.message}`);
  const inst = vm.instantiate("__Bench");
  if (inst.instance === undefined) throw new Error(`instantiate failed: ${inst.error?.message}`);
  const r = vm.call(inst.instance, "run", [], limits);
  if (!r.ok) throw new Error(`bench failed: ${r.error?.message}`);
  return { cycles: r.cycles, value: r.value };
}

describe("benchmark programs: pinned Cycles and results", () => {
  const files = readdirSync(dir).filter((f) => f.endsWith(".py"));
  it("pins every program in bench/programs", () => {
    expect(files.map((f) => f.replace(/\.py$/, "")).sort()).toEqual(Object.keys(PINNED).sort());
  });
  for (const f of files) {
    const name = f.replace(/\.py$/, "");
    it(name, () => {
      const r = runBench(readFileSync(dir + f, "utf8"));
      const [cycles, value] = PINNED[name] as [bigint, string];
      expect(r.value).toBe(value);
      expect(r.cycles).toBe(cycles);
    });
  }
});
