import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ModuleRegistry } from "../../../src/index.js";
import { jsonModule } from "../../../src/stdlib/json.js";
import { conformancePrograms, coster, runner } from "../../utils/stdlib-harness.js";

const dir = join(import.meta.dirname, "json");
const modules = new ModuleRegistry().register("json", jsonModule());

const run = runner(modules);

conformancePrograms("json conformance (CPython 3.11 outputs)", dir, run);

const cost = coster(run);

describe("json costs", () => {
  // Pinned Cycle counts: a change here is a consensus change (cips/pvm-stdlib-data.md §2).
  const pre = "import json\nd = {'a': [1, 2, 3], 'b': 'xyz'}\ns = '" + '{"a": [1, 2, 3], "b": "xyz"}' + "'\n";
  it("loads and dumps cost fixed Cycles that grow with the characters read and written", () => {
    const small = cost(pre, "x = json.loads(s)\n");
    const big = cost(pre + "t = '[' + '1,' * 99 + '1]'\n", "x = json.loads(t)\n");
    const out = cost(pre, "x = json.dumps(d)\n");
    const outIndent = cost(pre, "x = json.dumps(d, indent=4)\n");
    expect([small, big, out, outIndent]).toEqual([165n, 520n, 173n, 231n]);
  });

  it("an indentation bomb is stopped by the meters before the host builds the text", () => {
    const src = "import json\nv = []\nfor i in range(200):\n    v = [v]\njson.dumps(v, indent=' ' * 100000)\n";
    const { r } = run(src);
    expect(r.result).toBe("error");
    expect(r.error?.code).toBe("OutOfMemory");
    expect(run(src, 500_000).r.error?.code).toBe("OutOfCycles");
  });

  it("failed decodes inside nesting give the recursion depth back", () => {
    const src =
      "import json\nfor i in range(300):\n    try:\n        json.loads('[' * 40 + 'x')\n    except ValueError:\n        pass\n" +
      "    try:\n        json.loads('[{\"a\": [1]}]' * 1, object_hook=lambda d: 1 // 0)\n    except ZeroDivisionError:\n        pass\n" +
      "print(len(json.dumps(json.loads('[' * 200 + ']' * 200))))\n";
    const { out, r } = run(src);
    expect(r.error).toBeUndefined();
    expect(out).toBe("400\n");
  });

  it("deep nesting raises RecursionError, not a host stack overflow", () => {
    const { out } = run("import json\ntry:\n    json.loads('[' * 100000)\nexcept RecursionError as e:\n    print('RecursionError', e)\n");
    expect(out).toBe("RecursionError maximum recursion depth exceeded while decoding a JSON array from a unicode string\n");
  });
});
