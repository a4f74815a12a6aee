// ActorEngine: which interpreter copy runs an actor. Copies never change results: the scripted
// chain gives the pinned roots, receipts and Cycles whatever the spread.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import * as pvm from "@cowboy/pvm";
import { buildSync } from "esbuild";
import { vectorPath } from "@cowboy/checks/vectors";
import { describe, expect, it } from "vitest";
import { ActorEngine } from "../../../src/index.js";
import { runScenario } from "./scenario.js";

const vector = vectorPath("execution/actor-chain.json");
const actor = (i: number): Uint8Array => new Uint8Array(20).fill(i);
const root = fileURLToPath(new URL("../../../../../", import.meta.url));

describe("ActorEngine", () => {
  it("runs actors on copy 0 until they have used promoteAfterCycles, then on a free copy of their own", () => {
    const engine = ActorEngine.of({ modules: [pvm, pvm, pvm], promoteAfterCycles: 100 });
    expect(engine.copies).toBe(3);
    const shared = engine.interpreterFor(actor(1));
    expect(engine.interpreterFor(actor(2))).toBe(shared);
    engine.record(actor(1), 60);
    expect(engine.interpreterFor(actor(1))).toBe(shared);
    engine.record(actor(1), 40); // 100 in all: promoted
    const own1 = engine.interpreterFor(actor(1));
    expect(own1).not.toBe(shared);
    engine.record(actor(2), 500);
    const own2 = engine.interpreterFor(actor(2));
    expect(new Set([shared, own1, own2]).size).toBe(3);
    // No free copy left: later hot actors stay on copy 0; the promoted keep theirs.
    engine.record(actor(3), 10_000);
    expect(engine.interpreterFor(actor(3))).toBe(shared);
    engine.record(actor(1), 10_000);
    expect(engine.interpreterFor(actor(1))).toBe(own1);
    // Each copy keeps its own parse cache (a cache holds one copy's objects).
    expect(new Set([shared, own1, own2].map((p) => p.parseCache)).size).toBe(3);
    expect(() => ActorEngine.of({ modules: [pvm], promoteAfterCycles: -1 })).toThrow(/promoteAfterCycles must be a non-negative integer/);
  });

  it("single() is this package's interpreter; load() checks its argument", async () => {
    const single = ActorEngine.single();
    expect(single.copies).toBe(1);
    expect(single.interpreterFor(actor(1)).pvm.invokeActor).toBe(pvm.invokeActor);
    expect(single.interpreterFor(actor(2))).toBe(single.interpreterFor(actor(1)));
    for (const bad of [0, 65, 1.5, Number.NaN]) await expect(ActorEngine.load({ copies: bad })).rejects.toThrow(/interpreter copies must be an integer from 1 to 64/);
    expect(() => ActorEngine.of({ modules: [] })).toThrow(expect.objectContaining({ name: "ExecutionError", code: "INVALID_ARGUMENT" }));
    // From the TypeScript sources there is no bundle to copy: one interpreter.
    expect((await ActorEngine.load({ copies: 4 })).copies).toBe(1);
  });

  it("over real copies of the built interpreter (calls between actors cross copies), the scripted chain matches the pinned vector", () => {
    // Built as tsup builds dist/ (packages external), under packages/pvm/node_modules so the
    // bundle's bare imports resolve. Promoted at once, a and b run on different copies.
    const outfile = `${root}packages/pvm/node_modules/.pvm-copies-execution/dist/index.js`;
    buildSync({
      entryPoints: [`${root}packages/pvm/src/index.ts`],
      bundle: true,
      format: "esm",
      platform: "node",
      target: "es2022",
      packages: "external",
      outfile,
      logLevel: "error",
    });
    const child = fileURLToPath(new URL("./copies-scenario.ts", import.meta.url));
    const out = execFileSync(`${root}node_modules/.bin/tsx`, ["--conditions=@cowboy/source", child, outfile], { encoding: "utf8", timeout: 120_000 });
    const pinned = JSON.parse(readFileSync(vector, "utf8")) as { result: unknown };
    expect(JSON.parse(out)).toEqual(pinned.result);
  }, 120_000);

  it("spread over copies, the scripted chain matches the pinned vector", () => {
    const pinned = JSON.parse(readFileSync(vector, "utf8")) as { result: unknown };
    const now = { promoteAfterCycles: 0 };
    const spread = runScenario({ proposer: ActorEngine.of({ modules: [pvm, pvm], ...now }), verifier: ActorEngine.of({ modules: [pvm, pvm, pvm], ...now }) });
    expect(spread).toEqual(pinned.result);
  }, 60_000);
});
