import { describe, expect, it } from "vitest";
import { badSigner, conflictingVoter, equivocatingLeader } from "./byzantine.js";
import { assertSafety, createNetwork, finalizedHeight } from "./harness.js";

const honest = [0, 1, 2];

describe("byzantine validators (n = 4, f = 1)", () => {
  it.each([51n, 52n])("seed %s: an equivocating leader (two valid blocks per view) never gets two finalized", async (seed) => {
    const net = createNetwork({ n: 4, seed, behaviours: { 3: { wrapNetwork: equivocatingLeader } } });
    await net.sim.run({ forMs: 5_000 });
    assertSafety(net.nodes);
    for (const i of honest) expect(finalizedHeight(net.nodes[i]!)).toBeGreaterThanOrEqual(8n);
  });

  it("a conflicting voter (two notarizes per view) is ignored after its first vote and logged", async () => {
    const net = createNetwork({ n: 4, seed: 53n, behaviours: { 3: { wrapNetwork: conflictingVoter } } });
    await net.sim.run({ forMs: 3_000 });
    assertSafety(net.nodes);
    for (const i of honest) {
      expect(finalizedHeight(net.nodes[i]!)).toBeGreaterThanOrEqual(8n);
      expect(net.nodes[i]!.warnings).toContain("conflicting votes");
    }
  });

  it("a node that nullifies everything cannot stop the other three", async () => {
    const net = createNetwork({ n: 4, seed: 54n, behaviours: { 2: { nullifier: true } } });
    await net.sim.run({ forMs: 5_000 });
    assertSafety(net.nodes);
    for (const i of [0, 1, 3]) expect(finalizedHeight(net.nodes[i]!)).toBeGreaterThanOrEqual(8n);
    // The nullifier still follows the chain through certificates.
    expect(finalizedHeight(net.nodes[2]!)).toBeGreaterThanOrEqual(6n);
  });

  it("a node sending invalid signatures is found by bisection and blocked by every honest node", async () => {
    const net = createNetwork({ n: 4, seed: 55n, behaviours: { 3: { wrapNetwork: badSigner } } });
    await net.sim.run({ forMs: 4_000 });
    assertSafety(net.nodes);
    const bad = net.sim.peerId("v3");
    for (const i of honest) {
      expect(net.sim.blockedBy(`v${i}`)).toContain(bad);
      expect(finalizedHeight(net.nodes[i]!)).toBeGreaterThanOrEqual(6n);
      expect(net.nodes[i]!.metrics.some((m) => m.type === "batch" && m.invalid > 0)).toBe(true);
    }
  });
});

describe("malformed traffic", () => {
  it("a peer sending bytes that do not decode is blocked, and finality goes on", async () => {
    const net = createNetwork({ n: 4, seed: 56n });
    net.sim.add("junk", async (ctx) => {
      for (let i = 0; i < 5; i++) {
        await ctx.clock.sleep(100);
        ctx.network.send("all", 0x10, ctx.rng.bytes(40));
      }
    });
    await net.sim.run({ forMs: 2_000 });
    assertSafety(net.nodes);
    for (const i of [0, 1, 2, 3]) {
      expect(net.sim.blockedBy(`v${i}`)).toContain(net.sim.peerId("junk"));
      expect(finalizedHeight(net.nodes[i]!)).toBeGreaterThanOrEqual(5n);
    }
  });
});
