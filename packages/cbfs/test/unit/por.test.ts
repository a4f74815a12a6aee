// Proof of retrievability at 0x0B (cips/cbfs.md §11): receipts gate challenges, the beacon picks the chunk, a pass
// raises reputation and lifts a suspension, a missed deadline suspends without slashing, only a failing proof
// slashes, and a relay suspended too long is dead (and out of placement while suspended).
import { addressFromPrivateKey } from "@cowboy/crypto";
import { describe, expect, it } from "vitest";
import {
  type ChainStore,
  DEFAULT_CBFS_CHAIN_CONFIG as C,
  anchorVolume,
  answerPorChallenge,
  chunkCount,
  chunkProof,
  expirePorChallenges,
  getChallenge,
  getRelay,
  getStanding,
  openChallenges,
  openPorChallenge,
  placementSet,
  porChunkIndex,
  porState,
  registerRelay,
  shardRoot,
  signStorageReceipt,
} from "../../src/index.js";

function memoryStore(): ChainStore {
  const m = new Map<string, Uint8Array>();
  const k = (key: Uint8Array) => Buffer.from(key).toString("hex");
  return { get: (key) => m.get(k(key)), set: (key, v) => void m.set(k(key), v.slice()), delete: (key) => void m.delete(k(key)) };
}

const relayKey = new Uint8Array(32).fill(3);
const relay = addressFromPrivateKey(relayKey);
const auditor = new Uint8Array(20).fill(9);
const owner = new Uint8Array(20).fill(5);
const CHUNK = 64;
const shardBytes = Uint8Array.from({ length: CHUNK * 5 + 10 }, (_, i) => (i * 31 + 7) & 0xff);
const shard = shardRoot(shardBytes, CHUNK);
const count = chunkCount(shardBytes.length, CHUNK);
const volume = new Uint8Array(32).fill(0xaa);
const beacon = new Uint8Array(32).fill(0x42);

function setup(): ChainStore {
  const store = memoryStore();
  registerRelay(store, 1n, relay, { stake: C.minRelayStake * 2n, capacity: 1n << 30n, endpoint: "http://127.0.0.1:1" }, C);
  anchorVolume(store, 1n, owner, { root: volume, size: 1000n, k: 2, m: 1, blocks: 100n }, C);
  return store;
}

const receipt = signStorageReceipt(volume, shard, count, relayKey);
const open = (store: ChainStore, height: bigint) => openPorChallenge(store, height, beacon, auditor, { relay, volume, shard, chunkCount: count, receipt }, C);
const slice = (i: number) => shardBytes.subarray(i * CHUNK, (i + 1) * CHUNK);

describe("PoR challenges", () => {
  it("need the relay's receipt for this shard of an anchored volume; one open at a time", () => {
    const store = setup();
    const forged = signStorageReceipt(volume, shard, count, new Uint8Array(32).fill(4));
    expect(() => openPorChallenge(store, 5n, beacon, auditor, { relay, volume, shard, chunkCount: count, receipt: forged }, C)).toThrow(/INVALID_PROOF|receipt/);
    expect(() => openPorChallenge(store, 5n, beacon, auditor, { relay, volume, shard, chunkCount: count + 1, receipt }, C)).toThrow(/receipt/);
    const other = new Uint8Array(32).fill(0xbb);
    expect(() => openPorChallenge(store, 5n, beacon, auditor, { relay, volume: other, shard, chunkCount: count, receipt }, C)).toThrow(/no volume/);
    const c = open(store, 5n);
    expect(c.chunk).toBe(porChunkIndex(beacon, c.id, count));
    expect(c.deadline).toBe(5n + C.porResponseBlocks);
    expect(() => open(store, 6n)).toThrow(/already has an open challenge/);
    expect(openChallenges(store).map((x) => x.id)).toEqual([c.id]);
  });

  it("the beacon picks the chunk: different beacons, different chunks", () => {
    const id = new Uint8Array(32).fill(1);
    const picks = new Set(Array.from({ length: 32 }, (_, b) => porChunkIndex(new Uint8Array(32).fill(b), id, count)));
    expect(picks.size).toBeGreaterThan(3);
    for (const p of picks) expect(p).toBeLessThan(count);
  });

  it("a valid proof passes: reputation up, challenge closed, no slash", () => {
    const store = setup();
    const c = open(store, 5n);
    const answer = answerPorChallenge(store, 6n, relay, c.id, slice(c.chunk), chunkProof(shardBytes, CHUNK, c.chunk), C);
    expect(answer).toMatchObject({ passed: true, slashed: 0n });
    expect(getStanding(store, relay, C)).toMatchObject({ reputation: C.initialReputation + C.porPassReward, passed: 1n, suspendedAt: 0n });
    expect(getChallenge(store, relay)).toBeUndefined();
    expect(getRelay(store, relay)!.stake).toBe(C.minRelayStake * 2n);
  });

  it("a missed deadline suspends and costs reputation but no stake; a later pass lifts the suspension", () => {
    const store = setup();
    open(store, 5n);
    expect(expirePorChallenges(store, 5n + C.porResponseBlocks, C)).toHaveLength(0);
    expect(expirePorChallenges(store, 6n + C.porResponseBlocks, C)).toHaveLength(1);
    const s = getStanding(store, relay, C);
    expect(s).toMatchObject({ reputation: C.initialReputation - C.porMissPenalty, missed: 1, suspendedAt: 6n + C.porResponseBlocks });
    expect(getRelay(store, relay)!.stake).toBe(C.minRelayStake * 2n);
    expect(porState(s, 100n, C)).toBe("suspended");
    expect(placementSet(store, 30n, C, (a) => porState(getStanding(store, a, C), 30n, C) === "good")).toHaveLength(0);
    const c = open(store, 40n);
    expect(answerPorChallenge(store, 41n, relay, c.id, slice(c.chunk), chunkProof(shardBytes, CHUNK, c.chunk), C).passed).toBe(true);
    expect(porState(getStanding(store, relay, C), 41n, C)).toBe("good");
  });

  it("only a proof that fails to verify slashes; suspended too long is dead; late answers are refused", () => {
    const store = setup();
    const c = open(store, 5n);
    const wrong = slice((c.chunk + 1) % count);
    const answer = answerPorChallenge(store, 6n, relay, c.id, wrong, chunkProof(shardBytes, CHUNK, c.chunk), C);
    const stake = C.minRelayStake * 2n;
    expect(answer).toMatchObject({ passed: false, slashed: (stake * C.porSlashBps) / 10_000n });
    expect(answer.challenger).toEqual(auditor);
    expect(getRelay(store, relay)!.stake).toBe(stake - answer.slashed);
    const s = getStanding(store, relay, C);
    expect(s).toMatchObject({ failed: 1, reputation: C.initialReputation - C.porFailPenalty, suspendedAt: 6n, slashed: answer.slashed });
    expect(porState(s, 6n + C.suspendedDeadAfter, C)).toBe("suspended");
    expect(porState(s, 7n + C.suspendedDeadAfter, C)).toBe("dead");
    const late = open(store, 10n);
    expect(() => answerPorChallenge(store, 11n + C.porResponseBlocks, relay, late.id, slice(late.chunk), chunkProof(shardBytes, CHUNK, late.chunk), C)).toThrow(/deadline/);
    expect(() => answerPorChallenge(store, 12n, relay, new Uint8Array(32), slice(0), [], C)).toThrow(/no such open challenge/);
  });
});
