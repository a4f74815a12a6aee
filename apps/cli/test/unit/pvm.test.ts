import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { runCommand } from "../../src/cli.js";
import { cowboy } from "../../src/commands/index.js";
import { memoryIo } from "../utils/memory-io.js";

const hello = readFileSync(new URL("../../../../packages/pvm/examples/hello.py", import.meta.url));

async function pvm(args: string[], files: Record<string, string | Uint8Array>) {
  const io = memoryIo({ files });
  const status = await runCommand(cowboy, ["pvm", "run", ...args], io);
  return { status, stdout: io.stdout.join(""), stderr: io.stderr.join("") };
}

describe("cowboy pvm run", () => {
  it("runs the quickstart example with CPython's output, and reports its cost with --stats", async () => {
    const result = await pvm(["hello.py", "--stats"], { "hello.py": hello });
    expect(result.status).toBe(0);
    expect(result.stdout).toBe(
      [
        "counter = 6",
        "fib(90) = 2880067194370816120",
        "2**200 = 1606938044258990275541962092341162602522202993782792835301376",
        "most common: [('the', 3), ('brown', 1)]",
        "[0, 4, 16, 36, 64]",
        "",
      ].join("\n"),
    );
    expect(result.stderr).toMatch(/^\{"cycles":[1-9][0-9]*,"cells":0,"memory":[1-9][0-9]*\}\n$/);
    const stats = JSON.parse(result.stderr) as Record<string, number>;
    expect(Object.keys(stats)).toEqual(["cycles", "cells", "memory"]);
  });

  it("charges the same Cycles on every run", async () => {
    const a = await pvm(["hello.py", "--stats"], { "hello.py": hello });
    const b = await pvm(["hello.py", "--stats"], { "hello.py": hello });
    expect(a.stderr).toBe(b.stderr);
  });

  it("gives scripts cowboy_sdk over an in-memory host, so an @actor class runs locally", async () => {
    const src =
      'from cowboy_sdk import actor, emit\n\n@actor\nclass C:\n    def __init__(self):\n        self.storage["n"] = 1\n\n    def inc(self):\n        self.storage["n"] += 1\n        emit("Inc", self.storage["n"])\n        return self.storage["n"]\n\nc = C()\nprint(c.inc(), c.inc(), "n" in c.storage, c.storage.get("missing", 0))\nimport os\n';
    const result = await pvm(["c.py"], { "c.py": src });
    expect(result.stdout).toBe("2 3 True 0\n");
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/ModuleNotFoundError: No module named 'os'\n$/);
  });

  it("prints an uncaught exception's traceback and exits 1", async () => {
    const result = await pvm(["bad.py"], { "bad.py": "def f(n):\n    return 1 / n\nprint(f(0))\n" });
    expect(result.status).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr).toBe(
      'Traceback (most recent call last):\n  File "bad.py", line 3, in <module>\n    print(f(0))\n  File "bad.py", line 2, in f\n    return 1 / n\nZeroDivisionError: division by zero\n',
    );
  });

  it("stops an endless loop at the Cycle limit", async () => {
    const result = await pvm(["loop.py", "--cycles-limit", "100_000"], { "loop.py": "while True:\n    pass\n" });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^error: OutOfCycles: .*100000/);
  });

  it("reports a syntax error with its line", async () => {
    const result = await pvm(["syn.py"], { "syn.py": "x = 1\nif x\n    pass\n" });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('File "syn.py", line 2');
    expect(result.stderr).toContain("SyntaxError: expected ':'");
  });

  it("rejects a bad limit and a missing file", async () => {
    expect((await pvm(["a.py", "--cycles-limit", "-5"], { "a.py": "" })).status).toBe(2);
    expect(await pvm(["nope.py"], {})).toMatchObject({ status: 1, stderr: "error: cannot read nope.py: no such file\n" });
  });
});
