// Journal sync cost and simulator speed, each as a ratio against a baseline measured in the same run:
// FileStorage append + sync (fdatasync) against append alone (a write into the page cache), and
// simulated events per second against a bare loop that only drains microtasks between events.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { formatRatio, printTable } from "@cowboy/bench-harness";
import { FileStorage, MemoryStorage, Simulation, type Storage } from "../src/index.js";

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))] as number;
const us = (ms: number) => `${(ms * 1000).toFixed(1)} µs`;

async function journalTimes(storage: Storage, name: string, rounds: number, sync: boolean): Promise<number[]> {
  const j = await storage.journal(name);
  const record = new Uint8Array(100).fill(7);
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const t = performance.now();
    j.append(BigInt(i >> 6), record);
    if (sync) await j.sync();
    times.push(performance.now() - t);
  }
  await j.close();
  return times;
}

const dir = mkdtempSync(join(tmpdir(), "cowboy-runtime-bench-"));
try {
  const files = await FileStorage.open(dir);
  const rounds = 400;
  const baseline = await journalTimes(files, "append-only", rounds, false);
  const synced = await journalTimes(files, "synced", rounds, true);
  const memory = await journalTimes(new MemoryStorage(), "memory", rounds, true);
  printTable(`journal: one 100-byte record then sync, ${rounds} rounds (dir ${tmpdir()})`, [
    ["case", "p50", "p99", "p50 vs baseline"],
    ["FileStorage append only (baseline)", us(quantile(baseline, 0.5)), us(quantile(baseline, 0.99)), "1.00x"],
    ["FileStorage append + sync (fdatasync)", us(quantile(synced, 0.5)), us(quantile(synced, 0.99)), formatRatio(quantile(synced, 0.5) / quantile(baseline, 0.5))],
    ["MemoryStorage append + sync", us(quantile(memory, 0.5)), us(quantile(memory, 0.99)), formatRatio(quantile(memory, 0.5) / quantile(baseline, 0.5))],
  ]);
} finally {
  rmSync(dir, { recursive: true, force: true });
}

// Simulator: 8 participants, each broadcasting every 10 ms; every send, delivery and timer is an event.
async function simulatedEventsPerSecond(): Promise<number> {
  const sim = new Simulation({ seed: 1n, link: { latencyMs: 20, jitterMs: 10, loss: 0.01 } });
  for (let p = 0; p < 8; p++) {
    sim.add(`n${p}`, async (ctx) => {
      ctx.network.handle(1, () => {});
      for (let i = 0; ; i++) {
        await ctx.clock.sleep(10);
        ctx.network.send("all", 1, new Uint8Array([p, i & 255]));
      }
    });
  }
  const t = performance.now();
  await sim.run({ untilMs: 2_000 });
  return sim.events / ((performance.now() - t) / 1000);
}

async function bareLoopPerSecond(events: number): Promise<number> {
  const t = performance.now();
  for (let i = 0; i < events; i++) await new Promise<void>((resolve) => setImmediate(resolve));
  return events / ((performance.now() - t) / 1000);
}

const bare = await bareLoopPerSecond(50_000);
const simRate = await simulatedEventsPerSecond();
printTable("simulator: events per second (8 participants broadcasting every 10 ms, 2 s virtual)", [
  ["case", "events/s", "vs baseline"],
  ["bare loop: one setImmediate per event (baseline)", bare.toFixed(0), "1.00x"],
  ["Simulation (schedule, links, audit hash, drain)", simRate.toFixed(0), formatRatio(simRate / bare)],
]);
