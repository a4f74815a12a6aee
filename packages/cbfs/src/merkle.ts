// Merkle chunk trees over a shard (cips/cbfs.md §4). A shard is cut into chunks of `chunkSize` bytes
// (the last may be shorter); leaf = sha256(0x00 ‖ chunk), node = sha256(0x01 ‖ left ‖ right), and a
// tree of n > 1 leaves splits at the largest power of two below n (RFC 6962's shape). The root is the
// shard's content address; proofs let a relay prove one chunk (PoR) and a reader verify a ranged read.
import { CbfsError } from "./errors.js";
import { sha256 } from "./hash.js";

const LEAF = Uint8Array.of(0);
const NODE = Uint8Array.of(1);

export function leafHash(chunk: Uint8Array): Uint8Array {
  return sha256(LEAF, chunk);
}

export function nodeHash(left: Uint8Array, right: Uint8Array): Uint8Array {
  return sha256(NODE, left, right);
}

/** Chunks in a shard of `length` bytes (an empty shard has one empty chunk). */
export function chunkCount(length: number, chunkSize: number): number {
  return Math.max(1, Math.ceil(length / chunkSize));
}

function leaves(shard: Uint8Array, chunkSize: number): Uint8Array[] {
  const n = chunkCount(shard.length, chunkSize);
  return Array.from({ length: n }, (_, i) => leafHash(shard.subarray(i * chunkSize, (i + 1) * chunkSize)));
}

function split(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

function rootOf(hashes: Uint8Array[], from: number, to: number): Uint8Array {
  if (to - from === 1) return hashes[from]!;
  const mid = from + split(to - from);
  return nodeHash(rootOf(hashes, from, mid), rootOf(hashes, mid, to));
}

/** The chunk-tree root of a shard: its content address. */
export function shardRoot(shard: Uint8Array, chunkSize: number): Uint8Array {
  const hs = leaves(shard, chunkSize);
  return rootOf(hs, 0, hs.length);
}

/** The sibling hashes from chunk `index`'s leaf up to the root (bottom first). */
export function chunkProof(shard: Uint8Array, chunkSize: number, index: number): Uint8Array[] {
  const hs = leaves(shard, chunkSize);
  if (!Number.isInteger(index) || index < 0 || index >= hs.length) throw new CbfsError("INVALID_PROOF", `chunk ${index} is outside 0..${hs.length - 1}`);
  const path: Uint8Array[] = [];
  const walk = (from: number, to: number): void => {
    if (to - from === 1) return;
    const mid = from + split(to - from);
    if (index < mid) {
      walk(from, mid);
      path.push(rootOf(hs, mid, to));
    } else {
      walk(mid, to);
      path.push(rootOf(hs, from, mid));
    }
  };
  walk(0, hs.length);
  return path;
}

/** True when `chunk` is chunk `index` of the `count`-chunk tree with this root. */
export function verifyChunkProof(root: Uint8Array, count: number, index: number, chunk: Uint8Array, proof: readonly Uint8Array[]): boolean {
  if (!Number.isInteger(index) || index < 0 || index >= count) return false;
  // Rebuild the path shape top-down, then fold bottom-up.
  const sides: boolean[] = [];
  let from = 0;
  let to = count;
  while (to - from > 1) {
    const mid = from + split(to - from);
    if (index < mid) {
      sides.push(true);
      to = mid;
    } else {
      sides.push(false);
      from = mid;
    }
  }
  if (sides.length !== proof.length) return false;
  let h = leafHash(chunk);
  for (let i = 0; i < proof.length; i++) {
    const sibling = proof[i]!;
    h = sides[sides.length - 1 - i] ? nodeHash(h, sibling) : nodeHash(sibling, h);
  }
  return h.length === root.length && h.every((b, i) => b === root[i]);
}
