import { keccak256 } from "@cowboy/crypto";

// The binary Merkle tree behind a header's `transactions_root` and `receipts_root`
// (cips/execution.md, "Blocks"). Leaves and inner nodes hash under different one-byte domain tags,
// so no leaf can be passed off as an inner node; an odd last node is promoted, never duplicated,
// so two different lists can never share a root.

const LEAF_TAG = 0x00;
const NODE_TAG = 0x01;

/** The root of zero leaves. */
export const EMPTY_MERKLE_ROOT: Uint8Array = new Uint8Array(32);

/** keccak256 — any implementation (noble by default; a WASM one on hot paths). */
export type Keccak256 = (data: Uint8Array) => Uint8Array;

function hashLeaf(digest: Uint8Array, keccak: Keccak256 = keccak256): Uint8Array {
  const buf = new Uint8Array(33);
  buf[0] = LEAF_TAG;
  buf.set(digest, 1);
  return keccak(buf);
}

function hashNode(left: Uint8Array, right: Uint8Array, keccak: Keccak256 = keccak256): Uint8Array {
  const buf = new Uint8Array(65);
  buf[0] = NODE_TAG;
  buf.set(left, 1);
  buf.set(right, 33);
  return keccak(buf);
}

function checkDigest(digest: Uint8Array, index: number): void {
  if (!(digest instanceof Uint8Array) || digest.length !== 32) {
    throw new TypeError(`digests[${index}]: expected a 32-byte Uint8Array`);
  }
}

/** The Merkle root of 32-byte `digests`, in order. */
export function merkleRoot(digests: readonly Uint8Array[], keccak: Keccak256 = keccak256): Uint8Array {
  if (digests.length === 0) return EMPTY_MERKLE_ROOT.slice();
  // Every block hashes two of these trees (about 2n keccaks for n transactions): the preimages are
  // assembled in one scratch buffer (a keccak reads its input and keeps no reference to it) and
  // each level is reduced in place.
  const scratch = new Uint8Array(65);
  const level: Uint8Array[] = new Array(digests.length);
  scratch[0] = LEAF_TAG;
  const leaf = scratch.subarray(0, 33);
  for (let i = 0; i < digests.length; i++) {
    const digest = digests[i]!;
    checkDigest(digest, i);
    copy32(digest, scratch, 1);
    level[i] = keccak(leaf);
  }
  let width = level.length;
  scratch[0] = NODE_TAG;
  while (width > 1) {
    let out = 0;
    for (let i = 0; i + 1 < width; i += 2) {
      copy32(level[i]!, scratch, 1);
      copy32(level[i + 1]!, scratch, 33);
      level[out++] = keccak(scratch);
    }
    if (width % 2 === 1) level[out++] = level[width - 1]!;
    width = out;
  }
  return level[0]!;
}

function copy32(src: Uint8Array, dst: Uint8Array, at: number): void {
  for (let i = 0; i < 32; i++) dst[at + i] = src[i]!;
}

/** A proof that a digest sits at `index` among `count` leaves: the sibling hashes, bottom up. */
export interface MerkleProof {
  readonly index: number;
  readonly count: number;
  readonly siblings: readonly Uint8Array[];
}

/** Builds the inclusion proof of leaf `index` (receipts and transactions proofs for light clients). */
export function merkleProof(digests: readonly Uint8Array[], index: number): MerkleProof {
  if (!Number.isSafeInteger(index) || index < 0 || index >= digests.length) {
    throw new RangeError(`index: expected an integer in [0, ${digests.length - 1}], got ${index}`);
  }
  const siblings: Uint8Array[] = [];
  let level = digests.map((digest, i) => {
    checkDigest(digest, i);
    return hashLeaf(digest);
  });
  let position = index;
  while (level.length > 1) {
    const sibling = position ^ 1;
    if (sibling < level.length) siblings.push(level[sibling]!);
    const next: Uint8Array[] = [];
    for (let i = 0; i + 1 < level.length; i += 2) next.push(hashNode(level[i]!, level[i + 1]!));
    if (level.length % 2 === 1) next.push(level[level.length - 1]!);
    level = next;
    position >>= 1;
  }
  return { index, count: digests.length, siblings };
}

/** True when `proof` shows `digest` at `proof.index` under `root`. */
export function verifyMerkleProof(root: Uint8Array, digest: Uint8Array, proof: MerkleProof): boolean {
  const { index, count, siblings } = proof;
  if (!Number.isSafeInteger(count) || !Number.isSafeInteger(index) || index < 0 || index >= count) return false;
  if (digest.length !== 32 || root.length !== 32) return false;
  let node = hashLeaf(digest);
  let position = index;
  let width = count;
  let used = 0;
  while (width > 1) {
    const sibling = position ^ 1;
    if (sibling < width) {
      const hash = siblings[used++];
      if (hash === undefined || hash.length !== 32) return false;
      node = position % 2 === 0 ? hashNode(node, hash) : hashNode(hash, node);
    }
    position >>= 1;
    width = Math.ceil(width / 2);
  }
  if (used !== siblings.length) return false;
  return node.every((b, i) => b === root[i]);
}
