import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ModuleRegistry, runScript } from "../../src/index.js";
import { reModule } from "../../src/stdlib/re.js";

const dir = join(import.meta.dirname, "re");
const modules = new ModuleRegistry().register("re", reModule());

function run(src: string, cyclesLimit = 50_000_000) {
  let out = "";
  let err = "";
  const r = runScript(src, { modules, cyclesLimit, stdout: (s) => (out += s), stderr: (s) => (err += s) });
  return { r, out, err };
}

describe("re conformance (CPython 3.11 outputs)", () => {
  for (const f of readdirSync(dir).filter((n) => n.endsWith(".py"))) {
    it(f, () => {
      const { r, out, err } = run(readFileSync(join(dir, f), "utf8"));
      expect(err).toBe("");
      expect(r.error).toBeUndefined();
      expect(out).toBe(readFileSync(join(dir, f.replace(/\.py$/, ".expected")), "utf8"));
    });
  }
});

describe("re metering", () => {
  it("a catastrophic pattern ends in OutOfCycles within its limit", () => {
    const { r } = run("import re\nre.match(r'(a+)+$', 'a' * 30 + 'b')\nprint('unreachable')\n", 2_000_000);
    expect(r.result).toBe("error");
    expect(r.error?.code).toBe("OutOfCycles");
    expect(r.cycles).toBeLessThanOrEqual(2_000_000n);
  });
});
