// Finality on loopback (issue 17, "Tests and measures"): a 4-validator testnet of real cowboyd
// processes at 1 s and at 200 ms blocks. For every block node 0 finalizes: latency from the
// proposal (the leader's header timestamp; one machine, one clock) to node 0's newHeads
// notification. Reported as p50/p99 and as a ratio against a baseline measured in the same run: a
// single validator (no network, its own votes only) at the same block time. Also: the share of views
// finalized without a nullification, and CPU per node (process CPU seconds per wall second).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { formatRatio, printTable } from "@cowboy/bench-harness";
import WebSocket from "ws";
import { launchTestnet } from "../src/testnet/launcher.js";

/** How long each run measures (env FINALITY_BENCH_MS, default 30 s) and at which block times (FINALITY_BENCH_BLOCK_TIMES, e.g. "1000,200"). */
const RUN_MS = Number(process.env.FINALITY_BENCH_MS ?? 30_000);
const BLOCK_TIMES = (process.env.FINALITY_BENCH_BLOCK_TIMES ?? "1000,200").split(",").map(Number);
const WARMUP_BLOCKS = 3;

interface Sample {
  readonly label: string;
  readonly latencies: number[];
  readonly nullifications: number;
  readonly finalizations: number;
  readonly cpuPerNode: number;
}

const percentile = (values: number[], p: number): number => {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

async function metric(port: number, name: string): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const line = text.split("\n").find((l) => l.startsWith(`${name} `));
  return line === undefined ? 0 : Number(line.split(" ")[1]);
}

async function waitForRpc(port: number, timeoutMs = 60_000): Promise<void> {
  const started = Date.now();
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() - started > timeoutMs) throw new Error(`node on ${port} did not start`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function measure(label: string, validators: number, blockTimeMs: number): Promise<Sample> {
  const dir = mkdtempSync(join(tmpdir(), "cowboy-finality-"));
  const base = 31_000 + Math.floor(Math.random() * 20_000);
  const net = launchTestnet({ dir, validators, rpcPort: base, blockTimeMs, reset: true }, () => {});
  try {
    await Promise.all(Array.from({ length: validators }, (_, i) => waitForRpc(base + i)));
    const latencies: number[] = [];
    let seen = 0;
    const ws = new WebSocket(`ws://127.0.0.1:${base}`);
    await new Promise<void>((resolve, reject) => {
      ws.once("open", () => resolve());
      ws.once("error", reject);
    });
    ws.on("message", (data) => {
      const message = JSON.parse(String(data)) as { method?: string; params?: { result: { timestamp_ms: string } } };
      if (message.method !== "cowboy_subscription" || message.params === undefined) return;
      seen++;
      if (seen > WARMUP_BLOCKS) latencies.push(Date.now() - Number(message.params.result.timestamp_ms));
    });
    ws.send(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "cowboy_subscribe", params: ["newHeads"] }));
    while (seen <= WARMUP_BLOCKS) await new Promise((r) => setTimeout(r, 100));
    const ports = Array.from({ length: validators }, (_, i) => base + i);
    const cpu0 = await Promise.all(ports.map((p) => metric(p, "cowboy_process_process_cpu_seconds_total")));
    const null0 = await metric(base, "cowboy_consensus_nullifications_total");
    const fin0 = await metric(base, "cowboy_consensus_finalizations_total");
    const started = Date.now();
    await new Promise((r) => setTimeout(r, RUN_MS));
    const wall = (Date.now() - started) / 1000;
    const cpu1 = await Promise.all(ports.map((p) => metric(p, "cowboy_process_process_cpu_seconds_total")));
    const nullifications = (await metric(base, "cowboy_consensus_nullifications_total")) - null0;
    const finalizations = (await metric(base, "cowboy_consensus_finalizations_total")) - fin0;
    ws.close();
    const cpuPerNode = cpu1.reduce((n, c, i) => n + (c - cpu0[i]!), 0) / validators / wall;
    return { label, latencies, nullifications, finalizations, cpuPerNode };
  } finally {
    await net.stop(5_000);
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const rows: string[][] = [];
  for (const blockTimeMs of BLOCK_TIMES) {
    const baseline = await measure(`1 validator, ${blockTimeMs} ms`, 1, blockTimeMs);
    const four = await measure(`4 validators, ${blockTimeMs} ms`, 4, blockTimeMs);
    for (const s of [baseline, four]) {
      const p50 = percentile(s.latencies, 50);
      const p99 = percentile(s.latencies, 99);
      const clean = s.finalizations + s.nullifications === 0 ? Number.NaN : (100 * s.finalizations) / (s.finalizations + s.nullifications);
      rows.push([
        s.label,
        String(s.latencies.length),
        `${p50.toFixed(0)} ms`,
        `${p99.toFixed(0)} ms`,
        s === baseline ? "baseline" : formatRatio(p50 / percentile(baseline.latencies, 50)),
        `${clean.toFixed(1)}%`,
        `${(100 * s.cpuPerNode).toFixed(0)}%`,
      ]);
    }
  }
  printTable("Finality on loopback: proposal to finalization at node 0", [
    ["run", "blocks", "finality p50", "p99", "p50 vs 1 validator", "views w/o nullification", "CPU per node"],
    ...rows,
  ]);
  console.log("targets (2-core machine): 1 s blocks p50 <= 150 ms, p99 <= 600 ms, >= 99% views without nullification; 200 ms blocks p50 < 500 ms");
}

await main();
