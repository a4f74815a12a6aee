import { blake3 } from "@cowboy/crypto";
import { StateError } from "./errors.js";

// A sparse Merkle tree over 256-bit key hashes (cips/state.md "Tree"). A subtree that holds a
// single leaf is that leaf, placed as high as it can go (as in Diem's JMT), so paths are about
// log2(n) deep rather than 256. Nodes are addressed by their hash:
//   leaf     = blake3(0x00 ‖ key_hash ‖ value_hash)
//   internal = blake3(0x01 ‖ left ‖ right)
//   empty    = 32 zero bytes (never stored)
// Leaves and internal nodes are 65 bytes under different tags, so neither can pass for the other.

export const HASH_BYTES = 32;
export const EMPTY_HASH: Uint8Array = new Uint8Array(HASH_BYTES);
const LEAF = 0x00;
const INTERNAL = 0x01;

export type Node =
  | { readonly kind: "leaf"; readonly keyHash: Uint8Array; readonly valueHash: Uint8Array }
  | { readonly kind: "internal"; readonly left: Uint8Array; readonly right: Uint8Array };

export function encodeNode(node: Node): Uint8Array {
  const out = new Uint8Array(65);
  if (node.kind === "leaf") {
    out[0] = LEAF;
    out.set(node.keyHash, 1);
    out.set(node.valueHash, 33);
  } else {
    out[0] = INTERNAL;
    out.set(node.left, 1);
    out.set(node.right, 33);
  }
  return out;
}

export function decodeNode(bytes: Uint8Array): Node {
  if (bytes.length !== 65 || (bytes[0] !== LEAF && bytes[0] !== INTERNAL)) throw new StateError("CORRUPT_STORE", "a stored tree node is malformed");
  const a = bytes.slice(1, 33);
  const b = bytes.slice(33, 65);
  return bytes[0] === LEAF ? { kind: "leaf", keyHash: a, valueHash: b } : { kind: "internal", left: a, right: b };
}

export function isEmpty(hash: Uint8Array): boolean {
  for (let i = 0; i < HASH_BYTES; i++) if (hash[i] !== 0) return false;
  return true;
}

/** Bit `depth` of `keyHash`, most significant first. */
export function bitAt(keyHash: Uint8Array, depth: number): 0 | 1 {
  return ((keyHash[depth >> 3]! >> (7 - (depth & 7))) & 1) as 0 | 1;
}

export const hashKey = (key: Uint8Array): Uint8Array => blake3(key);
export const hashValue = (value: Uint8Array): Uint8Array => blake3(value);

/** Reads nodes by hash; new nodes of an update are collected in `created` until committed. */
export interface NodeSource {
  node(hash: Uint8Array): Node;
}

/** A change to apply: a value hash to write, or null to delete. Sorted by keyHash. */
export interface Change {
  readonly keyHash: Uint8Array;
  readonly valueHash: Uint8Array | null;
}

function compareHash(a: Uint8Array, b: Uint8Array): number {
  for (let i = 0; i < HASH_BYTES; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}

/** A subtree produced by an update: its hash, and whether it is a single leaf (undefined: not known). */
interface Ref {
  readonly hash: Uint8Array;
  readonly leaf: boolean | undefined;
}

const EMPTY_REF: Ref = { hash: EMPTY_HASH, leaf: false };

/** Applies `changes` (sorted, unique keyHashes) to the tree at `root`; new nodes go to `created`. */
export class TreeUpdate {
  /** Encoded new nodes by hex hash: what a commit writes. */
  readonly created = new Map<string, Uint8Array>();
  readonly #nodes: NodeSource;
  readonly #hash: (data: Uint8Array) => Uint8Array;

  /** `hash` must be blake3; a faster implementation (hash-wasm) may be passed in. */
  constructor(nodes: NodeSource, hash: (data: Uint8Array) => Uint8Array = blake3) {
    this.#nodes = nodes;
    this.#hash = hash;
  }

  apply(root: Uint8Array, changes: readonly Change[]): Uint8Array {
    for (let i = 1; i < changes.length; i++) {
      if (compareHash(changes[i - 1]!.keyHash, changes[i]!.keyHash) >= 0) throw new StateError("INVALID_ARGUMENT", "changes must be sorted by key hash without duplicates");
    }
    return this.#update({ hash: root, leaf: undefined }, 0, changes, 0, changes.length).hash;
  }

  #store(node: Node): Ref {
    const encoded = encodeNode(node);
    const hash = this.#hash(encoded);
    this.created.set(Buffer.from(hash.buffer, hash.byteOffset, hash.byteLength).toString("hex"), encoded);
    return { hash, leaf: node.kind === "leaf" };
  }

  /** Applies changes[lo, hi) to the subtree `ref` rooted at `depth`. */
  #update(ref: Ref, depth: number, changes: readonly Change[], lo: number, hi: number): Ref {
    if (lo === hi) return ref;
    if (isEmpty(ref.hash)) {
      const leaves: LeafChange[] = [];
      for (let i = lo; i < hi; i++) if (changes[i]!.valueHash !== null) leaves.push(changes[i] as LeafChange);
      return this.#build(depth, leaves, 0, leaves.length);
    }
    // Untouched nodes are committed ones: created nodes are never revisited by one update.
    const node = this.#nodes.node(ref.hash);
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
    const left = this.#update({ hash: node.left, leaf: undefined }, depth + 1, changes, lo, split);
    const right = this.#update({ hash: node.right, leaf: undefined }, depth + 1, changes, split, hi);
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
    return ref.leaf ?? this.#nodes.node(ref.hash).kind === "leaf";
  }

  /** An internal node over two subtrees, collapsing a lone leaf (or nothing) upwards. */
  #join(left: Ref, right: Ref): Ref {
    const leftEmpty = isEmpty(left.hash);
    const rightEmpty = isEmpty(right.hash);
    if (leftEmpty && rightEmpty) return EMPTY_REF;
    if (leftEmpty && this.#isLeaf(right)) return right;
    if (rightEmpty && this.#isLeaf(left)) return left;
    return this.#store({ kind: "internal", left: left.hash, right: right.hash });
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

export { compareHash };
