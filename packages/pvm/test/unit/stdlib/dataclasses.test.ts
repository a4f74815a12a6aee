import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ModuleRegistry } from "../../../src/index.js";
import { dataclassesModule } from "../../../src/stdlib/dataclasses.js";
import { conformancePrograms, runner } from "../../utils/stdlib-harness.js";

const dir = join(import.meta.dirname, "dataclasses");
const modules = new ModuleRegistry().register("dataclasses", dataclassesModule());

const run = runner(modules);

conformancePrograms("dataclasses conformance (CPython 3.11 outputs)", dir, run);

const IMPORT = "from dataclasses import dataclass, field\n";
const DEFINE = "@dataclass(order=True)\nclass P:\n    x: int\n    y: int = 0\n    tags: list = field(default_factory=list)\n";

describe("dataclasses costs", () => {
  // Pinned Cycle counts: a change here is a consensus change (cips/pvm-stdlib-classes.md).
  it("import, class decoration and one instance cost fixed Cycles", () => {
    const base = run(IMPORT);
    const define = run(IMPORT + DEFINE);
    const one = run(IMPORT + DEFINE + "p = P(1, y=2)\n");
    const two = run(IMPORT + DEFINE + "p = P(1, y=2)\nq = P(3)\n");
    for (const x of [base, define, one, two]) expect(x.r.result).toBe("ok");
    expect([base.r.cycles, define.r.cycles - base.r.cycles, two.r.cycles - one.r.cycles]).toEqual([745n, 4552n, 292n]);
  });

  it("a program that runs out of Cycles inside a generated __init__ stops with OutOfCycles", () => {
    const { r } = run(IMPORT + DEFINE + "for i in range(100000):\n    P(i)\n", 2_000_000n);
    expect(r.result).toBe("error");
    expect(r.error?.code).toBe("OutOfCycles");
  });
});

describe("dataclasses errors", () => {
  it("a missing argument is an uncaught TypeError with CPython's message", () => {
    const { r, err } = run(IMPORT + DEFINE + "P()\n");
    expect(r.error?.pyType).toBe("TypeError");
    expect(r.error?.pyMessage).toBe("P.__init__() missing 1 required positional argument: 'x'");
    expect(err).toContain("TypeError: P.__init__() missing 1 required positional argument: 'x'");
  });

  it("assigning to a frozen instance raises FrozenInstanceError", () => {
    const { r } = run("from dataclasses import dataclass\n@dataclass(frozen=True)\nclass F:\n    a: int\nF(1).a = 2\n");
    expect(r.error?.pyType).toBe("FrozenInstanceError");
    expect(r.error?.pyMessage).toBe("cannot assign to field 'a'");
  });
});
