import { blake3 } from "@cowboy/crypto";
import { StateError } from "./errors.js";

// A sparse Merkle tree over 256-bit key hashes (cips/state.md "Tree"). A subtree that holds a
// single leaf is that leaf, placed as high as it can go (as in Diem's JMT), so paths are about
// log2(n) deep rather than 256. Hashes:
//   leaf     = blake3(0x00 ‖ key_hash ‖ value_hash)
//   internal = blake3(0x01 ‖ left ‖ right)
//   empty    = 32 zero bytes (never stored)
// Leaves and internal nodes hash 65 bytes under different tags, so neither can pass for the other.
//
// Nodes are *stored* under a locator, not under their hash: (generation u64 BE ‖ sequence u32 BE),
// where the generation counts commits and the sequence counts the nodes one commit creates. A
// block's new nodes therefore append to the end of the node table — lmdb writes sequential keys
// 3–5x cheaper than random hash keys — and an internal node stores its children's locators after
// the 65 bytes it is hashed over.

export const HASH_BYTES = 32;
/** Prefix of the node table in the store's key space (cips/state.md "Storage layout"). */
export const NODE_TABLE = 0x6e;
const ARENA_BYTES = 64 * 1024;
export const LOC_BYTES = 12;
export const EMPTY_HASH: Uint8Array = new Uint8Array(HASH_BYTES);
const NO_LOC = new Uint8Array(LOC_BYTES);
const LEAF = 0x00;
const INTERNAL = 0x01;
const LEAF_BYTES = 65;
const INTERNAL_BYTES = 65 + 2 * LOC_BYTES;

export type Node =
  | { readonly kind: "leaf"; readonly keyHash: Uint8Array; readonly valueHash: Uint8Array }
  | {
      readonly kind: "internal";
      readonly left: Uint8Array;
      readonly right: Uint8Array;
      /** Where each child is stored; null for an empty child. */
      readonly leftLoc: Uint8Array | null;
      readonly rightLoc: Uint8Array | null;
    };

/** The stored form: the 65 hashed bytes, then (internal nodes only) the two child locators. */
export function encodeNode(node: Node): Uint8Array {
  const out = new Uint8Array(node.kind === "leaf" ? LEAF_BYTES : INTERNAL_BYTES);
  writeNode(out, node);
  return out;
}

function writeNode(out: Uint8Array, node: Node): void {
  if (node.kind === "leaf") {
    out[0] = LEAF;
    out.set(node.keyHash, 1);
    out.set(node.valueHash, 33);
    return;
  }
  out[0] = INTERNAL;
  out.set(node.left, 1);
  out.set(node.right, 33);
  out.set(node.leftLoc ?? NO_LOC, 65);
  out.set(node.rightLoc ?? NO_LOC, 65 + LOC_BYTES);
}

/** The 65 bytes a node is hashed over (a view of its stored form). */
export const hashedPart = (stored: Uint8Array): Uint8Array => stored.subarray(0, 65);

/** Decodes a stored node; the result views `bytes`, which the caller must not modify afterwards. */
export function decodeNode(bytes: Uint8Array): Node {
  if (bytes[0] === LEAF && bytes.length === LEAF_BYTES) {
    return { kind: "leaf", keyHash: bytes.subarray(1, 33), valueHash: bytes.subarray(33, 65) };
  }
  if (bytes[0] === INTERNAL && bytes.length === INTERNAL_BYTES) {
    const left = bytes.subarray(1, 33);
    const right = bytes.subarray(33, 65);
    const leftLoc = bytes.subarray(65, 65 + LOC_BYTES);
    const rightLoc = bytes.subarray(65 + LOC_BYTES, INTERNAL_BYTES);
    // A non-empty child must have a locator, an empty one must not (generation 0 is never used).
    if (isEmpty(left) !== isZero(leftLoc) || isEmpty(right) !== isZero(rightLoc)) throw new StateError("CORRUPT_STORE", "a stored tree node has inconsistent child locators");
    return { kind: "internal", left, right, leftLoc: isEmpty(left) ? null : leftLoc, rightLoc: isEmpty(right) ? null : rightLoc };
  }
  throw new StateError("CORRUPT_STORE", "a stored tree node is malformed");
}

function isZero(bytes: Uint8Array): boolean {
  for (let i = 0; i < bytes.length; i++) if (bytes[i] !== 0) return false;
  return true;
}

export const isEmpty = (hash: Uint8Array): boolean => isZero(hash);

/** Bit `depth` of `keyHash`, most significant first. */
export function bitAt(keyHash: Uint8Array, depth: number): 0 | 1 {
  return ((keyHash[depth >> 3]! >> (7 - (depth & 7))) & 1) as 0 | 1;
}

export const hashKey = (key: Uint8Array): Uint8Array => blake3(key);
export const hashValue = (value: Uint8Array): Uint8Array => blake3(value);

/** Reads stored nodes by locator. */
export interface NodeSource {
  node(loc: Uint8Array): Node;
}

/** A subtree: its hash and where it is stored (null: empty). */
export interface SubtreeRef {
  readonly hash: Uint8Array;
  readonly loc: Uint8Array | null;
}

/** A change to apply: a value hash to write, or null to delete. Sorted by keyHash. */
export interface Change {
  readonly keyHash: Uint8Array;
  readonly valueHash: Uint8Array | null;
}

export function compareHash(a: Uint8Array, b: Uint8Array): number {
  for (let i = 0; i < HASH_BYTES; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}

/** A subtree produced by an update, and whether it is a single leaf (undefined: not known yet). */
interface Ref extends SubtreeRef {
  readonly leaf: boolean | undefined;
}

export const EMPTY_SUBTREE: SubtreeRef = { hash: EMPTY_HASH, loc: null };
const EMPTY_REF: Ref = { hash: EMPTY_HASH, loc: null, leaf: false };

/** Applies `changes` (sorted, unique keyHashes) to a committed tree; new nodes go to `created`. */
export class TreeUpdate {
  /** New nodes as (node-table key 'n' ‖ locator, stored form), keys ascending: what a commit writes. */
  readonly created: Array<readonly [Uint8Array, Uint8Array]> = [];
  readonly #nodes: NodeSource;
  readonly #hash: (data: Uint8Array) => Uint8Array;
  /** The generation as 8 big-endian bytes, the first part of every new locator. */
  readonly #generationBytes = new Uint8Array(8);
  #sequence = 0;
  #arena = new Uint8Array(0);
  #used = 0;

  /** `hash` must be blake3; `generation` (≥ 1) numbers the commit these nodes will belong to. */
  constructor(nodes: NodeSource, hash: (data: Uint8Array) => Uint8Array, generation: bigint) {
    this.#nodes = nodes;
    this.#hash = hash;
    if (generation < 1n || generation > 0xffff_ffff_ffff_ffffn) throw new StateError("INVALID_ARGUMENT", "generation must be in [1, 2^64-1]");
    new DataView(this.#generationBytes.buffer).setBigUint64(0, generation);
  }

  apply(root: SubtreeRef, changes: readonly Change[]): SubtreeRef {
    for (let i = 1; i < changes.length; i++) {
      if (compareHash(changes[i - 1]!.keyHash, changes[i]!.keyHash) >= 0) throw new StateError("INVALID_ARGUMENT", "changes must be sorted by key hash without duplicates");
    }
    const out = this.#update({ ...root, leaf: undefined }, 0, changes, 0, changes.length);
    return { hash: out.hash, loc: out.loc };
  }

  #store(node: Node): Ref {
    if (this.#sequence > 0xffff_ffff) throw new StateError("INVALID_ARGUMENT", "a block creates more than 2^32 tree nodes");
    const leaf = node.kind === "leaf";
    const size = leaf ? LEAF_BYTES : INTERNAL_BYTES;
    // Key ('n' ‖ locator) and stored form are carved from one arena: one allocation per ~600 nodes.
    const record = this.#alloc(1 + LOC_BYTES + size);
    record[0] = NODE_TABLE;
    record.set(this.#generationBytes, 1);
    const q = this.#sequence++;
    record[9] = q >>> 24;
    record[10] = (q >>> 16) & 0xff;
    record[11] = (q >>> 8) & 0xff;
    record[12] = q & 0xff;
    const stored = record.subarray(1 + LOC_BYTES);
    writeNode(stored, node);
    const tableKey = record.subarray(0, 1 + LOC_BYTES);
    this.created.push([tableKey, stored]);
    return { hash: this.#hash(stored.subarray(0, 65)), loc: record.subarray(1, 1 + LOC_BYTES), leaf };
  }

  #alloc(size: number): Uint8Array {
    if (this.#used + size > this.#arena.length) {
      this.#arena = new Uint8Array(ARENA_BYTES);
      this.#used = 0;
    }
    const out = this.#arena.subarray(this.#used, this.#used + size);
    this.#used += size;
    return out;
  }

  /** Applies changes[lo, hi) to the subtree `ref` rooted at `depth`. */
  #update(ref: Ref, depth: number, changes: readonly Change[], lo: number, hi: number): Ref {
    if (lo === hi) return ref;
    if (ref.loc === null) {
      const leaves: LeafChange[] = [];
      for (let i = lo; i < hi; i++) if (changes[i]!.valueHash !== null) leaves.push(changes[i] as LeafChange);
      return this.#build(depth, leaves, 0, leaves.length);
    }
    // Untouched nodes are committed ones: created nodes are never revisited by one update.
    const node = this.#nodes.node(ref.loc);
    if (node.kind === "leaf") {
      // Merge the resident leaf with the changes; a change to its key replaces or deletes it.
      const merged: LeafChange[] = [];
      let placed = false;
      for (let i = lo; i < hi; i++) {
        const change = changes[i]!;
        const order = compareHash(change.keyHash, node.keyHash);
        if (!placed && order > 0) {
          merged.push({ keyHash: node.keyHash, valueHash: node.valueHash });
          placed = true;
        }
        if (order === 0) placed = true;
        if (change.valueHash !== null) merged.push(change as LeafChange);
      }
      if (!placed) merged.push({ keyHash: node.keyHash, valueHash: node.valueHash });
      return this.#build(depth, merged, 0, merged.length);
    }
    const split = splitAt(changes, depth, lo, hi);
    const left = this.#update({ hash: node.left, loc: node.leftLoc, leaf: undefined }, depth + 1, changes, lo, split);
    const right = this.#update({ hash: node.right, loc: node.rightLoc, leaf: undefined }, depth + 1, changes, split, hi);
    return this.#join(left, right);
  }

  /** A subtree holding exactly leaves[lo, hi) (sorted), rooted at `depth`. */
  #build(depth: number, leaves: readonly LeafChange[], lo: number, hi: number): Ref {
    if (lo === hi) return EMPTY_REF;
    if (hi - lo === 1) return this.#store({ kind: "leaf", keyHash: leaves[lo]!.keyHash, valueHash: leaves[lo]!.valueHash });
    if (depth >= 256) throw new StateError("CORRUPT_STORE", "two distinct keys share a full 256-bit hash");
    const split = splitAt(leaves, depth, lo, hi);
    return this.#join(this.#build(depth + 1, leaves, lo, split), this.#build(depth + 1, leaves, split, hi));
  }

  #isLeaf(ref: Ref): boolean {
    return ref.leaf ?? (ref.loc !== null && this.#nodes.node(ref.loc).kind === "leaf");
  }

  /** An internal node over two subtrees, collapsing a lone leaf (or nothing) upwards. */
  #join(left: Ref, right: Ref): Ref {
    if (left.loc === null && right.loc === null) return EMPTY_REF;
    if (left.loc === null && this.#isLeaf(right)) return right;
    if (right.loc === null && this.#isLeaf(left)) return left;
    return this.#store({ kind: "internal", left: left.hash, right: right.hash, leftLoc: left.loc, rightLoc: right.loc });
  }
}

interface LeafChange {
  readonly keyHash: Uint8Array;
  readonly valueHash: Uint8Array;
}

/** Index in [lo, hi) of the first item whose bit at `depth` is 1 (items are sorted: a boundary). */
function splitAt(items: readonly { keyHash: Uint8Array }[], depth: number, from: number, to: number): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (bitAt(items[mid]!.keyHash, depth) === 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
