// Chunked restoration (cips/rent.md "Chunked restoration"): a dormant actor whose storage stream has several 64 KiB
// segments is restored one segment per transaction, in order, by any accounts. Each chunk must hash to the segment
// hash kept at eviction (checked before anything is written); complete records are written back as they arrive, the
// storage root is re-derived along the way and checked at the last chunk, which wakes the actor.
import { CodecError, decode, encode, equalBytes, fixedBytes, struct, uint, type Codec } from "@cowboy/codec";
import { keccak256 } from "@cowboy/crypto";
import { actorStorageKey } from "@cowboy/state";
import type { RentNotice } from "./assess.js";
import { assertRentable, rentEpochOf, type RentContext } from "./context.js";
import { debtCost, debtOf } from "./debt.js";
import { RentError } from "./errors.js";
import { restoreKey, segmentsKey, stagedKey } from "./keys.js";
import { RentStatus, type RentRecord } from "./record.js";
import { keptSegmentHashes, RESTORE_SEGMENT_BYTES, streamLength } from "./segments.js";
import { addSlot, getRentMeta, getRentRecord, putRentMeta, putRentRecord, type RentState } from "./store.js";
import { STORAGE_ROOT_DOMAIN } from "./storageRoot.js";

/** A restoration under way: the next segment expected, how far the stream is written back, and the root so far. */
export interface RestoreProgress {
  readonly next: bigint;
  /** Stream offset up to which whole records are written back (staged segments hold the rest). */
  readonly parsed: bigint;
  /** The storage-root hash chain over the records written back. */
  readonly root: Uint8Array;
  readonly slots: bigint;
  readonly bytes: bigint;
}

const progressCodec = struct({ next: uint, parsed: uint, root: fixedBytes(32), slots: uint, bytes: uint }) as unknown as Codec<RestoreProgress>;

export function getRestoreProgress(state: Pick<RentState, "get">, actor: Uint8Array): RestoreProgress | undefined {
  const raw = state.get(restoreKey(actor));
  if (raw === undefined) return undefined;
  try {
    return decode(progressCodec, raw);
  } catch (error) {
    if (error instanceof CodecError) throw new RentError("CORRUPT_STATE", `restore progress: ${error.message}`);
    throw error;
  }
}

/** What a chunk did: the segments received so far of how many, and the notice once the actor is restored. */
export interface ChunkOutcome {
  readonly received: number;
  readonly segments: number;
  readonly paid: bigint;
  readonly notice: RentNotice | undefined;
}

function dormantRecord(ctx: RentContext, actor: Uint8Array): RentRecord {
  assertRentable(ctx, actor);
  const record = getRentRecord(ctx.state, actor);
  if (record === undefined || record.status !== RentStatus.Dormant || record.evicted === null) throw new RentError("NOT_DORMANT", "the actor is not dormant: nothing to restore");
  return record;
}

/** Reads stream bytes [start, start + len) from the staged segments (cached per call). */
function reader(state: RentState, actor: Uint8Array) {
  const cache = new Map<number, Uint8Array>();
  const segment = (i: number): Uint8Array => {
    let s = cache.get(i);
    if (s === undefined) {
      s = state.get(stagedKey(actor, i));
      if (s === undefined) throw new RentError("CORRUPT_STATE", `restoration: staged segment ${i} is missing`);
      cache.set(i, s);
    }
    return s;
  };
  return (start: number, len: number): Uint8Array => {
    const out = new Uint8Array(len);
    let done = 0;
    while (done < len) {
      const at = start + done;
      const s = segment(Math.floor(at / RESTORE_SEGMENT_BYTES));
      const off = at % RESTORE_SEGMENT_BYTES;
      const take = Math.min(len - done, s.length - off);
      if (take <= 0) throw new RentError("CORRUPT_STATE", "restoration: a record runs past its staged segments");
      out.set(s.subarray(off, off + take), done);
      done += take;
    }
    return out;
  };
}

const u32At = (b: Uint8Array): number => ((b[0]! << 24) | (b[1]! << 16) | (b[2]! << 8) | b[3]!) >>> 0;

/**
 * Restores segment `index` of dormant `actor`'s storage from `data`. The first chunk's sender pays the back rent with
 * the catch-up fee and the storage bond for bytes above the base quota; the last chunk makes the actor current.
 */
export function restoreChunk(ctx: RentContext, payer: Uint8Array, actor: Uint8Array, index: bigint, data: Uint8Array): ChunkOutcome {
  const record = dormantRecord(ctx, actor);
  const kept = record.evicted!;
  const hashes = keptSegmentHashes(ctx.state, actor);
  if (hashes === undefined) throw new RentError("INVALID_ARGUMENT", "the actor's storage fits one segment: restore it with a single rent_restore");
  let progress = getRestoreProgress(ctx.state, actor);
  const expected = progress?.next ?? 0n;
  if (index !== expected) throw new RentError("INVALID_ARGUMENT", `chunk ${index}: the restoration expects chunk ${expected} of ${hashes.length}`);
  if (!equalBytes(keccak256(data), hashes[Number(index)]!)) throw new RentError("STORAGE_ROOT_MISMATCH", `chunk ${index} does not hash to segment ${index} kept at eviction`);

  let paid = 0n;
  if (progress === undefined) {
    // The first chunk commits the restorer: back rent with the catch-up fee, and the bond for a quota above the base.
    const quota = kept.bytes > ctx.baseQuota ? kept.bytes : ctx.baseQuota;
    if (quota > ctx.config.maxQuotaBytes) throw new RentError("INVALID_QUOTA", `restoring ${kept.bytes} bytes needs a quota above the maximum ${ctx.config.maxQuotaBytes}`);
    const bond = (quota - ctx.baseQuota) * ctx.config.bondPerByte;
    paid = debtCost(record, ctx) + bond;
    const balance = ctx.accounts.balanceOf(payer);
    if (balance < paid) throw new RentError("INSUFFICIENT_BALANCE", `the payer's balance ${balance} does not cover ${paid} (back rent, catch-up fee and storage bond)`);
    ctx.accounts.debit(payer, paid);
    ctx.accounts.credit(ctx.treasury, paid - bond);
    putRentRecord(ctx.state, actor, { ...record, debt: [], quota, bond });
    progress = { next: 0n, parsed: 0n, root: keccak256(new TextEncoder().encode(STORAGE_ROOT_DOMAIN)), slots: 0n, bytes: 0n };
  }

  // Stage the verified segment, then write back every record it completes.
  const i = Number(index);
  ctx.state.set(stagedKey(actor, i), data.slice());
  const read = reader(ctx.state, actor);
  const available = i * RESTORE_SEGMENT_BYTES + data.length;
  let { parsed, root, slots, bytes } = progress;
  let at = Number(parsed);
  for (;;) {
    if (at + 4 > available) break;
    const slotLen = u32At(read(at, 4));
    if (at + 8 + slotLen > available) break;
    const valueLen = u32At(read(at + 4 + slotLen, 4));
    const end = at + 8 + slotLen + valueLen;
    if (end > available) break;
    const slot = read(at + 4, slotLen);
    const value = read(at + 8 + slotLen, valueLen);
    ctx.state.set(actorStorageKey(actor, slot), value);
    slots = addSlot(ctx.state, actor, slot, slots);
    bytes += BigInt(slotLen + valueLen);
    // The record's bytes are exactly what the storage root chains: u32(|slot|) ‖ slot ‖ u32(|value|) ‖ value.
    root = keccak256(concat(root, read(at, end - at)));
    at = end;
  }
  // Segments wholly before the parse offset are no longer needed.
  for (let s = Math.floor(Number(parsed) / RESTORE_SEGMENT_BYTES); s < Math.floor(at / RESTORE_SEGMENT_BYTES); s++) ctx.state.delete(stagedKey(actor, s));
  parsed = BigInt(at);

  if (i < hashes.length - 1) {
    ctx.state.set(restoreKey(actor), encode(progressCodec, { next: index + 1n, parsed, root, slots, bytes }));
    return { received: i + 1, segments: hashes.length, paid, notice: undefined };
  }
  // The last chunk: the whole stream is written back and must be exactly the storage kept at eviction.
  if (parsed !== streamLength(kept.bytes, kept.slots) || slots !== kept.slots || bytes !== kept.bytes || !equalBytes(root, kept.root)) {
    throw new RentError("STORAGE_ROOT_MISMATCH", "the restored storage does not match the root, slot and byte counts kept at eviction");
  }
  ctx.state.delete(stagedKey(actor, Math.floor(at / RESTORE_SEGMENT_BYTES)));
  ctx.state.delete(restoreKey(actor));
  ctx.state.delete(segmentsKey(actor));
  ctx.accounts.setStorageBytes(actor, bytes);
  const meta = getRentMeta(ctx.state, ctx.config.ratePerByteYear);
  putRentMeta(ctx.state, { ...meta, totalBytes: meta.totalBytes + bytes });
  const current = getRentRecord(ctx.state, actor)!;
  putRentRecord(ctx.state, actor, { ...current, status: RentStatus.Current, assessedEpoch: rentEpochOf(ctx.height, ctx.config), debt: [], slotCount: slots, evicted: null });
  return { received: hashes.length, segments: hashes.length, paid, notice: { actor, kind: "restored", epochsLeft: 0n, debt: debtOf(record) } };
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
