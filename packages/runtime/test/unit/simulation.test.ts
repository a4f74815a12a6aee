import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { type Context, RuntimeError, Simulation, type SimulationOptions } from "../../src/index.js";

const CH = 1;
const enc = (s: string) => new TextEncoder().encode(s);
const dec = (b: Uint8Array) => new TextDecoder().decode(b);

/** Four gossipers: each sends a numbered message to all every 7 ms (with an rng pause), and logs deliveries. */
function gossip(options: SimulationOptions, count = 20) {
  const sim = new Simulation(options);
  const log: string[] = [];
  const labels = ["a", "b", "c", "d"];
  for (const label of labels) {
    sim.add(label, async (ctx: Context) => {
      ctx.network.handle(CH, (_from, msg) => log.push(`${ctx.clock.now()} ${label}<${dec(msg)}`));
      for (let i = 0; i < count; i++) {
        await ctx.clock.sleep(5 + ctx.rng.below(5));
        ctx.network.send("all", CH, enc(`${label}${i}`));
      }
    });
  }
  return { sim, log };
}

describe("Simulation: determinism", () => {
  it("replays: same seed gives the same digest and the same delivery order", async () => {
    const one = gossip({ seed: 7n, link: { latencyMs: 5, jitterMs: 20, loss: 0.1 } });
    const two = gossip({ seed: 7n, link: { latencyMs: 5, jitterMs: 20, loss: 0.1 } });
    await one.sim.run({ untilMs: 1000 });
    await two.sim.run({ untilMs: 1000 });
    expect(one.log.length).toBeGreaterThan(100);
    expect(two.log).toEqual(one.log);
    expect(two.sim.digest()).toBe(one.sim.digest());
    expect(two.sim.stats()).toEqual(one.sim.stats());
  });

  it("a different seed gives a different digest", async () => {
    const one = gossip({ seed: 7n, link: { jitterMs: 20 } });
    const two = gossip({ seed: 8n, link: { jitterMs: 20 } });
    await one.sim.run({ untilMs: 1000 });
    await two.sim.run({ untilMs: 1000 });
    expect(two.sim.digest()).not.toBe(one.sim.digest());
    expect(two.log).not.toEqual(one.log);
  });

  it("the digest is a pinned value for a fixed scenario (any change to the audit format must be deliberate)", async () => {
    const { sim } = gossip({ seed: new Uint8Array([1, 2, 3]) }, 3);
    await sim.run({ untilMs: 200 });
    // 4 gossipers × 3 messages to 3 peers: 4 adds, 4 starts, 12 timers, 36 sends, 36 deliveries.
    expect(sim.events).toBe(92);
    expect(sim.digest()).toBe("e9d4299fc1f767cff0129cc75e9cfe85dda6e312ae896f5fdd91d80827314c69");
  });

  it("the digest is the SHA-256 of the audit log, one line per event, each ending in a newline", async () => {
    const lines: string[] = [];
    const { sim } = gossip({ seed: 4n, onEvent: (line) => lines.push(line) }, 2);
    await sim.run({ untilMs: 100 });
    expect(lines).toHaveLength(sim.events);
    expect(lines.slice(0, 2)).toEqual([`t=0 add a ${sim.peerId("a")}`, `t=0 add b ${sim.peerId("b")}`]);
    expect(lines.some((l) => / send a b 1 [0-9a-f]{16} \d+$/.test(l))).toBe(true);
    expect(lines.some((l) => / deliver a b 1 [0-9a-f]{16}$/.test(l))).toBe(true);
    expect(
      createHash("sha256")
        .update(lines.map((l) => `${l}\n`).join(""))
        .digest("hex"),
    ).toBe(sim.digest());
  });

  it("async participant code interleaves deterministically (microtasks drain between events)", async () => {
    const run = async (seed: bigint) => {
      const sim = new Simulation({ seed });
      const order: string[] = [];
      for (const label of ["x", "y"]) {
        sim.add(label, async (ctx) => {
          for (let i = 0; i < 5; i++) {
            await Promise.resolve();
            await ctx.clock.sleep(ctx.rng.below(3));
            await Promise.resolve();
            order.push(`${label}${i}@${ctx.clock.now()}`);
          }
        });
      }
      await sim.run({ untilMs: 100 });
      return { order, digest: sim.digest() };
    };
    const a = await run(3n);
    const b = await run(3n);
    expect(a.order).toHaveLength(10);
    expect(b).toEqual(a);
  });
});

describe("Simulation: clock", () => {
  it("virtual time starts at startMs and advances only through events", async () => {
    const sim = new Simulation({ seed: 1n, startMs: 1_000_000 });
    const seen: number[] = [];
    sim.add("a", (ctx) => {
      seen.push(ctx.clock.now());
      ctx.clock.schedule(250, () => seen.push(ctx.clock.now()));
      const t = ctx.clock.schedule(100, () => seen.push(-1));
      t.cancel();
      t.cancel();
      ctx.clock.schedule(0, () => seen.push(ctx.clock.now() + 0.5));
    });
    await sim.run({ forMs: 1000 });
    expect(seen).toEqual([1_000_000, 1_000_000.5, 1_000_250]);
    expect(sim.now()).toBe(1_001_000);
  });

  it("schedule(0) never runs synchronously", async () => {
    const sim = new Simulation({ seed: 1n });
    const order: string[] = [];
    sim.add("a", (ctx) => {
      ctx.clock.schedule(0, () => order.push("timer"));
      order.push("after schedule");
    });
    await sim.run({ untilMs: 1 });
    expect(order).toEqual(["after schedule", "timer"]);
  });

  it("runUntil returns whether the predicate held, and stops at the event that made it hold", async () => {
    const sim = new Simulation({ seed: 1n });
    let ticks = 0;
    sim.add("a", (ctx) => {
      const tick = () => {
        ticks++;
        ctx.clock.schedule(10, tick);
      };
      ctx.clock.schedule(10, tick);
    });
    expect(await sim.runUntil(() => ticks >= 5, { maxMs: 1000 })).toBe(true);
    expect(sim.now()).toBe(50);
    expect(await sim.runUntil(() => ticks >= 1000, { maxMs: 100 })).toBe(false);
    expect(sim.now()).toBe(150);
    expect(ticks).toBe(15);
  });

  it("refuses a run inside a run, and a deadline in the past", async () => {
    const sim = new Simulation({ seed: 1n });
    const first = sim.run({ untilMs: 10 });
    await expect(sim.run({ untilMs: 10 })).rejects.toMatchObject({ code: "SIMULATION_BUSY" });
    await first;
    await expect(sim.run({ untilMs: 5 })).rejects.toMatchObject({ code: "INVALID_ARGUMENT" });
  });

  it("a participant that throws fails the run with PARTICIPANT_FAILED naming it", async () => {
    const sim = new Simulation({ seed: 1n });
    sim.add("bad", async (ctx) => {
      await ctx.clock.sleep(30);
      throw new Error("boom");
    });
    const err = await sim.run({ untilMs: 100 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RuntimeError);
    expect(err).toMatchObject({ code: "PARTICIPANT_FAILED", meta: { label: "bad" } });
    expect(sim.now()).toBe(30);
  });
});

describe("Simulation: rng", () => {
  it("each participant's rng is seeded from (seed, label, incarnation)", async () => {
    const draws = new Map<string, number[]>();
    const sim = new Simulation({ seed: 5n });
    const start = (ctx: Context) => {
      const key = `${ctx.label}/${draws.size}`;
      draws.set(key, [ctx.rng.nextU32(), ctx.rng.nextU32()]);
    };
    sim.add("a", start);
    sim.add("b", start);
    await sim.run({ untilMs: 1 });
    sim.crash("a");
    sim.restart("a");
    await sim.run({ untilMs: 2 });
    const values = [...draws.values()].map((v) => v.join());
    expect(values).toHaveLength(3);
    expect(new Set(values).size).toBe(3);

    const again = new Map<string, number[]>();
    const sim2 = new Simulation({ seed: 5n });
    sim2.add("a", (ctx) => void again.set("a", [ctx.rng.nextU32(), ctx.rng.nextU32()]));
    await sim2.run({ untilMs: 1 });
    expect(again.get("a")).toEqual(draws.get("a/0"));
  });
});
