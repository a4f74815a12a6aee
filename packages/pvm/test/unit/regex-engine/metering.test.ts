import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { RegexBudgetExceeded, RegexError, compile, createStepBudget, toCodePoints } from "../../../src/regex-engine/index.js";
import type { StepCase } from "./steps-cases.js";
import { STEP_CASES } from "./steps-cases.js";
import { countSteps } from "./steps-run.js";

const pinned = JSON.parse(readFileSync(new URL("./fixtures/step-counts.json", import.meta.url), "utf8")) as {
  cases: (StepCase & { steps: number })[];
};

describe("re metering", () => {
  it("catastrophic backtracking runs out of budget with a typed error", () => {
    const re = compile("(a+)+$");
    const s = toCodePoints("a".repeat(40) + "b");
    const budget = createStepBudget(1_000_000);
    let err: unknown;
    try {
      re.match(s, budget);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(RegexBudgetExceeded);
    expect((err as RegexBudgetExceeded).code).toBe("RE_BUDGET_EXCEEDED");
    // Steps are paid in chunks of at least 1024, at deterministic points: the overshoot is pinned.
    expect(budget.used).toBe(1_000_107);
  });

  it("other catastrophic shapes are stopped too", () => {
    for (const [p, s] of [
      ["(x+x+)+y", "x".repeat(40)],
      ["(a|aa)*c", "a".repeat(60)],
      ["(\\w+\\s?)*$", "a".repeat(40) + "!"],
      ["(?:a*)*b", "a".repeat(5000)],
    ] as const) {
      const budget = createStepBudget(200_000);
      expect(() => compile(p).search(toCodePoints(s), budget)).toThrow(RegexBudgetExceeded);
    }
  });

  it("pinned step counts are unchanged (consensus)", () => {
    expect(pinned.cases.map((c) => c.p)).toEqual(STEP_CASES.map((c) => c.p));
    for (const c of pinned.cases) expect({ p: c.p, steps: countSteps(c) }).toEqual({ p: c.p, steps: c.steps });
  });

  it("step count does not depend on prior use of the pattern", () => {
    const re = compile("(a|ab)(c|bcd)(d*)");
    const s = toCodePoints("xxabcdxx");
    const counts = [0, 1, 2].map(() => {
      const b = createStepBudget(1e9);
      re.search(s, b);
      return b.used;
    });
    expect(new Set(counts).size).toBe(1);
    expect(counts[0]).toBeGreaterThan(0);
  });

  it("compile is charged", () => {
    const b = createStepBudget(1e9);
    compile("[a-z]+(?:foo|bar)", 0, b);
    expect(b.used).toBe(52);
    expect(() => compile("[\\x00-\\uffff]", 2, createStepBudget(1000))).toThrow(RegexBudgetExceeded);
    // The expansion is paid before it is done: the budget stops the first range.
    const big = createStepBudget(10_000);
    expect(() => compile("[\\x00-\\uffff]".repeat(1000), 2, big)).toThrow(RegexBudgetExceeded);
    expect(big.used).toBeLessThan(80_000);
  });

  it("long inputs use no JS recursion", () => {
    const n = 300_000;
    const s = toCodePoints("ab".repeat(n));
    const m = compile("(?:(a)b|cd)*$").match(s, createStepBudget(1e9));
    expect(m?.end).toBe(2 * n);
    expect(m?.span(1)).toEqual([2 * n - 2, 2 * n - 1]);
    const lazy = compile("(?:ab)*?$").match(s, createStepBudget(1e9));
    expect(lazy?.end).toBe(2 * n);
  });

  it("the backtracking memory cap raises a typed error", () => {
    const s = toCodePoints("ab".repeat(1_000_000));
    let err: unknown;
    try {
      compile("(?:(a)b)*c").match(s, createStepBudget(1e12));
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(RegexError);
    expect((err as RegexError).code).toBe("RE_BACKTRACK_LIMIT");
    expect((err as RegexError).pyType).toBe("MemoryError");
  });

  it("guards its arguments", () => {
    const re = compile("a");
    const b = createStepBudget(100);
    expect(() => re.match("a" as never, b)).toThrow(/subject: expected an Int32Array/);
    expect(() => re.match(toCodePoints("a"), {} as never)).toThrow(/budget: expected/);
    expect(() => re.match(toCodePoints("a"), b, 0.5)).toThrow(/pos: expected a safe integer/);
    expect(() => compile(5 as never)).toThrow(/pattern: expected/);
    expect(() => compile(new Uint8Array([0x61])).match(toCodePoints("a"), b)).toThrow(/Uint8Array/);
  });
});

describe("re compile cost stays proportional to its charge", () => {
  it("a pattern of many large sets compiles quickly and matches correctly", () => {
    const b = createStepBudget(1e9);
    const re = compile("[\\u0100-\\uffff]".repeat(2000), 0, b);
    expect(b.used).toBeGreaterThan(2000 * 65000);
    const m = re.match(toCodePoints("\u0101".repeat(2000)), createStepBudget(1e6));
    expect(m?.end).toBe(2000);
    expect(compile("[^\\u0100-\\uffff]").match(toCodePoints("\u0200"), createStepBudget(100))).toBeNull();
  });
});

describe("re parse cost stays linear", () => {
  it("long common prefixes and many alternatives parse in linear time", () => {
    const a = "a".repeat(50_000);
    const re = compile(`(?:${a}x|${a}y)`);
    expect(re.match(toCodePoints(a + "y"), createStepBudget(1e7))?.end).toBe(50_001);
    const alts = Array.from({ length: 20_000 }, (_, i) => `k${i}`).join("|");
    expect(compile(alts).search(toCodePoints("xx k19999"), createStepBudget(1e8))?.span(0)).toEqual([3, 5]); // leftmost-first: "k1" wins, as in CPython
  });
});
