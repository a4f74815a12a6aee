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

/** Applies `changes` (sorted, unique keyHashes) to the tree at `root`; new nodes go to `created`. */
export class TreeUpdate {
  readonly created = new Map<string, Uint8Array>();
  readonly #nodes: NodeSource;
  readonly #local = new Map<string, Node>();
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
    return this.#update(root, 0, changes);
  }

  #load(hash: Uint8Array): Node {
    return this.#local.get(Buffer.from(hash).toString("hex")) ?? this.#nodes.node(hash);
  }

  #store(node: Node): Uint8Array {
    const encoded = encodeNode(node);
    const hash = this.#hash(encoded);
    const key = Buffer.from(hash).toString("hex");
    this.#local.set(key, node);
    this.created.set(key, encoded);
    return hash;
  }

  #update(hash: Uint8Array, depth: number, changes: readonly Change[]): Uint8Array {
    if (changes.length === 0) return hash;
    if (isEmpty(hash)) return this.#build(depth, changes.filter((c) => c.valueHash !== null) as LeafChange[]);
    const node = this.#load(hash);
    if (node.kind === "leaf") {
      // Merge the resident leaf with the changes; a change to its key replaces or deletes it.
      const merged: LeafChange[] = [];
      let placed = false;
      for (const change of changes) {
        const order = compareHash(change.keyHash, node.keyHash);
        if (!placed && order > 0) {
          merged.push({ keyHash: node.keyHash, valueHash: node.valueHash });
          placed = true;
        }
        if (order === 0) placed = true;
        if (change.valueHash !== null) merged.push(change as LeafChange);
      }
      if (!placed) merged.push({ keyHash: node.keyHash, valueHash: node.valueHash });
      return this.#build(depth, merged);
    }
    const split = splitAt(changes, depth);
    const left = this.#update(node.left, depth + 1, changes.slice(0, split));
    const right = this.#update(node.right, depth + 1, changes.slice(split));
    return this.#join(left, right);
  }

  /** A subtree holding exactly `leaves` (sorted), rooted at `depth`. */
  #build(depth: number, leaves: readonly LeafChange[]): Uint8Array {
    if (leaves.length === 0) return EMPTY_HASH;
    if (leaves.length === 1) return this.#store({ kind: "leaf", keyHash: leaves[0]!.keyHash, valueHash: leaves[0]!.valueHash });
    if (depth >= 256) throw new StateError("CORRUPT_STORE", "two distinct keys share a full 256-bit hash");
    const split = splitAt(leaves, depth);
    return this.#join(this.#build(depth + 1, leaves.slice(0, split)), this.#build(depth + 1, leaves.slice(split)));
  }

  /** An internal node over two subtrees, collapsing a lone leaf (or nothing) upwards. */
  #join(left: Uint8Array, right: Uint8Array): Uint8Array {
    const leftEmpty = isEmpty(left);
    const rightEmpty = isEmpty(right);
    if (leftEmpty && rightEmpty) return EMPTY_HASH;
    if (leftEmpty && this.#load(right).kind === "leaf") return right;
    if (rightEmpty && this.#load(left).kind === "leaf") return left;
    return this.#store({ kind: "internal", left, right });
  }
}

interface LeafChange {
  readonly keyHash: Uint8Array;
  readonly valueHash: Uint8Array;
}

/** Index of the first item whose bit at `depth` is 1 (items are sorted, so it is a boundary). */
function splitAt(items: readonly { keyHash: Uint8Array }[], depth: number): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (bitAt(items[mid]!.keyHash, depth) === 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export { compareHash };
