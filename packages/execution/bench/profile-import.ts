// CPU-time split of block import (not part of `pnpm bench`): execution vs state root vs lmdb
// commit, with signatures checked beforehand. CPU time, not wall time, so a loaded machine
// distorts it less. Run: pnpm exec tsx --conditions=@cowboy/source bench/profile-import.ts
// (add --cpu-prof through NODE_OPTIONS for a profile).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { addressFromPrivateKey, keccak256, loadFastHashes } from "@cowboy/crypto";
import { DEFAULT_FEE_MARKET_CONFIG } from "@cowboy/fee-market";
import { accountKey, LmdbBackend, MemoryBackend, StateStore, type Fork } from "@cowboy/state";
import { createTransaction, headerHash, type Block, type Header } from "@cowboy/types";
import { applyBlock, applyGenesis, buildBlock, defaultChainParams } from "../src/index.js";

const SENDERS = Number(process.env.SENDERS ?? 3_000);
const BLOCKS = Number(process.env.BLOCKS ?? 6);
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
const proposer = StateStore.open(new MemoryBackend(), { hashes });
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
  proposer.commit(fork, built.block.header.height, headerHash(built.block.header));
  blocks.push(built.block);
  parent = built.block.header;
}
const cpu = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const dir = mkdtempSync(join(tmpdir(), "cowboy-prof-"));
const store = StateStore.open(LmdbBackend.open(dir), { hashes });
const g = store.fork();
applyGenesis(g, genesisConfig, params);
store.commit(g, 0n, headerHash(genesis));
let head = genesis;
// PROFILE=<file>: a V8 CPU profile of the import loop alone (not of block building).
const session = process.env.PROFILE ? new Session() : undefined;
const post = (method: string, arg?: object): Promise<unknown> => new Promise((ok, fail) => session!.post(method, arg ?? {}, (e, r) => (e ? fail(e) : ok(r))));
if (session) {
  session.connect();
  await post("Profiler.enable");
  await post("Profiler.start");
}
const totals = { exec: 0, root: 0, commit: 0 };
for (const [i, block] of blocks.entries()) {
  const importing: Fork = store.fork();
  let rootMs = 0;
  const timed = Object.assign(Object.create(importing) as Fork, {
    get: (k: Uint8Array) => importing.get(k),
    set: (k: Uint8Array, v: Uint8Array) => importing.set(k, v),
    delete: (k: Uint8Array) => importing.delete(k),
    checkpoint: () => importing.checkpoint(),
    revertTo: (id: number) => importing.revertTo(id),
    commitCheckpoint: (id: number) => importing.commitCheckpoint(id),
    computeRoot: () => {
      const t = cpu();
      const r = importing.computeRoot();
      rootMs += cpu() - t;
      return r;
    },
  });
  const t0 = cpu();
  applyBlock({ state: timed, parent: head, block, params, verifier: () => [] });
  const t1 = cpu();
  store.commit(importing, block.header.height, headerHash(block.header));
  const t2 = cpu();
  const row = { exec: t1 - t0 - rootMs, root: rootMs, commit: t2 - t1 };
  console.log(`block ${i}: execute ${row.exec.toFixed(0)} ms, state root ${row.root.toFixed(0)} ms, commit ${row.commit.toFixed(0)} ms (CPU)`);
  if (i > 0) for (const k of ["exec", "root", "commit"] as const) totals[k] += row[k];
  head = block.header;
}
if (session) writeFileSync(process.env.PROFILE!, JSON.stringify(((await post("Profiler.stop")) as { profile: object }).profile));
const n = (BLOCKS - 1) * SENDERS;
console.log(
  `per transfer (blocks 1..): execute ${((totals.exec / n) * 1000).toFixed(1)} µs, root ${((totals.root / n) * 1000).toFixed(1)} µs, commit ${((totals.commit / n) * 1000).toFixed(1)} µs`,
);
await store.close();
rmSync(dir, { recursive: true, force: true });
