import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ModuleRegistry, runScript } from "../../src/index.js";
import { abcModule } from "../../src/stdlib/abc.js";

const dir = join(import.meta.dirname, "abc");
const modules = new ModuleRegistry().register("abc", abcModule());

function run(src: string, cyclesLimit = 50_000_000) {
  let out = "";
  let err = "";
  const r = runScript(src, { modules, cyclesLimit, stdout: (s) => (out += s), stderr: (s) => (err += s) });
  return { r, out, err };
}

describe("abc conformance (CPython 3.11 outputs)", () => {
  for (const f of readdirSync(dir).filter((n) => n.endsWith(".py"))) {
    it(f, () => {
      const { r, out, err } = run(readFileSync(join(dir, f), "utf8"));
      expect(err).toBe("");
      expect(r.error).toBeUndefined();
      expect(out).toBe(readFileSync(join(dir, f.replace(/\.py$/, ".expected")), "utf8"));
    });
  }
});

describe("abc errors", () => {
  it("instantiating an abstract class raises CPython's TypeError as an uncaught exception", () => {
    const { r, err } = run("import abc\nclass A(abc.ABC):\n    @abc.abstractmethod\n    def f(self): ...\nA()\n");
    expect(r.result).toBe("error");
    expect(r.error?.code).toBe("PythonException");
    expect(r.error?.pyType).toBe("TypeError");
    expect(r.error?.pyMessage).toBe("Can't instantiate abstract class A with abstract method f");
    expect(err).toContain("TypeError: Can't instantiate abstract class A with abstract method f");
  });
});
