// Straight-line writers shared by the hot record encoders (accounts, receipts). They write the
// codec's wire forms — minimal LEB128 varints and big-endian u64 — into a buffer the caller sized
// exactly; callers have already checked every value's range, and fall back to the generic codec
// for anything outside these fast paths.

const TWO_32 = 0x1_0000_0000;
/** Varints of values below 2^49 take at most 7 bytes and fit a double exactly. */
export const FAST_UINT_LIMIT = 0x2_0000_0000_0000n;

/** True for a bigint the fast varint path takes (below 2^49). */
export const isFastUint = (v: unknown): v is bigint => typeof v === "bigint" && v >= 0n && v < FAST_UINT_LIMIT;
/** True for a bigint in [0, 2^64). */
export { isU64 } from "@cowboy/codec";

export function varintSize(v: number): number {
  let size = 1;
  while (v >= 0x80) {
    v = Math.floor(v / 0x80);
    size++;
  }
  return size;
}

/** Writes the minimal varint of a safe non-negative integer at `at`; returns the end offset. */
export function writeVarint(out: Uint8Array, at: number, v: number): number {
  while (v >= 0x80) {
    out[at++] = (v % 0x80) | 0x80;
    v = Math.floor(v / 0x80);
  }
  out[at++] = v;
  return at;
}

/** Writes a u64 big-endian at `at`; returns the end offset. */
export function writeU64(out: Uint8Array, at: number, value: bigint): number {
  let hi: number;
  let lo: number;
  if (value <= 0x1f_ffff_ffff_ffffn) {
    const n = Number(value);
    lo = n % TWO_32;
    hi = (n - lo) / TWO_32;
  } else {
    hi = Number(value >> 32n);
    lo = Number(value & 0xffff_ffffn);
  }
  out[at] = hi >>> 24;
  out[at + 1] = hi >>> 16;
  out[at + 2] = hi >>> 8;
  out[at + 3] = hi;
  out[at + 4] = lo >>> 24;
  out[at + 5] = lo >>> 16;
  out[at + 6] = lo >>> 8;
  out[at + 7] = lo;
  return at + 8;
}

/** Copies `src` to `out` at `at` (a byte loop for short inputs); returns the end offset. */
export function writeBytes(out: Uint8Array, at: number, src: Uint8Array): number {
  const n = src.length;
  if (n <= 64) for (let i = 0; i < n; i++) out[at + i] = src[i]!;
  else out.set(src, at);
  return at + n;
}
