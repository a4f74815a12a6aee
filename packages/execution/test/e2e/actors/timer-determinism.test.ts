// The scripted timer chain gives the same roots, lane usage and fires in this process, in two child
// processes, and as pinned in test-vectors/execution/timer-chain.json.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { vectorPath } from "@cowboy/checks/vectors";
import { describe, expect, it } from "vitest";
import { runTimerScenario } from "./timer-scenario.js";

const entry = fileURLToPath(new URL("./timer-scenario.ts", import.meta.url));
const vector = vectorPath("execution/timer-chain.json");

function child(): unknown {
  return JSON.parse(execFileSync(process.execPath, ["--import", "tsx", "--conditions=@cowboy/source", entry], { encoding: "utf8", timeout: 120_000 }));
}

describe("timer firing is deterministic", () => {
  it("across processes and against the pinned vector", () => {
    const here = runTimerScenario();
    expect(here.blocks).toHaveLength(16);
    // The interval fires every 2 blocks until stopped; the one-shots fire once; the unfunded peer's
    // timers are refused at arming (issue 20's check), so none is destroyed for insufficient funds.
    const fires = here.blocks.flatMap((b) => b.fired.map((f) => f.split(":")[1]));
    expect(fires.filter((h) => h === "once")).toHaveLength(1);
    expect(fires.filter((h) => h === "note")).toHaveLength(1);
    expect(here.blocks.flatMap((b) => b.destroyed.map((d) => d.split(":")[1]))).toEqual([]);
    const pinned = JSON.parse(readFileSync(vector, "utf8")) as { result: unknown };
    expect(here).toEqual(pinned.result);
    expect(child()).toEqual(here);
    expect(child()).toEqual(here);
  }, 120_000);
});
