import { describe, expect, it } from "vitest";
import { type Context, type PeerId, Simulation } from "../../src/index.js";

const enc = (s: string) => new TextEncoder().encode(s);
const dec = (b: Uint8Array) => new TextDecoder().decode(b);

interface Received {
  at: number;
  from: PeerId;
  text: string;
  channel: number;
}

/** A sink participant that records every message on channels 1..4. */
function sink(into: Received[]) {
  return (ctx: Context) => {
    for (const channel of [1, 2, 3, 4, 255]) ctx.network.handle(channel, (from, msg) => into.push({ at: ctx.clock.now(), from, text: dec(msg), channel }));
  };
}

/** A sender whose context the test drives directly. */
function driver(sim: Simulation, label: string): { ctx?: Context } {
  const handle: { ctx?: Context } = {};
  sim.add(label, (ctx) => {
    handle.ctx = ctx;
  });
  return handle;
}

describe("Simulation: links", () => {
  it("delay stays within [latency, latency + jitter] and jitter spreads it", async () => {
    const sim = new Simulation({ seed: 11n, link: { latencyMs: 40, jitterMs: 25 } });
    const got: Received[] = [];
    sim.add("rx", sink(got));
    const tx = driver(sim, "tx");
    await sim.run({ untilMs: 0 });
    const sentAt = new Map<string, number>();
    for (let i = 0; i < 300; i++) {
      sim.at(i * 3, () => {
        sentAt.set(`m${i}`, sim.now());
        tx.ctx?.network.send([sim.peerId("rx")], (i % 4) + 1, enc(`m${i}`));
      });
    }
    await sim.run({ untilMs: 2000 });
    expect(got).toHaveLength(300);
    const delays = got.map((r) => r.at - (sentAt.get(r.text) as number));
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(40);
    expect(Math.max(...delays)).toBeLessThanOrEqual(65);
    expect(new Set(delays).size).toBeGreaterThan(10);
    expect(got.every((r) => r.from === sim.peerId("tx"))).toBe(true);
  });

  it("per (sender, receiver, channel) order is FIFO under jitter; across channels messages reorder", async () => {
    const sim = new Simulation({ seed: 12n, link: { latencyMs: 1, jitterMs: 50 } });
    const got: Received[] = [];
    sim.add("rx", sink(got));
    const tx = driver(sim, "tx");
    await sim.run({ untilMs: 0 });
    for (let i = 0; i < 200; i++) sim.at(i, () => tx.ctx?.network.send([sim.peerId("rx")], (i % 2) + 1, enc(String(i))));
    await sim.run({ untilMs: 1000 });
    expect(got).toHaveLength(200);
    for (const channel of [1, 2]) {
      const seq = got.filter((r) => r.channel === channel).map((r) => Number(r.text));
      expect(seq).toEqual([...seq].sort((a, b) => a - b));
    }
    const all = got.map((r) => Number(r.text));
    expect(all).not.toEqual([...all].sort((a, b) => a - b));
  });

  it("loss is honoured at roughly its rate, exactly reproducibly for a seed", async () => {
    const run = async (seed: bigint) => {
      const sim = new Simulation({ seed, link: { latencyMs: 1, jitterMs: 0, loss: 0.3 } });
      const got: Received[] = [];
      sim.add("rx", sink(got));
      const tx = driver(sim, "tx");
      await sim.run({ untilMs: 0 });
      for (let i = 0; i < 2000; i++) tx.ctx?.network.send("all", 1, enc(String(i)));
      await sim.run({ untilMs: 10 });
      return { got: got.length, stats: sim.stats() };
    };
    const a = await run(21n);
    expect(a.stats.sent).toBe(2000);
    expect(a.stats.drops.loss).toBe(2000 - a.got);
    expect(a.got).toBeGreaterThan(2000 * 0.65);
    expect(a.got).toBeLessThan(2000 * 0.75);
    expect((await run(21n)).got).toBe(a.got);
    expect(a.got).toBe(1410); // pinned: the exact count for seed 21
  });

  it("partition blocks delivery between groups until heal, and drops what was in flight", async () => {
    const sim = new Simulation({ seed: 13n, link: { latencyMs: 10, jitterMs: 0 } });
    const atB: Received[] = [];
    const atC: Received[] = [];
    const a = driver(sim, "a");
    sim.add("b", sink(atB));
    sim.add("c", sink(atC));
    await sim.run({ untilMs: 0 });
    a.ctx?.network.send("all", 1, enc("in-flight"));
    sim.at(5, () => sim.partition([["a", "b"], ["c"]]));
    sim.at(20, () => a.ctx?.network.send("all", 1, enc("during")));
    sim.at(50, () => sim.heal());
    sim.at(60, () => a.ctx?.network.send("all", 1, enc("after")));
    await sim.run({ untilMs: 100 });
    expect(atB.map((r) => r.text)).toEqual(["in-flight", "during", "after"]);
    expect(atC.map((r) => r.text)).toEqual(["after"]);
    expect(sim.stats().drops.partition).toBe(2);
  });

  it("a participant named in no group is cut off; cut/restore works on one pair", async () => {
    const sim = new Simulation({ seed: 14n, link: { latencyMs: 1, jitterMs: 0 } });
    const atB: Received[] = [];
    const atC: Received[] = [];
    const a = driver(sim, "a");
    sim.add("b", sink(atB));
    sim.add("c", sink(atC));
    await sim.run({ untilMs: 0 });
    sim.partition([["a", "b"]]);
    a.ctx?.network.send("all", 1, enc("p"));
    await sim.run({ untilMs: 5 });
    sim.heal();
    sim.cut("a", "b");
    a.ctx?.network.send("all", 1, enc("c"));
    await sim.run({ untilMs: 10 });
    sim.restore("b", "a");
    a.ctx?.network.send("all", 1, enc("r"));
    await sim.run({ untilMs: 15 });
    expect(atB.map((r) => r.text)).toEqual(["p", "r"]);
    expect(atC.map((r) => r.text)).toEqual(["c", "r"]);
    expect(sim.stats().drops).toMatchObject({ partition: 1, cut: 1 });
    expect(() => sim.partition([["a"], ["a"]])).toThrow(/twice/);
    expect(() => sim.cut("a", "zz")).toThrowError(expect.objectContaining({ code: "UNKNOWN_PARTICIPANT" }));
  });

  it("setLink overrides one pair in both directions", async () => {
    const sim = new Simulation({ seed: 15n, link: { latencyMs: 5, jitterMs: 0 } });
    const atB: Received[] = [];
    const atC: Received[] = [];
    const a = driver(sim, "a");
    sim.add("b", sink(atB));
    sim.add("c", sink(atC));
    sim.setLink("b", "a", { latencyMs: 100 });
    await sim.run({ untilMs: 0 });
    a.ctx?.network.send("all", 1, enc("x"));
    await sim.run({ untilMs: 200 });
    expect(atB[0]?.at).toBe(100);
    expect(atC[0]?.at).toBe(5);
    expect(() => sim.setLink("a", "b", { loss: 2 })).toThrow(/loss/);
  });
});

describe("Simulation: network semantics", () => {
  it("send returns the peers it queued for: not self, not unknown, not offline, not blocked", async () => {
    const sim = new Simulation({ seed: 16n });
    const a = driver(sim, "a");
    const got: Received[] = [];
    sim.add("b", sink(got));
    sim.add("c", sink([]));
    await sim.run({ untilMs: 0 });
    const ids = { a: sim.peerId("a"), b: sim.peerId("b"), c: sim.peerId("c") };
    expect(a.ctx?.network.peers()).toEqual([ids.b, ids.c]);
    sim.crash("c");
    expect(a.ctx?.network.send([ids.a, ids.b, ids.c, "ff".repeat(32)], 1, enc("m"))).toEqual([ids.b]);
    expect(sim.stats().drops).toMatchObject({ offline: 1, unknown: 1 });
    expect(a.ctx?.network.peers()).toEqual([ids.b]);
  });

  it("the message is copied at send: mutating the buffer later changes nothing", async () => {
    const sim = new Simulation({ seed: 17n });
    const a = driver(sim, "a");
    const got: Received[] = [];
    sim.add("b", sink(got));
    await sim.run({ untilMs: 0 });
    const buf = enc("original");
    a.ctx?.network.send("all", 1, buf);
    buf.fill(0x41);
    await sim.run({ untilMs: 100 });
    expect(got.map((r) => r.text)).toEqual(["original"]);
  });

  it("block stops delivery both ways, in flight too, and is recorded", async () => {
    const sim = new Simulation({ seed: 18n, link: { latencyMs: 10, jitterMs: 0 } });
    const atA: Received[] = [];
    const atB: Received[] = [];
    let ctxA: Context | undefined;
    let ctxB: Context | undefined;
    sim.add("a", (ctx) => {
      ctxA = ctx;
      sink(atA)(ctx);
    });
    sim.add("b", (ctx) => {
      ctxB = ctx;
      sink(atB)(ctx);
    });
    await sim.run({ untilMs: 0 });
    ctxB?.network.send("all", 1, enc("in-flight"));
    ctxA?.network.block(sim.peerId("b"), { code: "INVALID_SIGNATURE", message: "bad vote" });
    expect(ctxB?.network.send("all", 1, enc("later"))).toEqual([]);
    expect(ctxA?.network.send([sim.peerId("b")], 1, enc("to-b"))).toEqual([]);
    await sim.run({ untilMs: 50 });
    expect(atA).toEqual([]);
    expect(atB).toEqual([]);
    expect(sim.blockedBy("a")).toEqual([sim.peerId("b")]);
    expect(ctxA?.network.peers()).toEqual([]);
    expect(sim.stats().drops.blocked).toBe(2);
  });

  it("messages on a channel with no handler are dropped and counted per channel", async () => {
    const sim = new Simulation({ seed: 19n });
    const a = driver(sim, "a");
    sim.add("b", (ctx) => ctx.network.handle(1, () => {}));
    await sim.run({ untilMs: 0 });
    a.ctx?.network.send("all", 1, enc("x"));
    a.ctx?.network.send("all", 2, enc("y"));
    a.ctx?.network.send("all", 2, enc("z"));
    await sim.run({ untilMs: 100 });
    const s = sim.stats();
    expect(s.channels.get(1)).toEqual({ sent: 1, delivered: 1, dropped: 0 });
    expect(s.channels.get(2)).toEqual({ sent: 2, delivered: 0, dropped: 2 });
    expect(s).toMatchObject({ sent: 3, delivered: 1, dropped: 2 });
    expect(s.drops["no-handler"]).toBe(2);
  });
});

describe("Simulation: bounded queues", () => {
  it("drops sends beyond queueLimit in flight per (sender, receiver, channel), and frees room on delivery", async () => {
    const sim = new Simulation({ seed: 20n, queueLimit: 3, link: { latencyMs: 10, jitterMs: 0 } });
    const got: Received[] = [];
    const a = driver(sim, "a");
    sim.add("b", sink(got));
    await sim.run({ untilMs: 0 });
    for (let i = 0; i < 5; i++) a.ctx?.network.send("all", 1, enc(`x${i}`));
    a.ctx?.network.send("all", 2, enc("other channel"));
    await sim.run({ untilMs: 20 });
    a.ctx?.network.send("all", 1, enc("later"));
    await sim.run({ untilMs: 40 });
    expect(got.map((r) => r.text)).toEqual(["x0", "x1", "x2", "other channel", "later"]);
    expect(sim.stats().drops["queue-full"]).toBe(2);
  });
});

describe("Simulation: the limits p2p has", () => {
  it("refuses channels above 255 and messages above maxMessageBytes, failing the participant that tries", async () => {
    const sim = new Simulation({ seed: 22n, maxMessageBytes: 16 });
    const a = driver(sim, "a");
    sim.add("b", sink([]));
    await sim.run({ untilMs: 0 });
    expect(() => a.ctx?.network.send("all", 256, enc("x"))).toThrowError(expect.objectContaining({ code: "INVALID_ARGUMENT" }));
    expect(() => a.ctx?.network.handle(256, () => {})).toThrowError(expect.objectContaining({ code: "INVALID_ARGUMENT" }));
    expect(a.ctx?.network.send("all", 255, new Uint8Array(16))).toHaveLength(1);
    expect(() => a.ctx?.network.send("all", 1, new Uint8Array(17))).toThrowError(expect.objectContaining({ code: "MESSAGE_TOO_LARGE", meta: { size: 17, max: 16 } }));
    sim.add("c", (ctx) => {
      ctx.network.send("all", 1, new Uint8Array(100));
    });
    await expect(sim.run({ untilMs: 10 })).rejects.toMatchObject({ code: "PARTICIPANT_FAILED", meta: { label: "c" } });
  });
});
