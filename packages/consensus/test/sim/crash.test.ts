import { finalizeMuted } from "./byzantine.js";
import { describe, expect, it } from "vitest";
import { assertSafety, createNetwork, finalizedHeight, runUntilHeight } from "./harness.js";

describe("crashes (n = 4, f = 1)", () => {
  it.each([3n, 4n])("seed %s: one validator crashed, the other three keep finalizing", async (seed) => {
    const net = createNetwork({ n: 4, seed });
    net.sim.after(500, () => net.crash(2));
    await net.sim.run({ forMs: 1_000 });
    const atCrash = finalizedHeight(net.nodes[0]!);
    await net.sim.run({ forMs: 5_000 });
    assertSafety(net.nodes);
    for (const i of [0, 1, 3]) expect(finalizedHeight(net.nodes[i]!)).toBeGreaterThanOrEqual(atCrash + 8n);
    // Views led by the crashed node time out and are nullified.
    expect(net.nodes[0]!.metrics.some((m) => m.type === "nullified")).toBe(true);
  });

  it.each([0, 60, 120, 180, 240])("the leader crashes %s ms into a view; the others move on; it restarts and catches up", async (offset) => {
    const net = createNetwork({ n: 4, seed: 5n + BigInt(offset) });
    await net.sim.run({ forMs: 1_000 });
    let crashed = -1;
    net.sim.after(offset, () => {
      crashed = net.nodes[0]!.engine!.status().leader ?? 1;
      if (crashed === 0) crashed = 1;
      net.crash(crashed);
    });
    await net.sim.run({ forMs: 3_000 });
    const others = [0, 1, 2, 3].filter((i) => i !== crashed);
    const before = finalizedHeight(net.nodes[others[0]!]!);
    expect(before).toBeGreaterThan(5n);
    net.restart(crashed);
    const target = before + 5n;
    expect(await runUntilHeight(net, [0, 1, 2, 3], target, 10_000)).toBe(true);
    assertSafety(net.nodes);
    for (const node of net.nodes) expect(node.warnings.filter((w) => w.includes("conflicting"))).toEqual([]);
  });

  it("2f+1 online after f crashed; the crashed one restarts from its journal and never votes twice in a view", async () => {
    const net = createNetwork({ n: 4, seed: 11n });
    net.sim.after(1_200, () => net.crash(3));
    net.sim.after(3_000, () => net.restart(3));
    await net.sim.run({ forMs: 3_000 });
    const mid = finalizedHeight(net.nodes[0]!);
    expect(await runUntilHeight(net, [0, 1, 2, 3], mid + 6n, 10_000)).toBe(true);
    assertSafety(net.nodes);
    // A second, different vote in one view would show up as "conflicting votes" at the honest nodes.
    for (const node of net.nodes) expect(node.warnings.filter((w) => w.includes("conflicting"))).toEqual([]);
    // Its own chain after the restart is the same chain (delivered once each, in order).
    expect(net.nodes[3]!.finalized.map((b) => b.height)).toEqual(net.nodes[3]!.finalized.map((_, i) => BigInt(i + 1)));
  });

  it("two of four crash: finality halts and nothing conflicting is finalized; both restart and it resumes", async () => {
    const net = createNetwork({ n: 4, seed: 13n });
    await net.sim.run({ forMs: 1_000 });
    net.crash(1);
    net.crash(2);
    await net.sim.run({ forMs: 300 });
    const halted = finalizedHeight(net.nodes[0]!);
    await net.sim.run({ forMs: 3_000 });
    expect(finalizedHeight(net.nodes[0]!)).toBeLessThanOrEqual(halted + 1n);
    net.restart(1);
    net.restart(2);
    expect(await runUntilHeight(net, [0, 1, 2, 3], halted + 5n, 15_000)).toBe(true);
    assertSafety(net.nodes);
  });
});

describe("restart above finality", () => {
  it("validators restarted with notarized but not final blocks in their journal re-verify them and finality resumes", async () => {
    // Two of four withhold finalize votes: views are notarized, nothing is finalized. Then both crash
    // and restart (unmuted): their applications forgot what they verified (as a node's state forks
    // do), so the engine must have those blocks verified again before anyone can build on them.
    let muted = true;
    const behaviour = { wrapNetwork: finalizeMuted(() => muted) };
    const net = createNetwork({ n: 4, seed: 29n, behaviours: { 1: behaviour, 2: behaviour } });
    await net.sim.run({ forMs: 2_000 });
    const notarizedAhead = net.nodes[0]!.engine!.status().notarizedView;
    expect(notarizedAhead).toBeGreaterThan(3n);
    const stuck = finalizedHeight(net.nodes[0]!);
    net.crash(1);
    net.crash(2);
    muted = false;
    net.restart(1);
    net.restart(2);
    expect(await runUntilHeight(net, [0, 1, 2, 3], stuck + 5n, 20_000)).toBe(true);
    assertSafety(net.nodes);
  });
});

describe("long outage", () => {
  it("a validator down for more views than maxViewsAhead restarts and catches up to the same hashes", async () => {
    const net = createNetwork({ n: 4, seed: 17n, blockTimeMs: 100, timeouts: { leaderMs: 400, notarizationMs: 600, nullifyRetryMs: 1_000, fetchMs: 200 } });
    net.sim.after(300, () => net.crash(1));
    await net.sim.run({ forMs: 8_000 });
    const ahead = finalizedHeight(net.nodes[0]!);
    expect(net.nodes[0]!.engine!.status().view).toBeGreaterThan(40n);
    net.restart(1);
    expect(await runUntilHeight(net, [1], ahead + 2n, 15_000)).toBe(true);
    assertSafety(net.nodes);
    const h = Number(ahead);
    expect(net.nodes[1]!.finalized.slice(0, h).map((b) => b.digest)).toEqual(net.nodes[0]!.finalized.slice(0, h).map((b) => b.digest));
  });
});
