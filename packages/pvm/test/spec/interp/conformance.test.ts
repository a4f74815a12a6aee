// Runs every program in test/spec/conformance/ through the PVM and compares stdout (plus the last line
// of an uncaught exception's traceback) with the output captured from CPython 3.11.
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ModuleRegistry, asyncioModuleDef, runScript } from "../../../src/index.js";

// The only module the conformance programs may import: the PVM's deterministic asyncio.
const modules = new ModuleRegistry().register("asyncio", asyncioModuleDef());

const dir = fileURLToPath(new URL("../conformance/", import.meta.url));
const programs = readdirSync(dir)
  .filter((f) => f.endsWith(".py") && f !== "capture.py")
  .sort();

describe("conformance with CPython 3.11", () => {
  it("has programs", () => expect(programs.length).toBeGreaterThanOrEqual(6));
  for (const file of programs) {
    it(file, () => {
      const src = readFileSync(dir + file, "utf8");
      const expected = readFileSync(dir + file.replace(/\.py$/, ".expected"), "utf8");
      let out = "";
      const r = runScript(src, { filename: file, modules, stdout: (s) => (out += s), cyclesLimit: 500_000_000n });
      if (r.error !== undefined) {
        const last = (r.error.traceback ?? r.error.message).trimEnd().split("\n").pop();
        out += `!! ${last}\n`;
      }
      expect(out).toBe(expected);
    });
  }
});
