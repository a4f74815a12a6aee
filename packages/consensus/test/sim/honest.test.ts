import { decode } from "@cowboy/codec";
import { bls } from "@cowboy/crypto";
import { seedMessage } from "@cowboy/types";
import { describe, expect, it } from "vitest";
import { CHAIN_ID, assertSafety, blockCodec, createNetwork, finalizedHeight } from "./harness.js";

describe("all honest (n = 4)", () => {
  it.each([1n, 2n])("seed %s: finalizes about one block per 200 ms view and every node delivers the same chain", async (seed) => {
    const net = createNetwork({ n: 4, seed });
    await net.sim.run({ forMs: 4_000 });
    assertSafety(net.nodes);
    for (const node of net.nodes) {
      expect(finalizedHeight(node)).toBeGreaterThanOrEqual(15n);
      // No view was skipped: heights equal views when every leader is honest and online.
      expect(node.finalized.every((b) => b.view === b.height)).toBe(true);
      expect(node.warnings).toEqual([]);
      expect(node.metrics.some((m) => m.type === "nullified")).toBe(false);
    }
    // Every block's beacon is the seed of the round before its own (spec §3.4), valid under the group key.
    for (const block of net.nodes[0]!.finalized) {
      const beacon = decode(blockCodec, block.payload).beacon;
      if (block.view === 1n) expect(beacon).toHaveLength(0);
      else expect(bls.verify(beacon, seedMessage(CHAIN_ID, { epoch: 0n, view: block.view - 1n }), net.groupPublicKey)).toBe(true);
    }
    // "Commit" (notarized) is reported before finality, for every view.
    expect(net.nodes[0]!.notarized.length).toBeGreaterThanOrEqual(net.nodes[0]!.finalized.length - 1);
    const status = net.nodes[0]?.engine?.status();
    expect(status?.finalizedHeight).toBe(finalizedHeight(net.nodes[0]!));
    expect(status?.voting).toBe(true);
  });

  it("replays bit for bit: one seed run twice gives the same auditor digest and the same chain", async () => {
    const run = async () => {
      const net = createNetwork({ n: 4, seed: 42n, link: { latencyMs: 5, jitterMs: 30, loss: 0.02 } });
      await net.sim.run({ forMs: 2_000 });
      assertSafety(net.nodes);
      return { digest: net.sim.digest(), chain: net.nodes[0]!.finalized.map((b) => b.digest) };
    };
    const a = await run();
    const b = await run();
    expect(a.chain.length).toBeGreaterThan(3);
    expect(b.digest).toBe(a.digest);
    expect(b.chain).toEqual(a.chain);
  });
});

describe("small and mixed networks", () => {
  it("one validator (the devnet) finalizes alone, one block per block time", async () => {
    const net = createNetwork({ n: 1, seed: 61n, blockTimeMs: 200 });
    await net.sim.run({ forMs: 2_100 });
    assertSafety(net.nodes);
    const height = finalizedHeight(net.nodes[0]!);
    expect(height).toBeGreaterThanOrEqual(9n);
    expect(height).toBeLessThanOrEqual(11n);
  });

  it("the devnet validator crashes and restarts from its journal and archive, and goes on from its height", async () => {
    const net = createNetwork({ n: 1, seed: 63n, blockTimeMs: 200 });
    await net.sim.run({ forMs: 1_050 });
    net.crash(0);
    const before = finalizedHeight(net.nodes[0]!);
    expect(before).toBeGreaterThanOrEqual(4n);
    await net.sim.run({ forMs: 500 });
    net.restart(0);
    await net.sim.run({ forMs: 1_000 });
    assertSafety(net.nodes);
    expect(finalizedHeight(net.nodes[0]!)).toBeGreaterThanOrEqual(before + 4n);
  });

  it("a non-voting follower verifies certificates and delivers the same finalized chain", async () => {
    const net = createNetwork({ n: 4, seed: 62n, followers: 1 });
    await net.sim.run({ forMs: 2_500 });
    assertSafety(net.nodes);
    const follower = net.nodes[4]!;
    expect(follower.engine?.status().voting).toBe(false);
    expect(finalizedHeight(follower)).toBeGreaterThanOrEqual(finalizedHeight(net.nodes[0]!) - 1n);
    expect(finalizedHeight(follower)).toBeGreaterThan(5n);
  });
});
