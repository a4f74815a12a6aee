import { describe, expect, it } from "vitest";
import { type Context, type Journal, type PeerId, Simulation } from "../../src/index.js";

const enc = (s: string) => new TextEncoder().encode(s);
const dec = (b: Uint8Array) => new TextDecoder().decode(b);

/** Records every replayed record of journal "votes" at each start, then appends on command. */
function journaling(replays: string[][], handles: { journal?: Journal; ctx?: Context }) {
  return async (ctx: Context) => {
    const journal = await ctx.storage.journal("votes");
    replays.push([...journal.replay()].map((r) => `${r.section}:${dec(r.record)}`));
    handles.journal = journal;
    handles.ctx = ctx;
  };
}

describe("Simulation: crash and restart", () => {
  it("a crash keeps synced records and loses unsynced ones; restart replays the journal", async () => {
    const sim = new Simulation({ seed: 1n, storageSyncMs: 2 });
    const replays: string[][] = [];
    const h: { journal?: Journal } = {};
    sim.add("v", journaling(replays, h));
    await sim.run({ untilMs: 0 });
    h.journal?.append(1n, enc("a"));
    h.journal?.append(2n, enc("b"));
    let synced = false;
    void h.journal?.sync().then(() => {
      synced = true;
    });
    await sim.run({ untilMs: 5 });
    expect(synced).toBe(true);
    h.journal?.append(2n, enc("c")); // never synced
    h.journal?.append(3n, enc("d"));
    void h.journal?.sync(); // in progress at the crash: lost too
    await sim.run({ untilMs: 6 });
    sim.crash("v");
    sim.restart("v");
    await sim.run({ untilMs: 10 });
    expect(replays).toEqual([[], ["1:a", "2:b"]]);
    expect(sim.info("v")).toMatchObject({ incarnation: 1, running: true });
  });

  it("a stale continuation after a crash can neither send, schedule, append nor finish a sleep", async () => {
    const sim = new Simulation({ seed: 2n, link: { latencyMs: 1, jitterMs: 0 } });
    const got: string[] = [];
    const progress: string[] = [];
    sim.add("rx", (ctx) => ctx.network.handle(1, (_f, m) => got.push(dec(m))));
    let stale: Context | undefined;
    let staleJournal: Journal | undefined;
    sim.add("node", async (ctx) => {
      const journal = await ctx.storage.journal("j");
      if (stale === undefined) {
        stale = ctx;
        staleJournal = journal;
      }
      ctx.network.send("all", 1, enc("hello"));
      await ctx.clock.sleep(50);
      progress.push(`woke ${ctx.clock.now()}`);
      ctx.network.send("all", 1, enc("after sleep"));
    });
    await sim.run({ untilMs: 10 });
    sim.crash("node");
    await sim.run({ untilMs: 100 });
    expect(stale?.network.send("all", 1, enc("zombie"))).toEqual([]);
    let fired = false;
    stale?.clock.schedule(1, () => {
      fired = true;
    });
    staleJournal?.append(1n, enc("zombie"));
    const sleeping = stale?.clock.sleep(1).then(() => progress.push("zombie woke"));
    expect(sleeping).toBeDefined();
    expect(stale?.network.peers()).toEqual([]);
    sim.restart("node");
    await sim.run({ untilMs: 200 });
    expect(fired).toBe(false);
    // Only the restarted incarnation (started at 100) wakes and sends after its sleep.
    expect(got).toEqual(["hello", "hello", "after sleep"]);
    expect(progress).toEqual(["woke 150"]);
    expect([...(staleJournal?.replay() ?? [])]).toEqual([]);
  });

  it("crash drops messages in flight to the crashed node, cancels its timers and handlers", async () => {
    const sim = new Simulation({ seed: 3n, link: { latencyMs: 20, jitterMs: 0 } });
    const got: string[] = [];
    let ticks = 0;
    let tx: Context | undefined;
    sim.add("tx", (ctx) => {
      tx = ctx;
    });
    sim.add("rx", (ctx) => {
      ctx.network.handle(1, (_f, m) => got.push(`${ctx.clock.now()}:${dec(m)}`));
      const tick = () => {
        ticks++;
        ctx.clock.schedule(5, tick);
      };
      tick();
    });
    await sim.run({ untilMs: 0 });
    tx?.network.send("all", 1, enc("lost"));
    sim.at(10, () => sim.crash("rx"));
    sim.at(12, () => sim.restart("rx"));
    sim.at(13, () => tx?.network.send("all", 1, enc("kept")));
    await sim.run({ untilMs: 100 });
    expect(got).toEqual(["33:kept"]);
    expect(sim.stats().drops.crashed).toBe(1);
    // Ticks at 0 and 5; the crash at 10 was scheduled before the tick at 10 (ties run in scheduling
    // order), so that tick is cancelled; then the restarted incarnation ticks at 12, 17, ..., 97.
    expect(ticks).toBe(2 + 18);
  });

  it("refuses to crash a stopped node or restart a running one", async () => {
    const sim = new Simulation({ seed: 4n });
    sim.add("a", () => {});
    expect(() => sim.restart("a")).toThrowError(expect.objectContaining({ code: "INVALID_PARTICIPANT_STATE" }));
    sim.crash("a");
    expect(() => sim.crash("a")).toThrowError(expect.objectContaining({ code: "INVALID_PARTICIPANT_STATE" }));
    expect(() => sim.add("a", () => {})).toThrowError(expect.objectContaining({ code: "DUPLICATE_PARTICIPANT" }));
    expect(() => sim.crash("nobody")).toThrowError(expect.objectContaining({ code: "UNKNOWN_PARTICIPANT" }));
  });

  it("the same crash/restart scenario replays to the same digest", async () => {
    const scenario = async (seed: bigint) => {
      const sim = new Simulation({ seed, link: { latencyMs: 3, jitterMs: 9, loss: 0.05 } });
      const seen: string[] = [];
      for (const label of ["a", "b", "c"]) {
        sim.add(label, async (ctx) => {
          const j = await ctx.storage.journal("log");
          const restored = [...j.replay()].length;
          ctx.network.handle(1, (from: PeerId, m) => {
            seen.push(`${label}<${from.slice(0, 4)}:${dec(m)}`);
            j.append(BigInt(ctx.clock.now() >> 4), m);
          });
          for (let i = 0; ; i++) {
            await ctx.clock.sleep(4 + ctx.rng.below(8));
            ctx.network.send("all", 1, enc(`${label}${restored}.${i}`));
            if (i % 3 === 0) await j.sync();
            if (i % 5 === 0) await j.prune(BigInt(ctx.clock.now() >> 6));
          }
        });
      }
      sim.at(100, () => sim.crash("b"));
      sim.at(160, () => sim.restart("b"));
      sim.at(200, () => sim.partition([["a"], ["b", "c"]]));
      sim.at(260, () => sim.heal());
      await sim.run({ untilMs: 400 });
      return { digest: sim.digest(), seen, events: sim.events };
    };
    const one = await scenario(9n);
    const two = await scenario(9n);
    expect(one.events).toBeGreaterThan(500);
    expect(two).toEqual(one);
    expect((await scenario(10n)).digest).not.toBe(one.digest);
  });
});

describe("Simulation: crashUnsynced", () => {
  async function crashWithUnsynced(seed: bigint) {
    const sim = new Simulation({ seed, crashUnsynced: "random-prefix" });
    const replays: string[][] = [];
    const h: { journal?: Journal } = {};
    sim.add("v", journaling(replays, h));
    await sim.run({ untilMs: 0 });
    h.journal?.append(1n, enc("synced"));
    await Promise.all([h.journal?.sync(), sim.run({ untilMs: 5 })]);
    for (let i = 0; i < 10; i++) h.journal?.append(1n + BigInt(i % 2), enc(`u${i}`));
    sim.crash("v");
    sim.restart("v");
    await sim.run({ untilMs: 10 });
    return replays[1] as string[];
  }

  it("random-prefix keeps the synced records and a seeded prefix of each section's unsynced ones", async () => {
    const outcomes = await Promise.all([1n, 2n, 3n, 4n, 5n, 6n].map(crashWithUnsynced));
    for (const records of outcomes) {
      expect(records[0]).toBe("1:synced");
      const s1 = records.filter((r) => r.startsWith("1:u"));
      const s2 = records.filter((r) => r.startsWith("2:u"));
      expect(s1).toEqual(["1:u0", "1:u2", "1:u4", "1:u6", "1:u8"].slice(0, s1.length));
      expect(s2).toEqual(["2:u1", "2:u3", "2:u5", "2:u7", "2:u9"].slice(0, s2.length));
    }
    expect(new Set(outcomes.map((o) => o.length)).size).toBeGreaterThan(1);
    expect(await crashWithUnsynced(3n)).toEqual(outcomes[2]);
  });
});
