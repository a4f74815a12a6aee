// The same programs give identical output, Cycle counts and memory charges in separate processes.
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const entry = fileURLToPath(new URL("../../fixtures/run-metered.ts", import.meta.url));
const tsx = fileURLToPath(new URL("../../../../../node_modules/.bin/tsx", import.meta.url));

function runChild(): unknown {
  const out = execFileSync(tsx, ["--conditions=@cowboy/source", entry], { encoding: "utf8", timeout: 60_000 });
  return JSON.parse(out);
}

describe("determinism across processes", () => {
  it("two processes agree on every program's output and cycles", () => {
    const a = runChild() as Record<string, { out: string; cycles: string }>;
    const b = runChild();
    expect(Object.keys(a).length).toBeGreaterThanOrEqual(9);
    expect(b).toEqual(a);
    expect(a.fib?.out).toBe("610\n");
  }, 120_000);
});
