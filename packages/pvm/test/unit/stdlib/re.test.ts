import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ModuleRegistry } from "../../../src/index.js";
import { reModule } from "../../../src/stdlib/re.js";
import { conformancePrograms, runner } from "../../utils/stdlib-harness.js";

const dir = join(import.meta.dirname, "re");
const modules = new ModuleRegistry().register("re", reModule());

const run = runner(modules);

conformancePrograms("re conformance (CPython 3.11 outputs)", dir, run);

describe("re metering", () => {
  it("a catastrophic pattern ends in OutOfCycles within its limit", () => {
    const { r } = run("import re\nre.match(r'(a+)+$', 'a' * 30 + 'b')\nprint('unreachable')\n", 2_000_000);
    expect(r.result).toBe("error");
    expect(r.error?.code).toBe("OutOfCycles");
    expect(r.cycles).toBeLessThanOrEqual(2_000_000n);
  });
});
