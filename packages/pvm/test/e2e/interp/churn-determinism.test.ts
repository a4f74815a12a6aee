// Allocation churn runs past the memory budget through live-heap recounts (cips/pvm.md, "Memory
// accounting"), and two separate processes agree on every program's result, output, Cycles and
// memory figure (and on the pinned ones): nothing of the recount depends on V8's garbage collector.
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { CHURN_PROGRAMS } from "../../fixtures/churn-programs.js";

const entry = fileURLToPath(new URL("../../fixtures/run-churn.ts", import.meta.url));
const tsx = fileURLToPath(new URL("../../../../../node_modules/.bin/tsx", import.meta.url));

/**
 * Pinned [Cycles, memory figure] of each churn program under the 10 MiB budget: consensus values (the
 * recounts' Cycles included), so a change to the recount or its roots is a deliberate edit here.
 */
const PINNED: Record<string, [string, number]> = {
  tuples: ["10800171", 8714393],
  strings: ["28616839", 4592115],
  dicts: ["7200305", 6228856],
  objects: ["9289285", 1119082],
  comprehensions: ["17040312", 6390417],
  generators: ["18296200", 6794860],
  cycles: ["6150387", 3030055],
  bigstrings: ["120046429", 5160032],
  mixed: ["3984189", 1210307],
};

type Results = Record<string, { result: string; out: string; cycles: string; memory: number }>;

function runChild(): Results {
  const out = execFileSync(tsx, ["--conditions=@cowboy/source", entry], { encoding: "utf8", timeout: 240_000 });
  return JSON.parse(out) as Results;
}

describe("live-heap recounts across processes", () => {
  it("two processes agree on every churn program's output, Cycles and memory figure", () => {
    const a = runChild();
    const b = runChild();
    expect(Object.keys(a).sort()).toEqual(Object.keys(CHURN_PROGRAMS).sort());
    for (const r of Object.values(a)) {
      expect(r.result).toBe("ok");
      expect(r.memory).toBeLessThanOrEqual(10 * 1024 * 1024);
    }
    expect(b).toEqual(a);
    expect(Object.fromEntries(Object.entries(a).map(([k, r]) => [k, [r.cycles, r.memory]]))).toEqual(PINNED);
    expect(a.cycles?.out).toBe("150000\n");
  }, 600_000);
});
