// Receipted holdings at 0x0A and the chain's own PoR schedule (cips/cbfs.md §11.1–§11.2): only a relay's genuine
// receipt for a shard of an anchored volume is recorded, a repair's new holder replaces the old one, and every
// porScheduleInterval blocks the beacon draws one holding to challenge (0x0A the challenger), pruning stale ones.
import { addressFromPrivateKey } from "@cowboy/crypto";
import { describe, expect, it } from "vitest";
import {
  type ChainStore,
  DEFAULT_CBFS_CHAIN_CONFIG as C,
  STORAGE_MANAGER_ADDRESS,
  anchorVolume,
  answerPorChallenge,
  chunkCount,
  chunkProof,
  deleteVolume,
  getChallenge,
  getHolding,
  getStanding,
  holdingAt,
  holdingCount,
  porChunkIndex,
  recordHolding,
  registerRelay,
  scheduledHoldingIndex,
  scheduledPorChallenge,
  shardRoot,
  signStorageReceipt,
  volumeHoldings,
} from "../../src/index.js";

function memoryStore(): ChainStore {
  const m = new Map<string, Uint8Array>();
  const k = (key: Uint8Array) => Buffer.from(key).toString("hex");
  return { get: (key) => m.get(k(key)), set: (key, v) => void m.set(k(key), v.slice()), delete: (key) => void m.delete(k(key)) };
}

const keyA = new Uint8Array(32).fill(3);
const keyB = new Uint8Array(32).fill(4);
const relayA = addressFromPrivateKey(keyA);
const relayB = addressFromPrivateKey(keyB);
const owner = new Uint8Array(20).fill(5);
const CHUNK = 64;
const shardBytes = Uint8Array.from({ length: CHUNK * 5 + 10 }, (_, i) => (i * 31 + 7) & 0xff);
const otherBytes = Uint8Array.from({ length: CHUNK * 3 }, (_, i) => (i * 13 + 1) & 0xff);
const shard = shardRoot(shardBytes, CHUNK);
const other = shardRoot(otherBytes, CHUNK);
const count = chunkCount(shardBytes.length, CHUNK);
const volume = new Uint8Array(32).fill(0xaa);
const beacon = new Uint8Array(32).fill(0x42);
const I = C.porScheduleInterval;

function setup(): ChainStore {
  const store = memoryStore();
  for (const [i, r] of [relayA, relayB].entries()) {
    registerRelay(store, 1n, r, { stake: C.minRelayStake * 2n, capacity: 1n << 30n, endpoint: `http://127.0.0.1:${i + 1}` }, C);
  }
  anchorVolume(store, 1n, owner, { root: volume, size: 1000n, k: 2, m: 1, blocks: 10n * I }, C);
  return store;
}

const hold = (store: ChainStore, key: Uint8Array, root: Uint8Array, n: number, height = 2n) =>
  recordHolding(store, height, { volume, shard: root, relay: addressFromPrivateKey(key), chunkCount: n, receipt: signStorageReceipt(volume, root, n, key) });

describe("receipted holdings", () => {
  it("record only the named relay's receipt for a shard of an anchored volume", () => {
    const store = setup();
    const forged = signStorageReceipt(volume, shard, count, keyB);
    expect(() => recordHolding(store, 2n, { volume, shard, relay: relayA, chunkCount: count, receipt: forged })).toThrow(/not the relay.s signature/);
    expect(() => recordHolding(store, 2n, { volume, shard, relay: relayA, chunkCount: count + 1, receipt: signStorageReceipt(volume, shard, count, keyA) })).toThrow(/receipt/);
    const elsewhere = new Uint8Array(32).fill(0xbb);
    expect(() => recordHolding(store, 2n, { volume: elsewhere, shard, relay: relayA, chunkCount: count, receipt: signStorageReceipt(elsewhere, shard, count, keyA) })).toThrow(
      /no volume is anchored/,
    );
    const stranger = new Uint8Array(32).fill(6);
    expect(() => hold(store, stranger, shard, count)).toThrow(/no relay is registered/);
    expect(holdingCount(store)).toBe(0);
    const h = hold(store, keyA, shard, count, 7n);
    expect(h.relay).toEqual(relayA);
    expect(h.chunkCount).toBe(count);
    expect(h.recordedAt).toBe(7n);
    expect(holdingCount(store)).toBe(1);
  });

  it("a repair's new holder replaces the old one for the same shard root", () => {
    const store = setup();
    hold(store, keyA, shard, count);
    hold(store, keyA, other, 3);
    expect(holdingCount(store)).toBe(2);
    hold(store, keyB, shard, count, 9n);
    expect(holdingCount(store)).toBe(2);
    expect(getHolding(store, volume, shard)?.relay).toEqual(relayB);
    expect(getHolding(store, volume, shard)?.recordedAt).toBe(9n);
    expect(volumeHoldings(store, volume).map((h) => h.relay)).toEqual([shard, other].sort((a, b) => Buffer.compare(a, b)).map((s) => (s === shard ? relayB : relayA)));
  });
});

describe("scheduled PoR challenges", () => {
  it("open nothing off schedule, with no holdings, or when the interval is 0", () => {
    const store = setup();
    expect(scheduledPorChallenge(store, I, beacon, C).kind).toBe("none");
    hold(store, keyA, shard, count);
    expect(scheduledPorChallenge(store, I + 1n, beacon, C).kind).toBe("none");
    expect(scheduledPorChallenge(store, 0n, beacon, C).kind).toBe("none");
    expect(scheduledPorChallenge(store, I, beacon, { ...C, porScheduleInterval: 0n }).kind).toBe("none");
    expect(getChallenge(store, relayA)).toBeUndefined();
  });

  it("challenge the beacon's holding with 0x0A as challenger; the relay's proof passes", () => {
    const store = setup();
    hold(store, keyA, shard, count);
    const r = scheduledPorChallenge(store, I, beacon, C);
    if (r.kind !== "opened") throw new Error(`expected a challenge, got ${r.kind}`);
    const c = r.challenge;
    expect(c.relay).toEqual(relayA);
    expect(c.shard).toEqual(shard);
    expect(c.challenger).toEqual(STORAGE_MANAGER_ADDRESS);
    expect(c.deadline).toBe(I + C.porResponseBlocks);
    expect(c.chunk).toBe(porChunkIndex(beacon, c.id, count));
    expect(getChallenge(store, relayA)?.id).toEqual(c.id);
    const chunk = shardBytes.subarray(c.chunk * CHUNK, (c.chunk + 1) * CHUNK);
    const answer = answerPorChallenge(store, I + 1n, relayA, c.id, chunk, chunkProof(shardBytes, CHUNK, c.chunk), C);
    expect(answer.passed).toBe(true);
    expect(getStanding(store, relayA, C).passed).toBe(1n);
  });

  it("the beacon picks among holdings; a busy relay is skipped", () => {
    const store = setup();
    hold(store, keyA, shard, count);
    hold(store, keyB, other, 3);
    const seen = new Set<string>();
    for (let b = 0; b < 16; b++) {
      const bc = new Uint8Array(32).fill(b);
      const s = memoryStore();
      const fork: ChainStore = { get: (k) => s.get(k) ?? store.get(k), set: s.set, delete: s.delete };
      const r = scheduledPorChallenge(fork, I, bc, C);
      if (r.kind !== "opened") throw new Error(`expected a challenge, got ${r.kind}`);
      expect(r.challenge.shard).toEqual(holdingAt(store, scheduledHoldingIndex(bc, I, 2))!.shard);
      seen.add(Buffer.from(r.challenge.relay).toString("hex"));
    }
    expect(seen.size).toBe(2);
    const first = scheduledPorChallenge(store, I, beacon, C);
    if (first.kind !== "opened") throw new Error("expected a challenge");
    let busy = 0;
    for (let h = 2n * I; h <= 12n * I; h += I) {
      const idx = scheduledHoldingIndex(beacon, h, 2);
      if (!Buffer.from(holdingAt(store, idx)!.relay).equals(Buffer.from(first.challenge.relay))) continue;
      expect(scheduledPorChallenge(store, h, beacon, C)).toEqual({ kind: "busy", relay: first.challenge.relay });
      busy++;
      break;
    }
    expect(busy).toBe(1);
  });

  it("prune a drawn holding whose volume is gone", () => {
    const store = setup();
    hold(store, keyA, shard, count);
    deleteVolume(store, 3n, owner, volume, C);
    const r = scheduledPorChallenge(store, I, beacon, C);
    expect(r).toEqual({ kind: "pruned", volume, shard });
    expect(holdingCount(store)).toBe(0);
    expect(getHolding(store, volume, shard)).toBeUndefined();
    expect(getChallenge(store, relayA)).toBeUndefined();
  });
});
