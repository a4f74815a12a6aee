import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ModuleRegistry } from "../../../src/index.js";
import { enumModule } from "../../../src/stdlib/enum.js";
import { jsonModule } from "../../../src/stdlib/json.js";
import { conformancePrograms, runner } from "../../utils/stdlib-harness.js";

const dir = join(import.meta.dirname, "enum");
// json too: mixins.py shows IntEnum/StrEnum members encoding as their values.
const modules = new ModuleRegistry().register("enum", enumModule()).register("json", jsonModule());

const run = runner(modules);

conformancePrograms("enum conformance (CPython 3.11 outputs)", dir, run);

const IMPORT = "from enum import Enum\n";
const DEFINE = "class Color(Enum):\n    RED = 1\n    GREEN = 2\n    BLUE = 3\n";

describe("enum costs", () => {
  // Pinned Cycle counts: a change here is a consensus change (cips/pvm-stdlib-classes.md).
  it("import, class creation and a lookup by value cost fixed Cycles", () => {
    const base = run(IMPORT);
    const define = run(IMPORT + DEFINE);
    const one = run(IMPORT + DEFINE + "c = Color(2)\n");
    const two = run(IMPORT + DEFINE + "c = Color(2)\nd = Color(3)\n");
    const byName = run(IMPORT + DEFINE + "c = Color(2)\nd = Color['BLUE']\n");
    for (const x of [base, define, one, two, byName]) expect(x.r.result).toBe("ok");
    expect([base.r.cycles, define.r.cycles - base.r.cycles, two.r.cycles - one.r.cycles, byName.r.cycles - one.r.cycles]).toEqual([19937n, 2785n, 163n, 9n]);
  });
});

describe("enum errors", () => {
  it("an unknown value is an uncaught ValueError with CPython's message", () => {
    const { r, err } = run(IMPORT + DEFINE + "Color(4)\n");
    expect(r.error?.pyType).toBe("ValueError");
    expect(r.error?.pyMessage).toBe("4 is not a valid Color");
    expect(err).toContain("ValueError: 4 is not a valid Color");
  });

  it("an unknown name is a KeyError", () => {
    const { r } = run(IMPORT + DEFINE + "Color['PINK']\n");
    expect(r.error?.pyType).toBe("KeyError");
    expect(r.error?.pyMessage).toBe("'PINK'");
  });

  it("reassigning a member is refused and leaves it unchanged", () => {
    const { r, out } = run(IMPORT + DEFINE + "try:\n    Color.RED = 9\nexcept AttributeError as e:\n    print(e)\nprint(Color.RED.value)\n");
    expect(r.result).toBe("ok");
    expect(out).toBe("cannot reassign member 'RED'\n1\n");
  });
});
