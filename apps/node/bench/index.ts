// Sustained transfers over RPC: a real node (lmdb, one-second blocks) receives signed transfers as
// JSON-RPC batches over loopback HTTP and includes them. Reported against the protocol ceiling of
// 3,809 transfers per one-second block, and against a baseline measured in the same run: the same
// node fed the same number of transfers straight into its mempool (no HTTP, no JSON).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { formatRatio, printTable } from "@cowboy/bench-harness";
import { toHex } from "@cowboy/codec";
import { addressFromPrivateKey, keccak256 } from "@cowboy/crypto";
import { DEFAULT_FEE_MARKET_CONFIG } from "@cowboy/fee-market";
import { createTransaction, type Transaction } from "@cowboy/types";
import { createLogger, devnetGenesis, startNode, type ChainGenesis, type RunningNode } from "../src/index.js";

/** The node serves JSON-RPC only to bodies declared as JSON. */
const JSON_HEADERS = { "content-type": "application/json" };

const SENDERS = 4_000;
const ROUNDS = 5;
const IN_FLIGHT = 4;
const CEILING = 80_000_000 / 21_000;
// User transactions ride the user lane: its budget plus the system and runner lanes' cascade.
const FULL_BLOCK = Math.floor(
  Number(DEFAULT_FEE_MARKET_CONFIG.laneBudgets.user + DEFAULT_FEE_MARKET_CONFIG.laneBudgets.system + DEFAULT_FEE_MARKET_CONFIG.laneBudgets.runner) / 21_000,
);
const keys = Array.from({ length: SENDERS }, (_, i) => keccak256(new TextEncoder().encode(`rpc bench ${i}`)));
const addresses = keys.map((k) => addressFromPrivateKey(k));
const genesis: ChainGenesis = {
  consensus: devnetGenesis().consensus,
  chainId: 9n,
  devnet: false,
  config: {
    timestampMs: 1n,
    allocations: addresses.map((address) => ({ address, balance: 10n ** 15n })),
    cycleBasefee: DEFAULT_FEE_MARKET_CONFIG.minBasefee,
    cellBasefee: DEFAULT_FEE_MARKET_CONFIG.minBasefee,
  },
};
console.log(`signing ${SENDERS * ROUNDS} transfers…`);
const txs: Transaction[] = [];
for (let r = 0; r < ROUNDS; r++) {
  keys.forEach((key, i) => {
    txs.push(
      createTransaction({
        chainId: 9n,
        nonce: BigInt(r),
        instruction: { type: "transfer", to: addresses[(i + 1) % SENDERS]!, amount: 1n },
        from: addresses[i]!,
        cyclesLimit: 21_000n,
        cellsLimit: 0n,
        maxFeePerCycle: 50_000n,
        maxFeePerCell: 50_000n,
      }).sign(key),
    );
  });
}

interface Run {
  /** Inclusions per second over the full blocks of the steady state. */
  readonly rate: number;
  readonly blocks: number;
  /** Mean and worst block production time (ms, on the node's main thread). */
  readonly meanBuildMs: number;
  readonly worstBuildMs: number;
  /** Worst gap between consecutive blocks (ms); 1,000 when the node keeps its cadence. */
  readonly worstGapMs: number;
}

/**
 * Submits every transfer as fast as the pool's back-pressure allows and records each block the node
 * logs. The steady state is the run of blocks from the first full one to the last full one; a node
 * that keeps up fills every block in it (the user lane: 3,386 transfers), one second apart.
 */
async function run(label: string, submit: (node: RunningNode, batch: Transaction[]) => Promise<void>): Promise<Run> {
  const dir = mkdtempSync(join(tmpdir(), "cowboy-rpc-bench-"));
  const blocks: Array<{ at: number; txs: number; ms: number }> = [];
  const logger = createLogger({
    level: "info",
    format: "json",
    write: (line) => {
      const entry = JSON.parse(line) as { message: string; txs?: number; ms?: number };
      if (entry.message === "block") blocks.push({ at: performance.now(), txs: entry.txs ?? 0, ms: entry.ms ?? 0 });
    },
  });
  const node = await startNode({ dataDir: dir, genesis, blockTimeMs: 1000, rpcHost: "127.0.0.1", rpcPort: 0, reset: true, logger });
  // Up to IN_FLIGHT batches outstanding, with the back-pressure a well-behaved client applies:
  // keep the pool below its 10,000 cap.
  let next = 0;
  const sender = async (): Promise<void> => {
    while (next < txs.length) {
      while (node.mempool.size > 9_000) await new Promise((r) => setTimeout(r, 5));
      const i = next;
      next += 100;
      await submit(node, txs.slice(i, i + 100));
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, sender));
  const target = BigInt(ROUNDS);
  // Done when every sender's nonce has reached ROUNDS.
  while (node.chain.account(addresses[SENDERS - 1]!).nonce < target || node.mempool.size > 0) await new Promise((r) => setTimeout(r, 20));
  await node.close();
  rmSync(dir, { recursive: true, force: true });
  // Steady state: from the first full block (the client has filled the pool) to the last full one
  // (then the tail drains the pool).
  const first = blocks.findIndex((b) => b.txs >= FULL_BLOCK);
  let last = blocks.length - 1;
  while (last > first && blocks[last]!.txs < FULL_BLOCK) last--;
  const steady = blocks.slice(first, last + 1);
  const included = steady.slice(1).reduce((n, b) => n + b.txs, 0);
  const span = (steady.at(-1)!.at - steady[0]!.at) / 1000;
  const gaps = steady.slice(1).map((b, i) => b.at - steady[i]!.at);
  const result: Run = {
    rate: span > 0 ? included / span : 0,
    blocks: steady.length,
    meanBuildMs: steady.reduce((n, b) => n + b.ms, 0) / steady.length,
    worstBuildMs: Math.max(...steady.map((b) => b.ms)),
    worstGapMs: gaps.length === 0 ? 0 : Math.max(...gaps),
  };
  console.log(
    `${label}: ${steady.map((b) => b.txs).join(", ")} transfers per block; build ${result.meanBuildMs.toFixed(0)} ms mean, ${result.worstBuildMs} ms worst; worst gap ${result.worstGapMs.toFixed(0)} ms`,
  );
  return result;
}

const direct = await run("mempool directly", async (node, batch) => {
  for (const tx of batch) node.mempool.add(tx, node.chain.accounts);
});
const overRpc = await run("JSON-RPC batches", async (node, batch) => {
  const body = JSON.stringify(batch.map((tx, id) => ({ jsonrpc: "2.0", id, method: "cowboy_sendRawTransaction", params: [`0x${toHex(tx.encode())}`] })));
  const res = await fetch(node.rpcUrl, { method: "POST", headers: JSON_HEADERS, body });
  const replies = (await res.json()) as Array<{ error?: { message: string } }>;
  const failed = replies.find((r) => r.error !== undefined);
  if (failed) throw new Error(`rejected: ${failed.error!.message}`);
});

printTable(`sustained transfers submitted and included (${SENDERS * ROUNDS} transfers, 1 s blocks, lmdb; steady state)`, [
  ["case", "transfers/s", "vs baseline", "vs ceiling (3,809/s)", `vs user lane (${FULL_BLOCK}/s)`, "build ms (mean / worst)", "worst block gap ms"],
  ...(
    [
      ["straight into the mempool (baseline)", direct],
      ["JSON-RPC batches of 100 over loopback HTTP", overRpc],
    ] as const
  ).map(([name, r]) => [
    name,
    r.rate.toFixed(0),
    formatRatio(r.rate / direct.rate),
    formatRatio(r.rate / CEILING),
    formatRatio(r.rate / FULL_BLOCK),
    `${r.meanBuildMs.toFixed(0)} / ${r.worstBuildMs}`,
    r.worstGapMs.toFixed(0),
  ]),
]);
