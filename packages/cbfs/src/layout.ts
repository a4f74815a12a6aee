// Stripe layout (cips/cbfs.md §3): the segment stream is cut into stripes of K·blockSize bytes; each
// stripe's K data blocks are consecutive slices of it. The last stripe's blocks are ceil(rest / K) bytes,
// zero-padded at the end of its last data block(s), so no shard is padded by more than K − 1 bytes.
import { ciphertextLength } from "./segments.js";

interface Shape {
  readonly k: number;
  readonly segmentSize: number;
  readonly blockSize: number;
}

export function stripeCount(plaintextLength: number, p: Shape): number {
  return Math.ceil(ciphertextLength(plaintextLength, p.segmentSize) / (p.k * p.blockSize));
}

/** Offset in the segment stream where stripe `s` starts, and its block size. */
export function stripeLayout(plaintextLength: number, p: Shape, s: number): { offset: number; dataBytes: number; blockSize: number } {
  const total = ciphertextLength(plaintextLength, p.segmentSize);
  const offset = s * p.k * p.blockSize;
  const dataBytes = Math.min(p.k * p.blockSize, total - offset);
  return { offset, dataBytes, blockSize: Math.ceil(dataBytes / p.k) };
}
