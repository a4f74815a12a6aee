import { describe, expect, it } from "vitest";
import { assertSafety, createNetwork, finalizedHeight, runUntilHeight } from "./harness.js";

describe("network faults (n = 4)", () => {
  it.each([21n, 22n])("seed %s: one validator partitioned, then healed, catches up; the majority never stops", async (seed) => {
    const net = createNetwork({ n: 4, seed });
    await net.sim.run({ forMs: 800 });
    net.sim.partition([["v0"], ["v1", "v2", "v3"]]);
    const cut = finalizedHeight(net.nodes[1]!);
    await net.sim.run({ forMs: 3_000 });
    expect(finalizedHeight(net.nodes[1]!)).toBeGreaterThanOrEqual(cut + 5n);
    const stuck = finalizedHeight(net.nodes[0]!);
    expect(stuck).toBeLessThanOrEqual(cut + 1n);
    net.sim.heal();
    const target = finalizedHeight(net.nodes[1]!) + 3n;
    expect(await runUntilHeight(net, [0, 1, 2, 3], target, 15_000)).toBe(true);
    assertSafety(net.nodes);
  });

  it("a 2-2 split halts finality on both sides without conflict; healing resumes it", async () => {
    const net = createNetwork({ n: 4, seed: 23n });
    await net.sim.run({ forMs: 600 });
    net.sim.partition([
      ["v0", "v1"],
      ["v2", "v3"],
    ]);
    await net.sim.run({ forMs: 200 });
    const halted = net.nodes.map(finalizedHeight).reduce((a, b) => (a > b ? a : b));
    await net.sim.run({ forMs: 3_000 });
    for (const node of net.nodes) expect(finalizedHeight(node)).toBeLessThanOrEqual(halted + 1n);
    net.sim.heal();
    expect(await runUntilHeight(net, [0, 1, 2, 3], halted + 4n, 15_000)).toBe(true);
    assertSafety(net.nodes);
  });

  it.each([31n, 32n])("seed %s: 10 percent message loss and heavy reordering jitter keep safety and liveness", async (seed) => {
    const net = createNetwork({ n: 4, seed, link: { latencyMs: 5, jitterMs: 60, loss: 0.1 } });
    await net.sim.run({ forMs: 6_000 });
    assertSafety(net.nodes);
    for (const node of net.nodes) expect(finalizedHeight(node)).toBeGreaterThanOrEqual(6n);
  });

  it("a node that starts late catches up by sync and delivers every block from height 1 in order", async () => {
    const net = createNetwork({ n: 4, seed: 41n, behaviours: { 3: { late: true } } });
    await net.sim.run({ forMs: 5_000 });
    const ahead = finalizedHeight(net.nodes[0]!);
    expect(ahead).toBeGreaterThan(5n);
    expect(net.nodes[3]!.finalized).toEqual([]);
    net.start(3);
    expect(await runUntilHeight(net, [3], ahead + 2n, 10_000)).toBe(true);
    assertSafety(net.nodes);
    expect(net.nodes[3]!.finalized[0]!.height).toBe(1n);
  });
});
