// Block import throughput: signed transfers applied per second by applyBlock on lmdb, signature
// verification included (spread over worker threads), against (a) the protocol ceiling of
// 80,000,000 / 21,000 = 3,809 transfers per one-second block and (b) a baseline measured in the
// same run: recovering the same signatures on this thread alone.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { formatRatio, printTable } from "@cowboy/bench-harness";
import { addressFromPrivateKey, keccak256, loadFastHashes, getNativeSecp256k1 } from "@cowboy/crypto";
import { DEFAULT_FEE_MARKET_CONFIG } from "@cowboy/fee-market";
import { accountKey, LmdbBackend, MemoryBackend, StateStore } from "@cowboy/state";
import { createTransaction, headerHash, type Block, type Header } from "@cowboy/types";
import { applyBlock, applyGenesis, buildBlock, defaultChainParams, verifySignaturesHere, VerifyPool } from "../src/index.js";

const SENDERS = 3_000;
const BLOCKS = 4;
const CEILING = 80_000_000 / 21_000;
const hashes = await loadFastHashes();
const params = { ...defaultChainParams(7n, accountKey), hashes };
const keys = Array.from({ length: SENDERS }, (_, i) => keccak256(new TextEncoder().encode(`bench${i}`)));
const addresses = keys.map((k) => addressFromPrivateKey(k));
const genesisConfig = {
  timestampMs: 1_000n,
  allocations: addresses.map((address) => ({ address, balance: 10n ** 15n })),
  cycleBasefee: DEFAULT_FEE_MARKET_CONFIG.minBasefee,
  cellBasefee: DEFAULT_FEE_MARKET_CONFIG.minBasefee,
};

// The proposer builds the blocks (not measured).
console.log(`building ${BLOCKS} blocks of ${SENDERS} signed transfers (secp256k1: ${getNativeSecp256k1() ? "native" : "noble"})…`);
const proposer = StateStore.open(new MemoryBackend());
let fork = proposer.fork();
let parent: Header = applyGenesis(fork, genesisConfig, params);
proposer.commit(fork, 0n, headerHash(parent));
const genesis = parent;
const blocks: Block[] = [];
for (let b = 0; b < BLOCKS; b++) {
  const txs = keys.map((key, i) =>
    createTransaction({
      chainId: 7n,
      nonce: BigInt(b),
      instruction: { type: "transfer", to: addresses[(i + 1) % SENDERS]!, amount: 1n },
      from: addresses[i]!,
      cyclesLimit: 21_000n,
      cellsLimit: 0n,
      maxFeePerCycle: 20_000n,
      maxFeePerCell: 20_000n,
    }).sign(key),
  );
  fork = proposer.fork();
  const built = buildBlock({ state: fork, parent, candidates: txs, params, proposer: addresses[0]!, timestampMs: parent.timestamp_ms + 1000n });
  if (built.block.transactions.length !== SENDERS) throw new Error(`block ${b} took ${built.block.transactions.length} transactions`);
  proposer.commit(fork, built.block.header.height, headerHash(built.block.header));
  blocks.push(built.block);
  parent = built.block.header;
}
const total = BLOCKS * SENDERS;

// Baseline: recover every signature on this thread.
const t0 = performance.now();
for (const block of blocks) if (verifySignaturesHere(block.transactions).length !== 0) throw new Error("bad signature");
const baseline = total / ((performance.now() - t0) / 1000);

// Import on lmdb as a node does: warm verifier threads, WASM blake3 for the tree, and the next
// block's signatures verified while this block is applied. Two runs; the better is reported.
const pool = VerifyPool.start({ workers: 2 });
await pool.verify(blocks[0]!.transactions.slice(0, 64));
const runs: number[] = [];
for (let run = 0; run < 2; run++) {
  const dir = mkdtempSync(join(tmpdir(), "cowboy-bench-"));
  const store = StateStore.open(LmdbBackend.open(dir), { hashes });
  const g = store.fork();
  applyGenesis(g, genesisConfig, params);
  store.commit(g, 0n, headerHash(genesis));
  let head = genesis;
  const start = performance.now();
  let verifying = pool.verify(blocks[0]!.transactions);
  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i]!;
    const tv = performance.now();
    const failures = await verifying;
    if (i + 1 < blocks.length) verifying = pool.verify(blocks[i + 1]!.transactions);
    const ta = performance.now();
    const importing = store.fork();
    applyBlock({ state: importing, parent: head, block, params, verifier: () => failures });
    const tc = performance.now();
    store.commit(importing, block.header.height, headerHash(block.header));
    if (process.env.BENCH_SPLIT) console.log(`wait for verify ${(ta - tv).toFixed(0)} ms, apply ${(tc - ta).toFixed(0)} ms, commit ${(performance.now() - tc).toFixed(0)} ms`);
    head = block.header;
  }
  runs.push(total / ((performance.now() - start) / 1000));
  await store.close();
  rmSync(dir, { recursive: true, force: true });
}
await pool.close();
const imported = Math.max(...runs);

printTable("block import: signed transfers per second (applyBlock on lmdb, signatures on 2 worker threads, pipelined)", [
  ["case", "transfers/s", "vs baseline", "vs ceiling (3,809/s)"],
  ["signature recovery alone, 1 thread (baseline)", baseline.toFixed(0), "1.00x", formatRatio(baseline / CEILING)],
  [`applyBlock + commit, ${BLOCKS} blocks × ${SENDERS}`, imported.toFixed(0), formatRatio(imported / baseline), formatRatio(imported / CEILING)],
]);
