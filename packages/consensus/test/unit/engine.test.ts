import { isCowboyError } from "@cowboy/codec";
import { sha256 } from "@cowboy/crypto";
import { type Context, Simulation } from "@cowboy/runtime";
import { describe, expect, it } from "vitest";
import { createConsensus, type Application, type Archive, type EngineOptions } from "../../src/index.js";
import { CHAIN_ID, dealing, keys, validators } from "./fixtures.js";

const application: Application = {
  genesis: () => new Uint8Array(32),
  digest: (payload) => sha256(payload),
  propose: async () => undefined,
  verify: async () => undefined,
  finalized: async () => {},
};
const archive: Archive = { tip: () => undefined, byView: async () => undefined };

async function contextOf(): Promise<Context> {
  const sim = new Simulation({ seed: 1n });
  let ctx: Context | undefined;
  sim.add("solo", (c) => {
    ctx = c;
  });
  await sim.run({ forMs: 1 });
  return ctx as Context;
}

function options(context: Context, extra: Partial<EngineOptions> = {}): EngineOptions {
  return { context, chainId: CHAIN_ID, epoch: 0n, validators, threshold: 3, commitments: dealing.commitments, application, archive, ...extra };
}

function code(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (err) {
    return isCowboyError(err) ? String(err.code) : "not a CowboyError";
  }
  return undefined;
}

describe("engine construction and lifecycle", () => {
  it("refuses a secret key that is not the validator's, and a share of another index", async () => {
    const ctx = await contextOf();
    expect(code(() => createConsensus(options(ctx, { self: { index: 0, blsSecretKey: keys[1]!, share: dealing.shares[0]! } })))).toBe("INVALID_CONFIG");
    expect(code(() => createConsensus(options(ctx, { self: { index: 0, blsSecretKey: keys[0]!, share: dealing.shares[1]! } })))).toBe("INVALID_CONFIG");
    expect(code(() => createConsensus(options(ctx, { self: { index: 7, blsSecretKey: keys[0]!, share: dealing.shares[0]! } })))).toBe("INVALID_CONFIG");
  });

  it("starts once, reports its status, stops once", async () => {
    const ctx = await contextOf();
    const engine = createConsensus(options(ctx, { self: { index: 2, blsSecretKey: keys[2]!, share: dealing.shares[2]! } }));
    await expect(engine.stop()).rejects.toMatchObject({ code: "INVALID_STATE" });
    await engine.start();
    await expect(engine.start()).rejects.toMatchObject({ code: "INVALID_STATE" });
    const s = engine.status();
    expect(s).toMatchObject({ view: 1n, finalizedView: 0n, finalizedHeight: 0n, notarizedView: 0n, voting: true });
    expect(typeof s.leader).toBe("number");
    await engine.stop();
    await expect(engine.stop()).rejects.toMatchObject({ code: "INVALID_STATE" });
  });
});
