// test-vectors/cbfs/por.json (cips/cbfs.md §11): the receipt, challenge id and beacon-drawn chunk are reproduced
// byte for byte, and the vector's answer passes the 0x0B state machine while a tampered chunk is slashed.
import { readVector } from "@cowboy/checks/vectors";
import { describe, expect, it } from "vitest";
import {
  type ChainStore,
  DEFAULT_CBFS_CHAIN_CONFIG as C,
  anchorVolume,
  answerPorChallenge,
  openPorChallenge,
  porChallengeId,
  porChunkIndex,
  receiptDigest,
  registerRelay,
  shardRoot,
  signStorageReceipt,
  verifyChunkProof,
  verifyStorageReceipt,
} from "../../src/index.js";

interface PorVector {
  relayKey: string;
  relay: string;
  volume: string;
  chunkSize: number;
  shard: string;
  shardRoot: string;
  chunkCount: number;
  receiptDigest: string;
  receipt: string;
  height: string;
  beacon: string;
  id: string;
  chunkIndex: number;
  chunk: string;
  proof: string[];
}

const v = readVector<PorVector>("cbfs/por.json");
const un = (h: string) => new Uint8Array(Buffer.from(h, "hex"));
const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");

function memoryStore(): ChainStore {
  const m = new Map<string, Uint8Array>();
  const k = (key: Uint8Array) => Buffer.from(key).toString("hex");
  return { get: (key) => m.get(k(key)), set: (key, val) => void m.set(k(key), val.slice()), delete: (key) => void m.delete(k(key)) };
}

describe("cbfs vectors: por.json", () => {
  it("reproduces the receipt, the challenge id and the drawn chunk", () => {
    expect(hex(shardRoot(un(v.shard), v.chunkSize))).toBe(v.shardRoot);
    expect(hex(receiptDigest(un(v.volume), un(v.shardRoot), v.chunkCount))).toBe(v.receiptDigest);
    expect(hex(signStorageReceipt(un(v.volume), un(v.shardRoot), v.chunkCount, un(v.relayKey)))).toBe(v.receipt);
    expect(verifyStorageReceipt(un(v.relay), un(v.volume), un(v.shardRoot), v.chunkCount, un(v.receipt))).toBe(true);
    expect(hex(porChallengeId(un(v.relay), un(v.volume), un(v.shardRoot), BigInt(v.height)))).toBe(v.id);
    expect(porChunkIndex(un(v.beacon), un(v.id), v.chunkCount)).toBe(v.chunkIndex);
    expect(verifyChunkProof(un(v.shardRoot), v.chunkCount, v.chunkIndex, un(v.chunk), v.proof.map(un))).toBe(true);
  });

  it("the vector's answer passes at 0x0B; a tampered chunk is slashed", () => {
    for (const tamper of [false, true]) {
      const store = memoryStore();
      registerRelay(store, 1n, un(v.relay), { stake: C.minRelayStake, capacity: 1n << 30n, endpoint: "http://127.0.0.1:1" }, C);
      anchorVolume(store, 1n, new Uint8Array(20).fill(1), { root: un(v.volume), size: 1n, k: 1, m: 0, blocks: 10n }, C);
      const req = { relay: un(v.relay), volume: un(v.volume), shard: un(v.shardRoot), chunkCount: v.chunkCount, receipt: un(v.receipt) };
      const c = openPorChallenge(store, BigInt(v.height), un(v.beacon), new Uint8Array(20).fill(2), req, C);
      expect(hex(c.id)).toBe(v.id);
      expect(c.chunk).toBe(v.chunkIndex);
      const chunk = un(v.chunk);
      if (tamper) chunk[0]! ^= 1;
      const answer = answerPorChallenge(store, BigInt(v.height) + 1n, un(v.relay), c.id, chunk, v.proof.map(un), C);
      expect(answer.passed).toBe(!tamper);
      expect(answer.slashed).toBe(tamper ? (C.minRelayStake * C.porSlashBps) / 10_000n : 0n);
    }
  });
});
