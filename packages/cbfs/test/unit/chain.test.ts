import { describe, expect, it } from "vitest";
import {
  type ChainStore,
  DEFAULT_CBFS_CHAIN_CONFIG as C,
  anchorVolume,
  deleteVolume,
  exitRelay,
  getRelay,
  getVolume,
  heartbeat,
  isRevoked,
  orphanReleaseAt,
  placeStripe,
  placementSet,
  recordRepair,
  registerRelay,
  rentFor,
  replaceVolume,
  revokeCapToken,
  storedMiB,
  withdrawRelay,
} from "../../src/index.js";

function memoryStore(): ChainStore & { size(): number } {
  const m = new Map<string, Uint8Array>();
  const k = (key: Uint8Array) => Buffer.from(key).toString("hex");
  return { get: (key) => m.get(k(key)), set: (key, v) => void m.set(k(key), v.slice()), delete: (key) => void m.delete(k(key)), size: () => m.size };
}

const addr = (n: number) => Uint8Array.from({ length: 20 }, (_, i) => (i === 0 ? n : 0));
const STAKE = C.minRelayStake;

describe("0x0B relay registry", () => {
  it("registers, heartbeats, goes dead without heartbeats, exits and withdraws after unbonding", () => {
    const s = memoryStore();
    registerRelay(s, 10n, addr(1), { stake: STAKE, capacity: 1n << 40n, endpoint: "http://127.0.0.1:7001" }, C);
    expect(() => registerRelay(s, 11n, addr(1), { stake: STAKE, capacity: 1n, endpoint: "http://x" }, C)).toThrow(expect.objectContaining({ code: "RELAY_EXISTS" }));
    expect(() => registerRelay(s, 11n, addr(2), { stake: STAKE - 1n, capacity: 1n, endpoint: "http://x" }, C)).toThrow(expect.objectContaining({ code: "INVALID_RELAY" }));
    expect(() => registerRelay(s, 11n, addr(2), { stake: STAKE, capacity: 1n, endpoint: "ftp://x" }, C)).toThrow(expect.objectContaining({ code: "INVALID_RELAY" }));
    expect(placementSet(s, 10n + C.deadAfter, C)).toHaveLength(1);
    expect(placementSet(s, 11n + C.deadAfter, C)).toHaveLength(0);
    heartbeat(s, 500n, addr(1));
    expect(getRelay(s, addr(1))!.lastHeartbeat).toBe(500n);
    expect(placementSet(s, 500n + C.deadAfter, C)).toHaveLength(1);
    exitRelay(s, 600n, addr(1));
    expect(placementSet(s, 601n, C)).toHaveLength(0);
    expect(() => withdrawRelay(s, 600n + C.unbondingBlocks - 1n, addr(1), C)).toThrow(expect.objectContaining({ code: "RELAY_STATE" }));
    expect(withdrawRelay(s, 600n + C.unbondingBlocks, addr(1), C)).toBe(STAKE);
    expect(getRelay(s, addr(1))).toBeUndefined();
    expect(s.size()).toBe(0);
  });

  it("placement from chain state: stake-weighted, deterministic, never one operator twice in a stripe", () => {
    const s = memoryStore();
    for (let i = 1; i <= 8; i++)
      registerRelay(s, 1n, addr(i), { stake: STAKE * BigInt(i), capacity: 1n << 40n, endpoint: `http://127.0.0.1:${7000 + i}`, operator: addr(100 + (i % 7)) }, C);
    const set = placementSet(s, 2n, C);
    const root = new Uint8Array(32).fill(9);
    const counts = new Map<number, number>();
    for (let stripe = 0; stripe < 400; stripe++) {
      const placed = placeStripe(set, root, stripe, 6);
      expect(placeStripe(set, root, stripe, 6)).toEqual(placed);
      const operators = placed.map((i) => Buffer.from(set[i]!.operator).toString("hex"));
      expect(new Set(operators).size).toBe(6);
      for (const i of placed) counts.set(i, (counts.get(i) ?? 0) + 1);
    }
    // Relays 1 and 8 share an operator (1 % 7 = 8 % 7): only 7 operators, so asking for 8 shards fails.
    expect(() => placeStripe(set, root, 0, 8)).toThrow(expect.objectContaining({ code: "NOT_ENOUGH_RELAYS" }));
    // Heavier stake is drawn more often: relay 7 (stake 7) more than relay 2 (stake 2).
    expect(counts.get(6)!).toBeGreaterThan(counts.get(1)!);
  });
});

describe("0x0A storage manager", () => {
  const root = (n: number) => new Uint8Array(32).fill(n);
  const size = 64n << 20n;

  it("anchors with prepaid rent by the rule; refuses a second anchor; only the owner deletes, with a pro-rata refund", () => {
    const s = memoryStore();
    expect(storedMiB(size, 4, 2)).toBe(96n);
    const rent = anchorVolume(s, 100n, addr(1), { root: root(1), size, k: 4, m: 2, blocks: 1000n }, C);
    expect(rent).toBe(96n * 1000n * C.rentPerMiBBlock);
    expect(rentFor(size, 4, 2, 1000n, C)).toBe(rent);
    expect(() => anchorVolume(s, 100n, addr(2), { root: root(1), size, k: 4, m: 2, blocks: 1n }, C)).toThrow(expect.objectContaining({ code: "VOLUME_EXISTS" }));
    expect(() => deleteVolume(s, 200n, addr(2), root(1), C)).toThrow(expect.objectContaining({ code: "NOT_OWNER" }));
    expect(deleteVolume(s, 600n, addr(1), root(1), C)).toEqual({ refund: 96n * 500n * C.rentPerMiBBlock, owner: addr(1) });
    expect(getVolume(s, root(1))).toBeUndefined();
  });

  it("a lapsed volume may be deleted by anyone, without refund", () => {
    const s = memoryStore();
    anchorVolume(s, 0n, addr(1), { root: root(2), size: 10n, k: 2, m: 1, blocks: 10n }, C);
    expect(() => deleteVolume(s, 10n + C.rentGraceBlocks, addr(9), root(2), C)).toThrow(expect.objectContaining({ code: "NOT_OWNER" }));
    expect(deleteVolume(s, 11n + C.rentGraceBlocks, addr(9), root(2), C).refund).toBe(0n);
  });

  it("replace orphans the old root for ORPHAN_SHARD_TTL and credits its unexpired rent", () => {
    const s = memoryStore();
    anchorVolume(s, 0n, addr(1), { root: root(3), size, k: 4, m: 2, blocks: 100n }, C);
    const due = replaceVolume(s, 40n, addr(1), root(3), { root: root(4), size, k: 4, m: 2, blocks: 100n }, C);
    expect(due).toBe(96n * 40n * C.rentPerMiBBlock);
    expect(orphanReleaseAt(s, root(3))).toBe(40n + 86_400n);
    expect(getVolume(s, root(3))).toBeUndefined();
    expect(getVolume(s, root(4))!.paidUntil).toBe(140n);
    expect(() => replaceVolume(s, 41n, addr(2), root(4), { root: root(5), size, k: 4, m: 2, blocks: 1n }, C)).toThrow(expect.objectContaining({ code: "NOT_OWNER" }));
  });

  it("revokes CapToken nonces once; records repairs", () => {
    const s = memoryStore();
    revokeCapToken(s, 5n, addr(1), 7n);
    expect(isRevoked(s, addr(1), 7n)).toBe(true);
    expect(isRevoked(s, addr(2), 7n)).toBe(false);
    expect(() => revokeCapToken(s, 6n, addr(1), 7n)).toThrow(expect.objectContaining({ code: "ALREADY_REVOKED" }));
    anchorVolume(s, 0n, addr(1), { root: root(6), size: 1n, k: 4, m: 2, blocks: 1n }, C);
    expect(recordRepair(s, root(6), 0n, 5).repairs).toBe(1n);
    expect(() => recordRepair(s, root(6), 0n, 6)).toThrow(expect.objectContaining({ code: "INVALID_VOLUME" }));
  });
});
