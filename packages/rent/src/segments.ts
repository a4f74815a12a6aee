// The evicted storage as a stream of 64 KiB segments (cips/rent.md "Chunked restoration"): the pairs by ascending slot,
// each `u32be(|slot|) ‖ slot ‖ u32be(|value|) ‖ value` (the records the storage root hashes), cut every 64 KiB. Eviction
// keeps keccak256 of every segment when there are several, so each chunk of a restoration is checked on arrival.
import { compareBytes } from "@cowboy/codec";
import { keccak256 } from "@cowboy/crypto";
import { RentError } from "./errors.js";
import { segmentsKey, u32be } from "./keys.js";
import type { RentState } from "./store.js";
import type { StoragePair } from "./storageRoot.js";

/** Bytes of one segment (the last may be shorter): a chunk fits a 128 KiB transaction with room to spare. */
export const RESTORE_SEGMENT_BYTES = 65_536;

/** The stream's length for `bytes` of storage in `slots` pairs: each record adds two u32 lengths. */
export const streamLength = (bytes: bigint, slots: bigint): bigint => bytes + 8n * slots;

/** How many segments a stream of `length` bytes has (at least 1). */
export const segmentCount = (length: bigint): number => Math.max(1, Math.ceil(Number(length) / RESTORE_SEGMENT_BYTES));

/** The stream of `pairs` (sorted by slot here). */
export function storageStream(pairs: readonly StoragePair[]): Uint8Array {
  const sorted = [...pairs].sort((a, b) => compareBytes(a[0], b[0]));
  const out = new Uint8Array(sorted.reduce((n, [slot, value]) => n + 8 + slot.length + value.length, 0));
  let at = 0;
  for (const [slot, value] of sorted) {
    out.set(u32be(slot.length), at);
    out.set(slot, at + 4);
    at += 4 + slot.length;
    out.set(u32be(value.length), at);
    out.set(value, at + 4);
    at += 4 + value.length;
  }
  return out;
}

/** The stream cut into segments of RESTORE_SEGMENT_BYTES (one empty segment for an empty stream). */
export function streamSegments(stream: Uint8Array): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let at = 0; at < stream.length; at += RESTORE_SEGMENT_BYTES) out.push(stream.subarray(at, at + RESTORE_SEGMENT_BYTES));
  return out.length === 0 ? [new Uint8Array(0)] : out;
}

/** keccak256 of each segment of `pairs`' stream. */
export const segmentHashes = (pairs: readonly StoragePair[]): Uint8Array[] => streamSegments(storageStream(pairs)).map((s) => keccak256(s));

/** Eviction: keeps the segment hashes when the stream has more than one segment (one fits a single rent_restore). */
export function keepSegmentHashes(state: RentState, actor: Uint8Array, pairs: readonly StoragePair[]): void {
  const hashes = segmentHashes(pairs);
  if (hashes.length <= 1) return;
  const out = new Uint8Array(hashes.length * 32);
  hashes.forEach((h, i) => {
    out.set(h, i * 32);
  });
  state.set(segmentsKey(actor), out);
}

/** The segment hashes kept at eviction, or undefined when the storage fits one segment. */
export function keptSegmentHashes(state: Pick<RentState, "get">, actor: Uint8Array): Uint8Array[] | undefined {
  const raw = state.get(segmentsKey(actor));
  if (raw === undefined) return undefined;
  if (raw.length === 0 || raw.length % 32 !== 0) throw new RentError("CORRUPT_STATE", "segment hashes: expected a multiple of 32 bytes");
  const out: Uint8Array[] = [];
  for (let at = 0; at < raw.length; at += 32) out.push(raw.subarray(at, at + 32));
  return out;
}
