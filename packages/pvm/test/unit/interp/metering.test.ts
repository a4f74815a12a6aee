// Pins the Cycle cost of representative programs: a change to the cost table or to how the
// interpreter charges shows up here as a deliberate, reviewed edit (see cips/metering.md).
import { describe, expect, it } from "vitest";
import { runScript } from "../../../src/index.js";
import { METERED_PROGRAMS } from "../../fixtures/metered-programs.js";

const PINNED: Record<string, bigint> = {
  loop: 4043n,
  fib: 51325n,
  words: 5513n,
  classes: 5508n,
  exceptions: 4084n,
  bigint: 3346n, // 2806 before session 6's bigIntOp (3 per operation with a bigint operand)
  strings: 112199n,
  generators: 6598n,
  imports: 81n,
};

describe("pinned Cycle counts", () => {
  for (const [name, src] of Object.entries(METERED_PROGRAMS)) {
    it(name, () => {
      const r = runScript(src, { stdout: () => {} });
      expect(r.error).toBeUndefined();
      expect(r.cycles).toBe(PINNED[name]);
    });
  }
  it("charges the same for the same program every time", () => {
    const a = runScript(METERED_PROGRAMS.words as string, { stdout: () => {} });
    const b = runScript(METERED_PROGRAMS.words as string, { stdout: () => {} });
    expect(a.cycles).toBe(b.cycles);
    expect(a.memory).toBe(b.memory);
  });
  it("charges per basic block: a straight-line block costs its static sum", () => {
    // 3 statements: `a = 1` (1), `b = a + 2` (1 + 1), `c = b * a - 1` (1 + 2) = 6
    expect(runScript("a = 1\nb = a + 2\nc = b * a - 1\n").cycles).toBe(6n);
    // a call costs 10 more than its arguments; a user function body charges its own block
    expect(runScript("def f(x):\n    return x\nf(1)\n").cycles).toBe(2n + 1n + 10n + 1n);
  });
  it("charges import costs from the table: 50 for a failed import", () => {
    const r = runScript("try:\n    import nope\nexcept ImportError:\n    pass\n");
    // try-entry 5 + import statement 1 + failed import 50 + raise bookkeeping: except 10 + handler block 1
    expect(r.cycles).toBe(5n + 1n + 50n + 10n + 1n);
  });
  it("charges a finally clause the same inside a generator as in a function", () => {
    // Generators used to skip the finally surcharge (and, after a handled exception, the clause).
    const body = "    try:\n        x = 1\n    finally:\n        x = 2\n";
    const fn = runScript(`def f():\n${body}    return x\nf()\n`);
    const gen = runScript(`def f():\n${body}    yield x\nnext(f())\n`);
    const bare = runScript("def f():\n    x = 1\n    x = 2\n    yield x\nnext(f())\n");
    const fnBare = runScript("def f():\n    x = 1\n    x = 2\n    return x\nf()\n");
    expect(gen.cycles - bare.cycles).toBe(fn.cycles - fnBare.cycles);
    expect(fn.cycles - fnBare.cycles).toBeGreaterThan(0n);
  });
  it("stops exactly at the limit", () => {
    const r = runScript("while True:\n    pass\n", { cyclesLimit: 1234n });
    expect(r.error?.code).toBe("OutOfCycles");
    expect(r.cycles).toBe(1234n);
  });
});
