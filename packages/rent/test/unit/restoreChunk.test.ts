// Chunked restoration (cips/rent.md "Chunked restoration"): eviction keeps a hash per 64 KiB segment of the storage
// stream; chunks are checked on arrival, in order, by any senders; the last one restores exactly the evicted storage.
import { keccak256 } from "@cowboy/crypto";
import { actorStorageKey } from "@cowboy/state";
import { describe, expect, it } from "vitest";
import {
  debtCost,
  ensureTracked,
  getRentRecord,
  getRestoreProgress,
  isDormant,
  keptSegmentHashes,
  processRent,
  RentError,
  RentStatus,
  RESTORE_SEGMENT_BYTES,
  restoreActor,
  restoreChunk,
  storageStream,
  streamSegments,
  type RentContext,
  type StoragePair,
} from "../../src/index.js";
import { addr, CONFIG, World } from "../utils/fixture.js";

const A = addr(0xaa);
const P1 = addr(0x11);
const P2 = addr(0x12);
const none = (): number => 0;

/** 400 slots of 300 bytes and one 150,000-byte value (it spans three segments): 270,000+ bytes, 5 segments. */
function bigPairs(): StoragePair[] {
  const pairs: StoragePair[] = [];
  for (let i = 0; i < 400; i++) pairs.push([new Uint8Array([0x10, i >> 8, i & 0xff]), new Uint8Array(297).fill(i & 0xff)]);
  pairs.push([new Uint8Array([0x20]), Uint8Array.from({ length: 150_000 }, (_, i) => (i * 7) & 0xff)]);
  return pairs;
}

function evicted(pairs: StoragePair[], baseQuota?: bigint): { w: World; ctx: (h: bigint) => RentContext } {
  const w = new World();
  w.isActor = () => true;
  const ctx = (h: bigint): RentContext => ({ ...w.ctx(h), ...(baseQuota === undefined ? {} : { baseQuota }) });
  ensureTracked(w, A, CONFIG, 0n, ctx(0n).baseQuota);
  for (const [slot, value] of pairs) w.write(A, slot, value, 1n);
  for (let e = 1n; e <= 11n; e++) processRent(ctx(e * 10n), none);
  expect(isDormant(w, A)).toBe(true);
  return { w, ctx };
}

const code = (f: () => unknown): string => {
  try {
    f();
  } catch (error) {
    if (error instanceof RentError) return error.code;
    throw error;
  }
  return "none";
};

describe("chunked restoration", () => {
  it("eviction keeps keccak256 of each 64 KiB segment of the stream", () => {
    const pairs = bigPairs();
    const { w } = evicted(pairs);
    const stream = storageStream(pairs);
    expect(stream.length).toBe(400 * (8 + 300) + 8 + 1 + 150_000);
    const segments = streamSegments(stream);
    expect(segments.map((s) => s.length)).toEqual([65_536, 65_536, 65_536, 65_536, stream.length - 4 * RESTORE_SEGMENT_BYTES]);
    expect(keptSegmentHashes(w, A)).toEqual(segments.map((s) => keccak256(s)));
  });

  it("restores in order from two senders; out-of-order and tampered chunks are refused and change nothing", () => {
    const pairs = bigPairs();
    const { w, ctx } = evicted(pairs);
    const segments = streamSegments(storageStream(pairs));
    const owed = debtCost(getRentRecord(w, A)!, ctx(120n));
    expect(owed).toBeGreaterThan(0n);
    w.credit(P1, owed);
    w.credit(P2, 1n);
    expect(code(() => restoreChunk(ctx(120n), P1, A, 1n, segments[1]!))).toBe("INVALID_ARGUMENT");
    const tampered = segments[0]!.slice();
    tampered[100]! ^= 1;
    expect(code(() => restoreChunk(ctx(120n), P1, A, 0n, tampered))).toBe("STORAGE_ROOT_MISMATCH");
    expect(w.balanceOf(P1)).toBe(owed);
    expect(getRestoreProgress(w, A)).toBeUndefined();

    const first = restoreChunk(ctx(120n), P1, A, 0n, segments[0]!);
    expect([first.received, first.segments, first.paid, first.notice]).toEqual([1, 5, owed, undefined]);
    expect(w.balanceOf(P1)).toBe(0n);
    expect(getRestoreProgress(w, A)?.next).toBe(1n);
    // A single rent_restore may not cut across a chunked one; a repeated chunk is refused.
    expect(code(() => restoreActor(ctx(120n), P2, A, pairs))).toBe("RESTORE_IN_PROGRESS");
    expect(code(() => restoreChunk(ctx(120n), P2, A, 0n, segments[0]!))).toBe("INVALID_ARGUMENT");
    for (let i = 1; i < 4; i++) {
      const out = restoreChunk(ctx(121n), P2, A, BigInt(i), segments[i]!);
      expect([out.received, out.paid, out.notice]).toEqual([i + 1, 0n, undefined]);
      expect(isDormant(w, A)).toBe(true);
    }
    // Records are written back as they complete: the 400 small slots are in place, the big value is not yet.
    expect(getRestoreProgress(w, A)?.slots).toBe(400n);
    expect(w.get(actorStorageKey(A, new Uint8Array([0x20])))).toBeUndefined();
    const last = restoreChunk(ctx(125n), P2, A, 4n, segments[4]!);
    expect(last.notice).toMatchObject({ kind: "restored" });
    expect(w.balanceOf(P2)).toBe(1n);
    for (const [slot, value] of pairs) expect(w.get(actorStorageKey(A, slot))).toEqual(value);
    expect(w.storageBytes(A)).toBe(400n * 300n + 150_001n);
    expect(getRentRecord(w, A)).toMatchObject({ status: RentStatus.Current, debt: [], slotCount: 401n, evicted: null, assessedEpoch: 12n });
    expect(keptSegmentHashes(w, A)).toBeUndefined();
    expect(getRestoreProgress(w, A)).toBeUndefined();
  });

  it("leaves the state as before eviction, but for the rent records: no staged segment is left", () => {
    const pairs = bigPairs();
    const w0 = new World();
    w0.isActor = () => true;
    ensureTracked(w0, A, CONFIG, 0n, w0.ctx(0n).baseQuota);
    for (const [slot, value] of pairs) w0.write(A, slot, value, 1n);
    const before = new Set(w0.kv.keys());
    const { w, ctx } = evicted(pairs);
    w.credit(P1, 10n ** 15n);
    streamSegments(storageStream(pairs)).forEach((s, i) => {
      restoreChunk(ctx(120n), P1, A, BigInt(i), s);
    });
    expect(new Set(w.kv.keys())).toEqual(before);
  });

  it("restores past the base quota: the first sender pays the storage bond, the quota is the restored size", () => {
    const pairs = bigPairs();
    const base = 65_536n;
    const { w, ctx } = evicted(pairs, base);
    const bytes = 400n * 300n + 150_001n;
    const bond = (bytes - base) * CONFIG.bondPerByte;
    const owed = debtCost(getRentRecord(w, A)!, ctx(120n));
    w.credit(P1, owed + bond - 1n);
    expect(code(() => restoreChunk(ctx(120n), P1, A, 0n, streamSegments(storageStream(pairs))[0]!))).toBe("INSUFFICIENT_BALANCE");
    w.credit(P1, 1n);
    const treasury = w.balanceOf(ctx(0n).treasury);
    streamSegments(storageStream(pairs)).forEach((s, i) => {
      restoreChunk(ctx(120n), P1, A, BigInt(i), s);
    });
    expect(w.balanceOf(P1)).toBe(0n);
    expect(w.balanceOf(ctx(0n).treasury) - treasury).toBe(owed);
    expect(getRentRecord(w, A)).toMatchObject({ status: RentStatus.Current, quota: bytes, bond });
  });

  it("storage of two segments that fits one transaction may still be restored by a single rent_restore", () => {
    const pairs: StoragePair[] = [
      [new Uint8Array([1]), new Uint8Array(50_000).fill(1)],
      [new Uint8Array([2]), new Uint8Array(30_000).fill(2)],
    ];
    const { w, ctx } = evicted(pairs);
    expect(keptSegmentHashes(w, A)).toHaveLength(2);
    w.credit(P1, 10n ** 12n);
    restoreActor(ctx(120n), P1, A, pairs);
    expect(getRentRecord(w, A)).toMatchObject({ status: RentStatus.Current, slotCount: 2n, evicted: null });
    expect(keptSegmentHashes(w, A)).toBeUndefined();
  });

  it("storage that fits one segment has no chunked path; a live actor has nothing to restore", () => {
    const small: StoragePair[] = [[new Uint8Array([1]), new Uint8Array(20_000).fill(1)]];
    const { w, ctx } = evicted(small);
    expect(keptSegmentHashes(w, A)).toBeUndefined();
    expect(code(() => restoreChunk(ctx(120n), P1, A, 0n, streamSegments(storageStream(small))[0]!))).toBe("INVALID_ARGUMENT");
    const live = new World();
    live.isActor = () => true;
    ensureTracked(live, A, CONFIG, 0n, live.ctx(0n).baseQuota);
    expect(code(() => restoreChunk(live.ctx(5n), P1, A, 0n, new Uint8Array(0)))).toBe("NOT_DORMANT");
  });
});
