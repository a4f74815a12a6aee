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
import { createLogger, startNode, type ChainGenesis, type RunningNode } from "../src/index.js";

const SENDERS = 4_000;
const ROUNDS = 3;
const CEILING = 80_000_000 / 21_000;
const keys = Array.from({ length: SENDERS }, (_, i) => keccak256(new TextEncoder().encode(`rpc bench ${i}`)));
const addresses = keys.map((k) => addressFromPrivateKey(k));
const genesis: ChainGenesis = {
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
  keys.forEach((key, i) =>
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
    ),
  );
}

async function run(label: string, submit: (node: RunningNode, batch: Transaction[]) => Promise<void>): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), "cowboy-rpc-bench-"));
  const node = await startNode({ dataDir: dir, genesis, blockTimeMs: 1000, rpcHost: "127.0.0.1", rpcPort: 0, reset: true, logger: createLogger({ level: "error", format: "text", write: () => {} }) });
  const start = performance.now();
  for (let i = 0; i < txs.length; i += 100) {
    // Back-pressure as a well-behaved client would apply: keep the pool below its 10,000 cap.
    while (node.mempool.size > 9_000) await new Promise((r) => setTimeout(r, 10));
    await submit(node, txs.slice(i, i + 100));
  }
  const target = BigInt(ROUNDS);
  // Done when every sender's nonce has reached ROUNDS.
  while (node.chain.account(addresses[SENDERS - 1]!).nonce < target || node.mempool.size > 0) await new Promise((r) => setTimeout(r, 20));
  const rate = txs.length / ((performance.now() - start) / 1000);
  await node.close();
  rmSync(dir, { recursive: true, force: true });
  console.log(`${label}: ${rate.toFixed(0)} transfers/s`);
  return rate;
}

const direct = await run("mempool directly", async (node, batch) => {
  for (const tx of batch) node.mempool.add(tx, node.chain.accounts);
});
const overRpc = await run("JSON-RPC batches", async (node, batch) => {
  const body = JSON.stringify(batch.map((tx, id) => ({ jsonrpc: "2.0", id, method: "cowboy_sendRawTransaction", params: [`0x${toHex(tx.encode())}`] })));
  const res = await fetch(node.rpcUrl, { method: "POST", body });
  const replies = (await res.json()) as Array<{ error?: { message: string } }>;
  const failed = replies.find((r) => r.error !== undefined);
  if (failed) throw new Error(`rejected: ${failed.error!.message}`);
});

// User transactions ride the user lane: its budget plus the system and runner lanes' cascade.
const USER_LANE = Number(DEFAULT_FEE_MARKET_CONFIG.laneBudgets.user + DEFAULT_FEE_MARKET_CONFIG.laneBudgets.system + DEFAULT_FEE_MARKET_CONFIG.laneBudgets.runner) / 21_000;
printTable(`sustained transfers submitted and included (${SENDERS * ROUNDS} transfers, 1 s blocks, lmdb)`, [
  ["case", "transfers/s", "vs baseline", "vs ceiling (3,809/s)", `vs user lane (${USER_LANE.toFixed(0)}/s)`],
  ["straight into the mempool (baseline)", direct.toFixed(0), "1.00x", formatRatio(direct / CEILING), formatRatio(direct / USER_LANE)],
  ["JSON-RPC batches of 100 over loopback HTTP", overRpc.toFixed(0), formatRatio(overRpc / direct), formatRatio(overRpc / CEILING), formatRatio(overRpc / USER_LANE)],
]);
