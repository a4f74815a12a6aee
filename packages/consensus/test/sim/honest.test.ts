import { bls } from "@cowboy/crypto";
import { describe, expect, it } from "vitest";
import { assertSafety, createNetwork, finalizedHeight } from "./harness.js";

describe("all honest (n = 4)", () => {
  it("finalizes a block per view and every node delivers the same chain", async () => {
    console.log("bls backend", bls.name);
    const net = createNetwork({ n: 4, seed: 1n });
    const t0 = performance.now();
    await net.sim.run({ forMs: 5_000 });
    console.log("wall ms", performance.now() - t0, net.nodes.map((n) => finalizedHeight(n)), net.nodes.map((n) => n.engine?.status()));
    assertSafety(net.nodes);
    for (const node of net.nodes) expect(finalizedHeight(node)).toBeGreaterThan(10n);
  });
});
