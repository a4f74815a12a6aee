// ActorEngine: which interpreter copy runs an actor. Copies never change results: the scripted
// chain gives the pinned roots, receipts and Cycles whatever the spread.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import * as pvm from "@cowboy/pvm";
import { buildSync } from "esbuild";
import { describe, expect, it } from "vitest";
import { ActorEngine } from "../../src/index.js";
import { runScenario } from "./scenario.js";

const vector = fileURLToPath(new URL("../../../../test-vectors/execution/actor-chain.json", import.meta.url));
const actor = (i: number): Uint8Array => new Uint8Array(20).fill(i);
const root = fileURLToPath(new URL("../../../../", import.meta.url));

describe("ActorEngine", () => {
  it("gives each new actor the next copy in turn, and an actor always the same copy", () => {
    const engine = ActorEngine.of([pvm, pvm, pvm]);
    expect(engine.copies).toBe(3);
    const picks = [1, 2, 3, 4, 2, 1, 5].map((i) => engine.interpreterFor(actor(i)));
    const index = (x: (typeof picks)[number]) => picks.slice(0, 3).indexOf(x);
    expect(picks.map(index)).toEqual([0, 1, 2, 0, 1, 0, 1]);
    // Each copy keeps its own parse cache (a cache holds one copy's objects).
    expect(new Set(picks.slice(0, 3).map((p) => p.parseCache)).size).toBe(3);
  });

  it("single() is this package's interpreter; load() checks its argument", async () => {
    const single = ActorEngine.single();
    expect(single.copies).toBe(1);
    expect(single.interpreterFor(actor(1)).pvm.invokeActor).toBe(pvm.invokeActor);
    expect(single.interpreterFor(actor(2))).toBe(single.interpreterFor(actor(1)));
    for (const bad of [0, 65, 1.5, Number.NaN]) await expect(ActorEngine.load(bad)).rejects.toThrow(/interpreter copies must be an integer from 1 to 64/);
    expect(() => ActorEngine.of([])).toThrow(RangeError);
    // From the TypeScript sources there is no bundle to copy: one interpreter.
    expect((await ActorEngine.load(4)).copies).toBe(1);
  });

  it("over real copies of the built interpreter (calls between actors cross copies), the scripted chain matches the pinned vector", () => {
    // Built as tsup builds dist/ (packages external), under packages/pvm/node_modules so the
    // bundle's bare imports resolve; the deploys land a and b on different copies.
    const outfile = `${root}packages/pvm/node_modules/.pvm-copies-execution/dist/index.js`;
    buildSync({ entryPoints: [`${root}packages/pvm/src/index.ts`], bundle: true, format: "esm", platform: "node", target: "es2022", packages: "external", outfile, logLevel: "error" });
    const child = fileURLToPath(new URL("./copies-scenario.ts", import.meta.url));
    const out = execFileSync(`${root}node_modules/.bin/tsx`, ["--conditions=@cowboy/source", child, outfile], { encoding: "utf8", timeout: 120_000 });
    const pinned = JSON.parse(readFileSync(vector, "utf8")) as { result: unknown };
    expect(JSON.parse(out)).toEqual(pinned.result);
  }, 120_000);

  it("spread over copies, the scripted chain matches the pinned vector", () => {
    const pinned = JSON.parse(readFileSync(vector, "utf8")) as { result: unknown };
    const spread = runScenario({ proposer: ActorEngine.of([pvm, pvm]), verifier: ActorEngine.of([pvm, pvm, pvm]) });
    expect(spread).toEqual(pinned.result);
  }, 60_000);
});
