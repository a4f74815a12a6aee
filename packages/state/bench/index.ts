// Writes committed per second for blocks of 1k and 10k updates on lmdb (root computed), against a
// baseline measured in the same run: raw lmdb puts of the same keys and values in one transaction.
// Then proof generation and verification per second.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { compare, formatRatio, printTable } from "@cowboy/bench-harness";
import { loadFastHashes } from "@cowboy/crypto";
import { open } from "lmdb";
import { LmdbBackend, StateStore, verifyProof } from "../src/index.js";

const hashes = await loadFastHashes();
const enc = new TextEncoder();
const dir = mkdtempSync(join(tmpdir(), "cowboy-state-bench-"));
const PRELOAD = 100_000;

function timed(fn: () => void): number {
  const t = performance.now();
  fn();
  return performance.now() - t;
}

const rows: string[][] = [["block of updates", "raw lmdb puts/s (baseline)", "state commits/s (root + commit)", "vs baseline"]];
for (const size of [1_000, 10_000]) {
  const raw = open({ path: join(dir, `raw${size}`), encoding: "binary", compression: false });
  const store = StateStore.open(LmdbBackend.open(join(dir, `state${size}`)), { hashes });
  // Preload the tree so paths have realistic depth (~17 levels).
  const pre = store.fork();
  for (let i = 0; i < PRELOAD; i++) pre.set(enc.encode(`k${i}`), enc.encode(`v${i}`));
  store.commit(pre, 0n, new Uint8Array(32));
  let height = 1n;
  const rawTimes: number[] = [];
  const stateTimes: number[] = [];
  for (let round = 0; round < 5; round++) {
    const writes = Array.from({ length: size }, (_, i) => [enc.encode(`k${(round * 7919 + i * 13) % (PRELOAD * 2)}`), enc.encode(`value ${round} ${i}`)] as const);
    rawTimes.push(
      timed(() =>
        raw.transactionSync(() => {
          for (const [k, v] of writes) raw.putSync(Buffer.from(k), Buffer.from(v));
        }),
      ),
    );
    stateTimes.push(
      timed(() => {
        const fork = store.fork();
        for (const [k, v] of writes) fork.set(k, v);
        store.commit(fork, height++, new Uint8Array(32));
      }),
    );
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
  const rawRate = size / (median(rawTimes) / 1000);
  const stateRate = size / (median(stateTimes) / 1000);
  rows.push([`${size} (tree of ${PRELOAD}+)`, rawRate.toFixed(0), stateRate.toFixed(0), formatRatio(stateRate / rawRate)]);
  await raw.close();
  if (size === 10_000) {
    const keys = Array.from({ length: 1000 }, (_, i) => enc.encode(`k${i * 97}`));
    let i = 0;
    const root = store.root();
    const proofs = keys.map((k) => store.prove(k));
    compare("proofs (tree of 100k+ keys)", { name: "state get (flat table)", fn: () => store.get(keys[i++ % keys.length]!) }, [
      { name: "prove", fn: () => store.prove(keys[i++ % keys.length]!) },
      { name: "verifyProof", fn: () => verifyProof(root, keys[i % keys.length]!, proofs[i++ % keys.length]!) },
    ]);
  }
  await store.close();
}
printTable("block commits on lmdb", rows);
rmSync(dir, { recursive: true, force: true });
