// Throughput of the fast (native / WASM) backends as ratios against the @noble reference,
// measured in the same run. Hash rows count bytes, so "12.3M/s" means 12.3 MB/s.
import { createHash } from "node:crypto";
import { compare, type BenchOptions } from "@cowboy/bench-harness";
import {
  bls,
  dealShares,
  keccak256,
  loadFastHashes,
  getNativeBls,
  getNativeSecp256k1,
  nobleBls,
  nobleHashes,
  nobleSecp256k1,
  partialSign,
  type BlsSignatureSet,
} from "../src/index.js";
import { decodeG2 } from "../src/bls.js";
import { nobleG2Combiner } from "../src/threshold-combine.js";
import { createMclG2Combiner, loadMclModule } from "../src/threshold-mcl.js";
import { recoverSignatureWith } from "../src/threshold.js";
import { dkgBench } from "./dkg.js";

const quick: BenchOptions = { samples: 5, sampleMs: 200, warmupMs: 100 };
const slow: BenchOptions = { samples: 3, sampleMs: 400, warmupMs: 100 };

function seeded(label: string, n: number): Uint8Array {
  const out = new Uint8Array(n);
  let block = keccak256(new TextEncoder().encode(label));
  for (let off = 0; off < n; off += 32) {
    out.set(block.subarray(0, Math.min(32, n - off)), off);
    block = keccak256(block);
  }
  return out;
}

async function hashes(): Promise<void> {
  const fast = await loadFastHashes();
  for (const size of [32, 1024, 1 << 20]) {
    const data = seeded(`hash ${size}`, size);
    const label = size === 32 ? "32 B" : size === 1024 ? "1 KiB" : "1 MiB";
    for (const fn of ["keccak256", "sha256", "blake3"] as const) {
      const candidates = [{ name: `${fn} ${fast.name}`, fn: () => fast[fn](data), opsPerCall: size }];
      if (fn === "sha256") {
        candidates.push({ name: "sha256 node:crypto direct", fn: () => createHash("sha256").update(data).digest(), opsPerCall: size });
      }
      compare(`${fn} ${label} (bytes/s)`, { name: `${fn} noble`, fn: () => nobleHashes[fn](data), opsPerCall: size }, candidates, quick);
    }
  }
}

function secp(): void {
  const native = getNativeSecp256k1();
  if (native === undefined) {
    console.log("\nnative secp256k1 unavailable: skipping the secp256k1 comparison");
    return;
  }
  const key = seeded("secp key", 32);
  const msg = seeded("secp msg", 32);
  const sig = nobleSecp256k1.sign(msg, key);
  const pub = nobleSecp256k1.getPublicKey(key);
  compare(
    "secp256k1 verify (signatures/s)",
    { name: "noble", fn: () => nobleSecp256k1.verify(sig, msg, pub) },
    [{ name: "native libsecp256k1", fn: () => native.verify(sig, msg, pub) }],
    quick,
  );
  compare(
    "secp256k1 recover (signatures/s)",
    { name: "noble", fn: () => nobleSecp256k1.recoverPublicKey(msg, sig) },
    [{ name: "native libsecp256k1", fn: () => native.recoverPublicKey(msg, sig) }],
    quick,
  );
  compare("secp256k1 sign (signatures/s)", { name: "noble", fn: () => nobleSecp256k1.sign(msg, key) }, [{ name: "native libsecp256k1", fn: () => native.sign(msg, key) }], quick);
}

function blsKey(i: number): Uint8Array {
  const k = seeded(`bls key ${i}`, 32);
  k[0] = (k[0] ?? 0) & 0x3f; // below r
  return k;
}

function blsBench(): void {
  const native = getNativeBls();
  if (native === undefined) {
    console.log("\nblst unavailable: skipping the BLS comparison");
    return;
  }
  const msg = seeded("bls msg", 32);
  const keys = Array.from({ length: 100 }, (_, i) => blsKey(i));
  const pks = keys.map((k) => native.getPublicKey(k));
  const sigs = keys.map((k) => native.sign(msg, k));
  const agg = native.aggregateSignatures(sigs);
  const prepared = pks.map((p) => native.preparePublicKey(p));
  compare(
    "BLS verify (signatures/s)",
    { name: "noble", fn: () => nobleBls.verify(sigs[0] as Uint8Array, msg, pks[0] as Uint8Array) },
    [{ name: "blst", fn: () => native.verify(sigs[0] as Uint8Array, msg, pks[0] as Uint8Array) }],
    slow,
  );
  compare(
    "BLS fast-aggregate-verify, 100 keys (aggregates/s)",
    { name: "noble", fn: () => nobleBls.fastAggregateVerify(agg, msg, pks) },
    [
      { name: "blst", fn: () => native.fastAggregateVerify(agg, msg, pks) },
      { name: "blst, prepared keys", fn: () => native.fastAggregateVerify(agg, msg, prepared) },
    ],
    slow,
  );
  const sets: BlsSignatureSet[] = keys.slice(0, 32).map((k, i) => {
    const m = seeded(`bls batch msg ${i}`, 32);
    return { signature: native.sign(m, k), message: m, publicKey: pks[i] as Uint8Array };
  });
  compare(
    "BLS batch verify, 32 distinct messages (signatures/s)",
    { name: "noble", fn: () => nobleBls.verifyBatch(sets), opsPerCall: sets.length },
    [{ name: "blst verifyMultipleAggregateSignatures", fn: () => native.verifyBatch(sets), opsPerCall: sets.length }],
    slow,
  );
}

/** Seed recovery as consensus runs it: t = n − f partials, f = ⌊(n − 1) / 3⌋ (cips/consensus.md). */
async function thresholdBench(): Promise<void> {
  const started = performance.now();
  const mcl = await loadMclModule();
  if (mcl === undefined) {
    console.log("\nmcl-wasm unavailable: skipping the threshold recovery comparison");
    return;
  }
  console.log(`\nmcl-wasm load and BLS12-381 init: ${(performance.now() - started).toFixed(0)} ms (once per process)`);
  const fast = createMclG2Combiner(mcl);
  // Where recovery time goes: every chosen partial is decompressed and subgroup-checked.
  const sample = bls.sign(seeded("decode sample", 32), blsKey(999));
  mcl.verifyOrderG2(true);
  compare(
    "G2 signature decode with subgroup check (points/s)",
    { name: "noble decodeG2", fn: () => decodeG2("bench", sample) },
    [
      {
        name: "mcl deserialize",
        fn: () => {
          const p = new mcl.G2();
          p.deserialize(sample);
          return p;
        },
      },
    ],
    quick,
  );
  for (const n of [4, 10, 50]) {
    const t = n - Math.floor((n - 1) / 3);
    const message = seeded(`seed round ${n}`, 32);
    const dealing = dealShares(blsKey(1000 + n), t, n, seeded(`dealing ${n}`, 32));
    const partials = dealing.shares.map((s) => partialSign(bls, s, message));
    compare(
      `threshold seed recovery, n = ${n}, t = ${t} (recoveries/s)`,
      { name: "noble", fn: () => recoverSignatureWith(nobleG2Combiner, partials, t) },
      [{ name: "mcl-wasm mulVec", fn: () => recoverSignatureWith(fast, partials, t) }],
      slow,
    );
  }
}

// `pnpm bench [section…]` runs only the named sections (hashes, secp, bls, threshold, dkg); none: all.
const sections: Record<string, () => void | Promise<void>> = { hashes, secp, bls: blsBench, threshold: thresholdBench, dkg: () => dkgBench(bls, seeded, blsKey) };
const wanted = process.argv.slice(2).filter((a) => a !== "--");
for (const name of wanted) if (!(name in sections)) throw new Error(`unknown bench section "${name}"; known: ${Object.keys(sections).join(", ")}`);
for (const [name, run] of Object.entries(sections)) if (wanted.length === 0 || wanted.includes(name)) await run();
