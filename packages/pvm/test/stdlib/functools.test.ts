import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ModuleRegistry, runScript } from "../../src/index.js";
import { functoolsModule } from "../../src/stdlib/functools.js";

const dir = join(import.meta.dirname, "functools");
const modules = new ModuleRegistry().register("functools", functoolsModule());

function run(src: string, cyclesLimit = 50_000_000) {
  let out = "";
  let err = "";
  const r = runScript(src, { modules, cyclesLimit, stdout: (s) => (out += s), stderr: (s) => (err += s) });
  return { r, out, err };
}

describe("functools conformance (CPython 3.11 outputs)", () => {
  for (const f of readdirSync(dir).filter((n) => n.endsWith(".py"))) {
    it(f, () => {
      const { r, out, err } = run(readFileSync(join(dir, f), "utf8"));
      expect(err).toBe("");
      expect(r.error).toBeUndefined();
      expect(out).toBe(readFileSync(join(dir, f.replace(/\.py$/, ".expected")), "utf8"));
    });
  }
});
