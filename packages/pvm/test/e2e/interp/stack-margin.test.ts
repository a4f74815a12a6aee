// The stack-weight limit must stop deep nesting before the host stack runs out, with room to
// spare (cips/pvm.md "Stack weight"): every nesting shape, run cold in a child process whose host
// stack is 700 KB (Node's default is 984 KB), still ends in the PVM's RecursionError.
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const pkg = fileURLToPath(new URL("../../..", import.meta.url));

describe("stack weight vs the host stack", () => {
  it("ends every deep nesting shape in RecursionError on a 700 KB host stack", () => {
    const out = execFileSync(process.execPath, ["--stack-size=700", "--import", "tsx", "--conditions=@cowboy/source", "test/fixtures/stack-shapes.ts"], {
      cwd: pkg,
      encoding: "utf8",
      timeout: 60_000,
    });
    const results = JSON.parse(out) as Record<string, string>;
    expect(Object.keys(results)).toHaveLength(12);
    for (const [shape, ended] of Object.entries(results)) expect(`${shape}: ${ended}`).toBe(`${shape}: maximum recursion depth exceeded (stack weight)`);
  }, 90_000);
});
