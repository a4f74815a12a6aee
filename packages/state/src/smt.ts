import { U64_MAX } from "@cowboy/codec";
import { blake3 } from "@cowboy/crypto";
import { StateError } from "./errors.js";
import { NodeHasher } from "./node-hash.js";

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
/** Created nodes are carved from arenas this large (a 10,000-key block fills about eight). */
const ARENA_BYTES = 1024 * 1024;
export const LOC_BYTES = 12;
export const EMPTY_HASH: Uint8Array = new Uint8Array(HASH_BYTES);
const NO_LOC = new Uint8Array(LOC_BYTES);
export const LEAF = 0x00;
export const INTERNAL = 0x01;
export const LEAF_BYTES = 65;
export const INTERNAL_BYTES = 65 + 2 * LOC_BYTES;

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

/**
 * Throws CORRUPT_STORE unless `bytes` is a well-formed stored node: a leaf of 65 bytes, or an
 * internal node of 89 whose empty children (zero hash) are exactly those with a zero locator and
 * which has at least one non-empty child. Allocates nothing: node reads check every node once.
 */
export function checkStored(bytes: Uint8Array): Uint8Array {
  if (bytes[0] === LEAF && bytes.length === LEAF_BYTES) return bytes;
  if (bytes[0] !== INTERNAL || bytes.length !== INTERNAL_BYTES) throw new StateError("CORRUPT_STORE", "a stored tree node is malformed");
  const leftEmpty = zeroAt(bytes, 1, 32);
  const rightEmpty = zeroAt(bytes, 33, 32);
  if (leftEmpty !== zeroAt(bytes, 65, LOC_BYTES) || rightEmpty !== zeroAt(bytes, 65 + LOC_BYTES, LOC_BYTES)) {
    throw new StateError("CORRUPT_STORE", "a stored tree node has inconsistent child locators");
  }
  return bytes;
}

function zeroAt(bytes: Uint8Array, at: number, length: number): boolean {
  for (let i = at; i < at + length; i++) if (bytes[i] !== 0) return false;
  return true;
}

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

/**
 * Reads committed nodes by locator. The locator is the 12 bytes `buf[at, at + 12)` (it usually
 * lives inside a parent node, so passing an offset spares a view per read). The result is the
 * stored form, already checked by `checkStored`; callers must not modify it.
 */
export interface NodeSource {
  stored(buf: Uint8Array, at: number): Uint8Array;
}

/** The decoded node at `loc` (proofs and other cold paths). */
export const nodeAt = (nodes: NodeSource, loc: Uint8Array): Node => decodeNode(nodes.stored(loc, 0));

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

/** compareHash of a[aAt, aAt + 32) and b[bAt, bAt + 32). */
function compareAt(a: Uint8Array, aAt: number, b: Uint8Array, bAt: number): number {
  for (let i = 0; i < HASH_BYTES; i++) {
    const d = a[aAt + i]! - b[bAt + i]!;
    if (d !== 0) return d;
  }
  return 0;
}

const UNKNOWN = 2;

/**
 * A subtree during an update, as offsets into the buffers that already hold its hash and locator
 * (a parent's stored form, or the arena record of a node just created) rather than as views: a
 * typed-array view costs as much to make as hashing a node's worth of bytes.
 */
interface Ref {
  readonly h: Uint8Array;
  readonly hAt: number;
  /** Buffer holding the locator; null for the empty subtree. */
  readonly l: Uint8Array | null;
  readonly lAt: number;
  /** 1: a single leaf, 0: not, UNKNOWN: read the node to know. */
  readonly leaf: number;
}

/** A leaf to place: its key hash and value hash as 32-byte spans. */
interface LeafSpan {
  readonly k: Uint8Array;
  readonly kAt: number;
  readonly v: Uint8Array;
  readonly vAt: number;
}

export const EMPTY_SUBTREE: SubtreeRef = { hash: EMPTY_HASH, loc: null };
const EMPTY_REF: Ref = { h: EMPTY_HASH, hAt: 0, l: null, lAt: 0, leaf: 0 };

/**
 * Applies `changes` (sorted, unique keyHashes) to a committed tree. New nodes are written into
 * arena records laid out as `'n' ‖ locator ‖ stored form ‖ hash`, so the node-table key, the value
 * a commit writes and the node's hash sit side by side with no per-node allocation besides the
 * small Ref object.
 */
export class TreeUpdate {
  readonly #nodes: NodeSource;
  readonly #hasher: NodeHasher;
  /** The generation as 8 big-endian bytes, the first part of every new locator. */
  readonly #generationBytes = new Uint8Array(8);
  #sequence = 0;
  #arena = new Uint8Array(0);
  #used = 0;
  /** Every created record: its arena and offset (parallel arrays, in creation order). */
  readonly #recArena: Uint8Array[] = [];
  readonly #recAt: number[] = [];

  /** `generation` (≥ 1) numbers the commit these nodes will belong to. */
  constructor(nodes: NodeSource, generation: bigint, hasher: NodeHasher = new NodeHasher()) {
    this.#nodes = nodes;
    this.#hasher = hasher;
    if (generation < 1n || generation > U64_MAX) throw new StateError("INVALID_ARGUMENT", "generation must be in [1, 2^64-1]");
    new DataView(this.#generationBytes.buffer).setBigUint64(0, generation);
  }

  apply(root: SubtreeRef, changes: readonly Change[]): SubtreeRef {
    for (let i = 1; i < changes.length; i++) {
      if (compareHash(changes[i - 1]!.keyHash, changes[i]!.keyHash) >= 0) throw new StateError("INVALID_ARGUMENT", "changes must be sorted by key hash without duplicates");
    }
    const out = this.#update({ h: root.hash, hAt: 0, l: root.loc, lAt: 0, leaf: UNKNOWN }, 0, changes, 0, changes.length);
    if (out.l === null) return EMPTY_SUBTREE;
    return { hash: out.h.slice(out.hAt, out.hAt + HASH_BYTES), loc: out.l.slice(out.lAt, out.lAt + LOC_BYTES) };
  }

  /** New nodes as (node-table key 'n' ‖ locator, stored form), keys ascending: what a commit writes. */
  created(): Array<readonly [Uint8Array, Uint8Array]> {
    const out: Array<readonly [Uint8Array, Uint8Array]> = new Array(this.#recAt.length);
    for (let i = 0; i < this.#recAt.length; i++) {
      const arena = this.#recArena[i]!;
      const at = this.#recAt[i]!;
      const size = arena[at + 1 + LOC_BYTES] === LEAF ? LEAF_BYTES : INTERNAL_BYTES;
      out[i] = [arena.subarray(at, at + 1 + LOC_BYTES), arena.subarray(at + 1 + LOC_BYTES, at + 1 + LOC_BYTES + size)];
    }
    return out;
  }

  /** Starts a record of `size` stored bytes; returns its arena offset (the 'n' byte). */
  #record(size: number): number {
    if (this.#sequence > 0xffff_ffff) throw new StateError("INVALID_ARGUMENT", "a block creates more than 2^32 tree nodes");
    const total = 1 + LOC_BYTES + size + HASH_BYTES;
    if (this.#used + total > this.#arena.length) {
      this.#arena = new Uint8Array(ARENA_BYTES);
      this.#used = 0;
    }
    const a = this.#arena;
    const at = this.#used;
    this.#used += total;
    a[at] = NODE_TABLE;
    const g = this.#generationBytes;
    for (let i = 0; i < 8; i++) a[at + 1 + i] = g[i]!;
    const q = this.#sequence++;
    a[at + 9] = q >>> 24;
    a[at + 10] = (q >>> 16) & 0xff;
    a[at + 11] = (q >>> 8) & 0xff;
    a[at + 12] = q & 0xff;
    this.#recArena.push(a);
    this.#recAt.push(at);
    return at;
  }

  #storeLeaf(leaf: LeafSpan): Ref {
    const at = this.#record(LEAF_BYTES);
    const a = this.#arena;
    const s = at + 1 + LOC_BYTES;
    a[s] = LEAF;
    copy32(leaf.k, leaf.kAt, a, s + 1);
    copy32(leaf.v, leaf.vAt, a, s + 33);
    const hAt = s + LEAF_BYTES;
    this.#hasher.hash65(a, s, a, hAt);
    return { h: a, hAt, l: a, lAt: at + 1, leaf: 1 };
  }

  #storeInternal(left: Ref, right: Ref): Ref {
    const at = this.#record(INTERNAL_BYTES);
    const a = this.#arena;
    const s = at + 1 + LOC_BYTES;
    a[s] = INTERNAL;
    // The arena is zero-filled, so an empty child's zero hash and zero locator need no writes.
    if (left.l !== null) {
      copy32(left.h, left.hAt, a, s + 1);
      copyLoc(left.l, left.lAt, a, s + 65);
    }
    if (right.l !== null) {
      copy32(right.h, right.hAt, a, s + 33);
      copyLoc(right.l, right.lAt, a, s + 65 + LOC_BYTES);
    }
    const hAt = s + INTERNAL_BYTES;
    this.#hasher.hash65(a, s, a, hAt);
    return { h: a, hAt, l: a, lAt: at + 1, leaf: 0 };
  }

  /** Applies changes[lo, hi) to the subtree `ref` rooted at `depth`. */
  #update(ref: Ref, depth: number, changes: readonly Change[], lo: number, hi: number): Ref {
    if (lo === hi) return ref;
    if (ref.l === null) {
      const leaves: LeafSpan[] = [];
      for (let i = lo; i < hi; i++) {
        const c = changes[i]!;
        if (c.valueHash !== null) leaves.push({ k: c.keyHash, kAt: 0, v: c.valueHash, vAt: 0 });
      }
      return this.#build(depth, leaves, 0, leaves.length);
    }
    // Untouched nodes are committed ones: created nodes are never revisited by one update.
    const node = this.#nodes.stored(ref.l, ref.lAt);
    if (node[0] === LEAF) {
      // Merge the resident leaf with the changes; a change to its key replaces or deletes it.
      const merged: LeafSpan[] = [];
      let placed = false;
      for (let i = lo; i < hi; i++) {
        const change = changes[i]!;
        const order = compareAt(change.keyHash, 0, node, 1);
        if (!placed && order > 0) {
          merged.push({ k: node, kAt: 1, v: node, vAt: 33 });
          placed = true;
        }
        if (order === 0) placed = true;
        if (change.valueHash !== null) merged.push({ k: change.keyHash, kAt: 0, v: change.valueHash, vAt: 0 });
      }
      if (!placed) merged.push({ k: node, kAt: 1, v: node, vAt: 33 });
      return merged.length === 0 ? EMPTY_REF : this.#build(depth, merged, 0, merged.length);
    }
    const split = splitChanges(changes, depth, lo, hi);
    const left = this.#update(childRef(node, 0), depth + 1, changes, lo, split);
    const right = this.#update(childRef(node, 1), depth + 1, changes, split, hi);
    return this.#join(left, right);
  }

  /** A subtree holding exactly leaves[lo, hi) (sorted), rooted at `depth`. */
  #build(depth: number, leaves: readonly LeafSpan[], lo: number, hi: number): Ref {
    if (lo === hi) return EMPTY_REF;
    if (hi - lo === 1) return this.#storeLeaf(leaves[lo]!);
    if (depth >= 256) throw new StateError("CORRUPT_STORE", "two distinct keys share a full 256-bit hash");
    const split = splitLeaves(leaves, depth, lo, hi);
    return this.#join(this.#build(depth + 1, leaves, lo, split), this.#build(depth + 1, leaves, split, hi));
  }

  #isLeaf(ref: Ref): boolean {
    if (ref.leaf !== UNKNOWN) return ref.leaf === 1;
    return ref.l !== null && this.#nodes.stored(ref.l, ref.lAt)[0] === LEAF;
  }

  /** An internal node over two subtrees, collapsing a lone leaf (or nothing) upwards. */
  #join(left: Ref, right: Ref): Ref {
    if (left.l === null && right.l === null) return EMPTY_REF;
    if (left.l === null && this.#isLeaf(right)) return right;
    if (right.l === null && this.#isLeaf(left)) return left;
    return this.#storeInternal(left, right);
  }
}

/** The Ref of child `side` (0 left, 1 right) of an internal node's stored form. */
function childRef(node: Uint8Array, side: 0 | 1): Ref {
  const hAt = 1 + 32 * side;
  const lAt = 65 + LOC_BYTES * side;
  return zeroAt(node, lAt, LOC_BYTES) ? EMPTY_REF : { h: node, hAt, l: node, lAt, leaf: UNKNOWN };
}

function copyLoc(src: Uint8Array, from: number, dst: Uint8Array, to: number): void {
  for (let i = 0; i < LOC_BYTES; i++) dst[to + i] = src[from + i]!;
}

function copy32(src: Uint8Array, from: number, dst: Uint8Array, to: number): void {
  for (let i = 0; i < HASH_BYTES; i++) dst[to + i] = src[from + i]!;
}

const bitOf = (bytes: Uint8Array, at: number, depth: number): number => (bytes[at + (depth >> 3)]! >> (7 - (depth & 7))) & 1;

/** Index in [lo, hi) of the first change whose bit at `depth` is 1 (changes are sorted: a boundary). */
function splitChanges(items: readonly Change[], depth: number, from: number, to: number): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (bitOf(items[mid]!.keyHash, 0, depth) === 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** splitChanges for leaf spans. */
function splitLeaves(items: readonly LeafSpan[], depth: number, from: number, to: number): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const item = items[mid]!;
    if (bitOf(item.k, item.kAt, depth) === 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
