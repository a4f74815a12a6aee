// The same scripted actor blocks give the same state roots, receipts and Cycle counts in this
// process, in two child processes, and as pinned in test-vectors/execution/actor-chain.json.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { vectorPath } from "@cowboy/checks/vectors";
import { describe, expect, it } from "vitest";
import { runScenario } from "./scenario.js";

const entry = fileURLToPath(new URL("./scenario.ts", import.meta.url));
const vector = vectorPath("execution/actor-chain.json");

function child(): unknown {
  return JSON.parse(execFileSync(process.execPath, ["--import", "tsx", "--conditions=@cowboy/source", entry], { encoding: "utf8", timeout: 120_000 }));
}

describe("actor execution is deterministic", () => {
  it("across processes and against the pinned vector", () => {
    const here = runScenario();
    expect(here.roots).toHaveLength(4);
    expect(here.receipts.map((r) => r.status)).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
    const pinned = JSON.parse(readFileSync(vector, "utf8")) as { result: unknown };
    expect(here).toEqual(pinned.result);
    expect(child()).toEqual(here);
    expect(child()).toEqual(here);
  }, 120_000);
});
