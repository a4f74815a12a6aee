// Rent paid out to relays (cips/cbfs.md §7.1): every rentPayoutInterval blocks each held volume's rent for the blocks
// since its last payout (never past its paid-up height) is split into max(holdings, K+M) equal shares, one per holding
// whose relay is live and in good PoR standing; a delete or replace settles up to its height first.
import { addressFromPrivateKey } from "@cowboy/crypto";
import { describe, expect, it } from "vitest";
import {
  type ChainStore,
  DEFAULT_CBFS_CHAIN_CONFIG as C,
  anchorVolume,
  closeVolumeRent,
  deleteVolume,
  expirePorChallenges,
  getVolume,
  heartbeat,
  openPorChallenge,
  payVolumeRent,
  recordHolding,
  registerRelay,
  rentFor,
  rentPaidOutTo,
  rentPayoutCursor,
  scheduledRentPayout,
  shardRoot,
  signStorageReceipt,
} from "../../src/index.js";

function memoryStore(): ChainStore {
  const m = new Map<string, Uint8Array>();
  const k = (key: Uint8Array) => Buffer.from(key).toString("hex");
  return { get: (key) => m.get(k(key)), set: (key, v) => void m.set(k(key), v.slice()), delete: (key) => void m.delete(k(key)) };
}

const keys = [3, 4, 5].map((b) => new Uint8Array(32).fill(b));
const [relayA, relayB, relayC] = keys.map((k) => addressFromPrivateKey(k)) as [Uint8Array, Uint8Array, Uint8Array];
const owner = new Uint8Array(20).fill(9);
const volume = new Uint8Array(32).fill(0xaa);
const CHUNK = 64;
const shards = [1, 2, 3].map((s) =>
  shardRoot(
    Uint8Array.from({ length: CHUNK * 2 }, (_, i) => (i * s + 11) & 0xff),
    CHUNK,
  ),
);
const I = C.rentPayoutInterval;
// 1,000 bytes coded 2+1 → 1,500 stored bytes → 1 MiB: rent 10 per block.
const PER_BLOCK = rentFor(1000n, 2, 1, 1n, C);

function setup(blocks = 1000n): ChainStore {
  const store = memoryStore();
  for (const [i, r] of [relayA, relayB, relayC].entries()) registerRelay(store, 1n, r, { stake: C.minRelayStake, capacity: 1n << 30n, endpoint: `http://127.0.0.1:${i + 1}` }, C);
  anchorVolume(store, 1n, owner, { root: volume, size: 1000n, k: 2, m: 1, blocks }, C);
  return store;
}

const hold = (store: ChainStore, i: number, root = volume) =>
  recordHolding(store, 2n, { volume: root, shard: shards[i]!, relay: addressFromPrivateKey(keys[i]!), chunkCount: 2, receipt: signStorageReceipt(root, shards[i]!, 2, keys[i]!) });

/** relay tag → amount (payments follow the holdings' (volume ‖ shard) order, which is not the relays'). */
const byRelay = (ps: { relay: Uint8Array; amount: bigint }[]) => Object.fromEntries(ps.map((p) => [tag(p.relay), p.amount]));
const tag = (a: Uint8Array) => Buffer.from(a).toString("hex").slice(0, 8);
const A = tag(relayA);
const B = tag(relayB);
const Cc = tag(relayC);

describe("rent payout", () => {
  it("pays only at multiples of the interval, in max(holdings, K+M) shares, for the blocks since the last payout", () => {
    const store = setup();
    expect(PER_BLOCK).toBe(10n);
    hold(store, 0);
    hold(store, 1);
    expect(scheduledRentPayout(store, I - 1n, C)).toEqual([]);
    // Blocks [1, 100): 99 × 10 = 990 in three shares (K+M = 3 > 2 holdings) of 330; the third share stays at 0x0A.
    const first = scheduledRentPayout(store, I, C);
    expect(first).toHaveLength(2);
    expect(byRelay(first)).toEqual({ [A]: 330n, [B]: 330n });
    expect(rentPaidOutTo(store, getVolume(store, volume)!)).toBe(I);
    expect(scheduledRentPayout(store, I, C)).toEqual([]);
    hold(store, 2);
    // Blocks [100, 200): 1,000 in three shares of 333 (floor; the remainder 1 stays at 0x0A).
    expect(byRelay(scheduledRentPayout(store, 2n * I, C))).toEqual({ [A]: 333n, [B]: 333n, [Cc]: 333n });
  });

  it("never pays past the paid-up height, and the total never exceeds the rent prepaid", () => {
    const store = setup(250n); // paidUntil = 251
    for (const i of [0, 1, 2]) hold(store, i);
    let paid = 0n;
    for (let h = I; h <= 10n * I; h += I) {
      for (const r of [relayA, relayB, relayC]) heartbeat(store, h, r);
      for (const p of scheduledRentPayout(store, h, C)) paid += p.amount;
    }
    // [1, 100) 330×3, [100, 200) 333×3, [200, 251) 170×3.
    expect(paid).toBe(3n * (330n + 333n + 170n));
    expect(paid).toBeLessThanOrEqual(rentFor(1000n, 2, 1, 250n, C));
    expect(rentPaidOutTo(store, getVolume(store, volume)!)).toBe(251n);
  });

  it("holds back the share of a relay that stopped heartbeating or is PoR-suspended", () => {
    const store = setup(10_000n);
    for (const i of [0, 1, 2]) hold(store, i);
    const h = C.deadAfter + 2n * I; // relays registered at 1 are dead unless they heartbeat
    heartbeat(store, h - 1n, relayB);
    heartbeat(store, h - 1n, relayC);
    // C misses a PoR deadline: suspended, not slashed.
    openPorChallenge(
      store,
      h - 50n,
      new Uint8Array(32),
      owner,
      { relay: relayC, volume, shard: shards[2]!, chunkCount: 2, receipt: signStorageReceipt(volume, shards[2]!, 2, keys[2]!) },
      C,
    );
    expireP(store, h - 50n + C.porResponseBlocks + 1n);
    const paid = scheduledRentPayout(store, h, C);
    expect(byRelay(paid)).toEqual({ [B]: ((h - 1n) * PER_BLOCK) / 3n });
  });

  it("a delete settles the holders up to its height; a root anchored again starts from its new anchor", () => {
    const store = setup(1000n);
    for (const i of [0, 1, 2]) hold(store, i);
    expect(byRelay(closeVolumeRent(store, volume, 41n, C))).toEqual({ [A]: 133n, [B]: 133n, [Cc]: 133n });
    deleteVolume(store, 41n, owner, volume, C);
    expect(payVolumeRent(store, volume, 100n, C)).toEqual([]);
    anchorVolume(store, 500n, owner, { root: volume, size: 1000n, k: 2, m: 1, blocks: 1000n }, C);
    for (const r of [relayA, relayB, relayC]) heartbeat(store, 599n, r);
    // The holdings (not pruned yet) are paid only for [500, 600).
    expect(byRelay(scheduledRentPayout(store, 600n, C))).toEqual({ [A]: 333n, [B]: 333n, [Cc]: 333n });
  });

  it("pays a pass of many volumes a few per block from a cursor; each volume up to its own block; nothing lost", () => {
    const store = setup();
    // Five more volumes, each held by relay A; with the first, six held volumes paid 2 per block.
    const roots = [0x11, 0x22, 0x33, 0x44, 0x55].map((b) => new Uint8Array(32).fill(b));
    for (const r of roots) {
      anchorVolume(store, 1n, owner, { root: r, size: 1000n, k: 2, m: 1, blocks: 1000n }, C);
      hold(store, 0, r);
    }
    hold(store, 0);
    const all = [...roots, volume];
    expect(scheduledRentPayout(store, I - 1n, C, 2)).toEqual([]);
    const paid: { volume: Uint8Array; amount: bigint; at: bigint }[] = [];
    for (let h = I; h < I + 5n; h++) for (const p of scheduledRentPayout(store, h, C, 2)) paid.push({ volume: p.volume, amount: p.amount, at: h });
    // Root order, two per block: 0x11, 0x22 at I; 0x33, 0x44 at I+1; 0x55, 0xaa at I+2; the pass is over at I+2.
    expect(paid.map((p) => [Buffer.from(p.volume).toString("hex").slice(0, 2), p.at])).toEqual([
      ["11", I],
      ["22", I],
      ["33", I + 1n],
      ["44", I + 1n],
      ["55", I + 2n],
      ["aa", I + 2n],
    ]);
    // Each is paid (max(1, K+M) = 3 shares, one held) for the blocks from its anchor to the block it was paid in.
    for (const p of paid) expect(p.amount).toBe((PER_BLOCK * (p.at - 1n)) / 3n);
    expect(rentPayoutCursor(store)).toBeUndefined();
    for (const r of all) expect(rentPaidOutTo(store, getVolume(store, r)!)).toBe(paid.find((p) => p.volume.every((b, i) => b === r[i]))!.at);
    // The next pass starts at the next multiple; a root deleted under the cursor pays nothing (its holding stays listed
    // until the PoR schedule prunes it, so it still counts against the block's budget).
    expect(scheduledRentPayout(store, 2n * I - 1n, C, 2)).toEqual([]);
    expect(scheduledRentPayout(store, 2n * I, C, 2).map((p) => p.amount)).toEqual([((I + 0n) * PER_BLOCK) / 3n, ((I + 0n) * PER_BLOCK) / 3n]);
    expect(rentPayoutCursor(store)).toEqual(roots[2]);
    closeVolumeRent(store, roots[2]!, 2n * I, C);
    deleteVolume(store, 2n * I, owner, roots[2]!, C);
    const names = (ps: { volume: Uint8Array }[]) => ps.map((p) => Buffer.from(p.volume).toString("hex").slice(0, 2));
    expect(names(scheduledRentPayout(store, 2n * I + 1n, C, 2))).toEqual(["44"]);
    expect(names(scheduledRentPayout(store, 2n * I + 2n, C, 2))).toEqual(["55", "aa"]);
    expect(rentPayoutCursor(store)).toBeUndefined();
    expect(scheduledRentPayout(store, 2n * I + 3n, C, 2)).toEqual([]);
  });
});

const expireP = (store: ChainStore, height: bigint) => expirePorChallenges(store, height, C);
