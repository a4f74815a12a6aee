// Random-access reads of a CBFS file (what a FUSE mount serves, cips/cbfs.md §12): a read of bytes [a, b) fetches
// only the stripes holding the sealed segments that cover it, each stripe's shards verified against the manifest,
// and decrypts only those segments (AES-GCM with the segment's index and final flag, so a segment served at the
// wrong offset fails). Recently used stripes and segments are kept in small LRU caches.
import { CbfsError } from "../errors.js";
import { stripeLayout } from "../layout.js";
import type { Manifest } from "../manifest.js";
import { GCM_TAG_BYTES } from "../params.js";
import { checkKey, ciphertextLength, decryptSegmentInto, segmentCount } from "../segments.js";
import { stripeStreamParts } from "../stream.js";
import type { StripeFetcher } from "./stripes.js";

export interface ReaderOptions {
  /** Bytes of verified stripe data kept (default 32 MiB; at least one stripe). */
  readonly cacheBytes?: number;
  /** Stripes fetched ahead of the last one a read touched (default 0: a read fetches only what it needs). */
  readonly readAhead?: number;
}

export interface VolumeReader {
  readonly manifest: Manifest;
  /** The plaintext length. */
  readonly size: number;
  /** Plaintext bytes [offset, offset + length), cut at the end of the file. */
  read(offset: number, length: number): Promise<Uint8Array>;
  /** Stripes fetched from relays so far (cache misses). */
  readonly stripesFetched: number;
}

/** A Map used as an LRU: get moves the entry to the back, set evicts from the front past `limit`. */
class Lru<V> {
  readonly #map = new Map<number, V>();
  constructor(private readonly limit: number) {}
  get(key: number): V | undefined {
    const v = this.#map.get(key);
    if (v !== undefined) {
      this.#map.delete(key);
      this.#map.set(key, v);
    }
    return v;
  }
  set(key: number, v: V): void {
    this.#map.delete(key);
    this.#map.set(key, v);
    while (this.#map.size > this.limit) this.#map.delete(this.#map.keys().next().value!);
  }
  delete(key: number): void {
    this.#map.delete(key);
  }
}

export function createVolumeReader(m: Manifest, fileKey: Uint8Array, fetchStripe: StripeFetcher, options: ReaderOptions = {}): VolumeReader {
  checkKey(fileKey);
  const key = fileKey.slice(); // the caller may wipe its copy
  const size = Number(m.plaintextLength);
  const sealed = m.segmentSize + GCM_TAG_BYTES;
  const segments = segmentCount(size, m.segmentSize);
  const streamLength = ciphertextLength(size, m.segmentSize);
  const stripeBytes = m.k * m.blockSize;
  const stripes = m.shardRoots.length;
  const ahead = options.readAhead ?? 0;
  const stripeCache = new Lru<Promise<Uint8Array>>(Math.max(ahead + 2, Math.floor((options.cacheBytes ?? 32 * 1024 * 1024) / stripeBytes)));
  const segmentCache = new Lru<Uint8Array>(8);
  let fetched = 0;

  /** Stripe `s`'s part of the segment stream (its data blocks joined, padding checked to be zero). */
  const stripe = (s: number): Promise<Uint8Array> => {
    const cached = stripeCache.get(s);
    if (cached !== undefined) return cached;
    fetched++;
    const loading = fetchStripe(s).then((blocks) => {
      const parts = stripeStreamParts(size, m, s, blocks);
      const out = new Uint8Array(stripeLayout(size, m, s).dataBytes);
      let at = 0;
      for (const p of parts) {
        out.set(p, at);
        at += p.length;
      }
      return out;
    });
    // A failed fetch is forgotten, so a later read tries the relays again.
    loading.catch(() => stripeCache.delete(s));
    stripeCache.set(s, loading);
    return loading;
  };

  /** Segment stream bytes [a, b), from the one or two stripes that hold them. */
  const streamBytes = async (a: number, b: number): Promise<Uint8Array> => {
    const first = Math.floor(a / stripeBytes);
    const last = Math.floor((b - 1) / stripeBytes);
    const out = new Uint8Array(b - a);
    for (let s = first; s <= last; s++) {
      const data = await stripe(s);
      const from = Math.max(a, s * stripeBytes);
      const to = Math.min(b, s * stripeBytes + data.length);
      out.set(data.subarray(from - s * stripeBytes, to - s * stripeBytes), from - a);
    }
    return out;
  };

  const segment = async (i: number): Promise<Uint8Array> => {
    const cached = segmentCache.get(i);
    if (cached !== undefined) return cached;
    const start = i * sealed;
    const bytes = await streamBytes(start, Math.min(start + sealed, streamLength));
    const plain = new Uint8Array(bytes.length - GCM_TAG_BYTES);
    decryptSegmentInto(key, bytes, i, segments, plain, 0);
    segmentCache.set(i, plain);
    return plain;
  };

  return {
    manifest: m,
    size,
    get stripesFetched() {
      return fetched;
    },
    async read(offset, length) {
      if (!Number.isSafeInteger(offset) || !Number.isSafeInteger(length) || offset < 0 || length < 0)
        throw new CbfsError("INVALID_PARAMS", `read: offset and length must be non-negative integers, got ${offset}, ${length}`);
      const end = Math.min(size, offset + length);
      if (offset >= end) return new Uint8Array(0);
      const first = Math.floor(offset / m.segmentSize);
      const last = Math.floor((end - 1) / m.segmentSize);
      const reading = Promise.all(Array.from({ length: last - first + 1 }, (_, j) => segment(first + j)));
      const lastStripe = Math.floor(Math.min(streamLength - 1, (last + 1) * sealed - 1) / stripeBytes);
      for (let s = lastStripe + 1; s <= lastStripe + ahead && s < stripes; s++) stripe(s).catch(() => {});
      const out = new Uint8Array(end - offset);
      const plains = await reading;
      plains.forEach((plain, j) => {
        const base = (first + j) * m.segmentSize;
        const from = Math.max(offset, base);
        const to = Math.min(end, base + plain.length);
        out.set(plain.subarray(from - base, to - base), from - offset);
      });
      return out;
    },
  };
}
