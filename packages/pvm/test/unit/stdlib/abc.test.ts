import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ModuleRegistry } from "../../../src/index.js";
import { abcModule } from "../../../src/stdlib/abc.js";
import { conformancePrograms, runner } from "../../utils/stdlib-harness.js";

const dir = join(import.meta.dirname, "abc");
const modules = new ModuleRegistry().register("abc", abcModule());

const run = runner(modules);

conformancePrograms("abc conformance (CPython 3.11 outputs)", dir, run);

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
