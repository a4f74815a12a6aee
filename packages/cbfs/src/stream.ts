// Stripe-at-a-time encode and decode (cips/cbfs.md §3, §13): the same bytes as encodeFile/decodeFile, but one
// stripe's plaintext in memory at a time, so files larger than memory are put and got segment by segment.
// A segment that straddles two stripes is sealed once for each (same key, nonce and plaintext: same bytes).
import { CbfsError } from "./errors.js";
import { stripeLayout } from "./layout.js";
import type { CodingParams } from "./manifest.js";
import { shardRoot } from "./merkle.js";
import { GCM_TAG_BYTES } from "./params.js";
import type { ReedSolomon } from "./reed-solomon.js";
import { checkKey, ciphertextLength, decryptSegmentInto, encryptSegmentInto, segmentCount } from "./segments.js";

/** The plaintext bytes [start, end) whose segments cover stripe `s`, and those segments' indices. */
export function stripePlainRange(length: number, p: CodingParams, s: number): { start: number; end: number; first: number; last: number } {
  const sealed = p.segmentSize + GCM_TAG_BYTES;
  const { offset, dataBytes } = stripeLayout(length, p, s);
  const first = Math.floor(offset / sealed);
  const last = Math.floor((offset + dataBytes - 1) / sealed);
  return { start: first * p.segmentSize, end: Math.min(length, (last + 1) * p.segmentSize), first, last };
}

/** One encoded stripe: its K data + M parity shards and their chunk-tree roots. */
export interface EncodedStripe {
  readonly shards: Uint8Array[];
  readonly roots: Uint8Array[];
}

/**
 * Encodes stripe `s` of a file of `length` plaintext bytes from `plain`, the bytes `stripePlainRange` names.
 * Byte for byte what encodeFile makes for that stripe.
 */
export function encodeStripe(key: Uint8Array, length: number, p: CodingParams, s: number, plain: Uint8Array, rs: ReedSolomon): EncodedStripe {
  checkKey(key);
  const range = stripePlainRange(length, p, s);
  if (plain.length !== range.end - range.start) throw new CbfsError("INVALID_PARAMS", `stripe ${s} needs ${range.end - range.start} plaintext bytes, got ${plain.length}`);
  const sealed = p.segmentSize + GCM_TAG_BYTES;
  const count = segmentCount(length, p.segmentSize);
  const { offset, dataBytes, blockSize } = stripeLayout(length, p, s);
  const base = range.first * sealed;
  // Room for every covered segment and for the zero padding of the last stripe's blocks.
  const buf = new Uint8Array(Math.max((range.last - range.first + 1) * sealed, offset - base + p.k * blockSize));
  for (let i = range.first; i <= range.last; i++) {
    const from = (i - range.first) * p.segmentSize;
    encryptSegmentInto(key, plain.subarray(from, Math.min(from + p.segmentSize, plain.length)), i, i === count - 1, buf, (i - range.first) * sealed);
  }
  const start = offset - base;
  // Bytes past the stripe's data (the next stripe's part of a straddling segment) become zero padding.
  buf.fill(0, start + dataBytes);
  const data = Array.from({ length: p.k }, (_, j) => buf.subarray(start + j * blockSize, start + (j + 1) * blockSize));
  const shards = [...data, ...rs.encode(data)];
  return { shards, roots: shards.map((shard) => shardRoot(shard, p.chunkSize)) };
}

/** The stream bytes a stripe's K verified data blocks carry, padding checked to be zero (SHARD_MISMATCH if not). */
export function stripeStreamParts(length: number, p: CodingParams, s: number, blocks: readonly Uint8Array[]): Uint8Array[] {
  const { offset, dataBytes, blockSize } = stripeLayout(length, p, s);
  return blocks.map((block, j) => {
    const take = Math.max(0, Math.min(blockSize, offset + dataBytes - (offset + j * blockSize)));
    for (let i = take; i < block.length; i++) if (block[i] !== 0) throw new CbfsError("SHARD_MISMATCH", `stripe ${s} has non-zero padding`);
    return block.subarray(0, take);
  });
}

/** Decrypts a segment stream fed in order, in pieces of any size; plaintext comes out a whole segment at a time. */
export class StreamDecryptor {
  private readonly sealed: number;
  private readonly count: number;
  private readonly lastSealed: number;
  private readonly pending: Uint8Array;
  private have = 0;
  private next = 0;

  constructor(
    private readonly key: Uint8Array,
    private readonly length: number,
    private readonly segmentSize: number,
  ) {
    checkKey(key);
    this.sealed = segmentSize + GCM_TAG_BYTES;
    this.count = segmentCount(length, segmentSize);
    this.lastSealed = ciphertextLength(length, segmentSize) - (this.count - 1) * this.sealed;
    this.pending = new Uint8Array(this.sealed);
  }

  /** Feeds stream bytes; returns the plaintext of every segment they complete (possibly empty). */
  push(bytes: Uint8Array): Uint8Array {
    let complete = 0;
    let room = this.have + bytes.length;
    for (let i = this.next; i < this.count; i++) {
      const need = i === this.count - 1 ? this.lastSealed : this.sealed;
      if (room < need) break;
      room -= need;
      complete++;
    }
    if (this.next + complete === this.count && room > 0) throw new CbfsError("DECRYPT_FAILED", "the segment stream runs past its last segment");
    const out = new Uint8Array(Math.max(0, Math.min(this.length, (this.next + complete) * this.segmentSize) - this.next * this.segmentSize));
    let at = 0;
    let pos = 0;
    for (let c = 0; c < complete; c++) {
      const need = this.next === this.count - 1 ? this.lastSealed : this.sealed;
      let sealed: Uint8Array;
      if (this.have > 0) {
        this.pending.set(bytes.subarray(pos, pos + need - this.have), this.have);
        pos += need - this.have;
        this.have = 0;
        sealed = this.pending.subarray(0, need);
      } else {
        sealed = bytes.subarray(pos, pos + need);
        pos += need;
      }
      decryptSegmentInto(this.key, sealed, this.next, this.count, out, at);
      at += need - GCM_TAG_BYTES;
      this.next++;
    }
    this.pending.set(bytes.subarray(pos), this.have);
    this.have += bytes.length - pos;
    return out;
  }

  /** Throws DECRYPT_FAILED unless every segment, the final one included, has been decrypted. */
  finish(): void {
    if (this.next !== this.count) throw new CbfsError("DECRYPT_FAILED", `the stream ended after ${this.next} of ${this.count} segments: truncated`);
  }
}
