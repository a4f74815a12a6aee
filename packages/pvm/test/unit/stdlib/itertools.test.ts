import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ModuleRegistry } from "../../../src/index.js";
import { itertoolsModule } from "../../../src/stdlib/itertools.js";
import { conformancePrograms, coster, runner } from "../../utils/stdlib-harness.js";

const dir = join(import.meta.dirname, "itertools");
const modules = new ModuleRegistry().register("itertools", itertoolsModule());

const run = runner(modules);

conformancePrograms("itertools conformance (CPython 3.11 outputs)", dir, run);

const cost = coster(run);

describe("itertools costs", () => {
  // Pinned Cycle counts: a change here is a consensus change (cips/pvm-stdlib-iter.md).
  const pre = "import itertools as it\n";
  it("the import costs fixed Cycles", () => {
    expect(run(pre).r.cycles).toBe(474n);
  });

  it("drawing n elements costs in proportion to n", () => {
    const c10 = cost(pre, "x = list(it.islice(it.count(), 10))\n");
    const c20 = cost(pre, "x = list(it.islice(it.count(), 20))\n");
    const ch = cost(pre, "x = list(it.chain(range(50), range(50)))\n");
    const pr = cost(pre, "x = list(it.product(range(5), repeat=2))\n");
    const cb = cost(pre, "x = list(it.combinations(range(8), 3))\n");
    const gb = cost(pre, "x = [(k, len(list(g))) for k, g in it.groupby('aaabbbcccdd')]\n");
    // islice draws with one bigint operation: bigIntOp (3) since session 6
    expect([c10, c20, ch, pr, cb, gb]).toEqual([517n, 677n, 361n, 291n, 443n, 207n]);
  });
});

describe("itertools laziness and limits", () => {
  it("an unbounded count is lazy: next() draws one element", () => {
    const { r, out } = run("import itertools\nc = itertools.count(7)\nprint(next(c), next(c))\n", 100_000n);
    expect(r.result).toBe("ok");
    expect(out).toBe("7 8\n");
  });

  it("exhausting an infinite iterator stops at the Cycle limit, not a hang", () => {
    const { r } = run("import itertools\nlist(itertools.cycle([1, 2]))\n", 300_000n);
    expect(["OutOfCycles", "OutOfMemory"]).toContain(r.error?.code);
  });

  it("bad islice arguments raise ValueError with CPython's message", () => {
    const { r } = run("import itertools\nitertools.islice([], -1)\n");
    expect(r.error?.pyType).toBe("ValueError");
    expect(r.error?.pyMessage).toBe("Stop argument for islice() must be None or an integer: 0 <= x <= sys.maxsize.");
  });
});
