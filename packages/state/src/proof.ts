import { atMost, bytes, decode, encode, fixedBytes, option, struct, unit, variant, vec, type Infer } from "@cowboy/codec";
import { blake3 } from "@cowboy/crypto";
import { StateError } from "./errors.js";
import { bitAt, EMPTY_HASH, encodeNode, hashKey, hashValue, type NodeSource } from "./smt.js";

/** Largest value a proof may carry (actor code is the largest value the chain stores). */
export const MAX_PROOF_VALUE = 1024 * 1024;

/**
 * A proof about one key against a root: the siblings along the key's path (top down), the node
 * where the path ends (nothing, or a leaf — the key's own, or another key's that proves absence),
 * and the value when the key is present. Canonical encoding in cips/state.md "Proofs".
 */
export const proofCodec = struct({
  siblings: vec(fixedBytes(32), atMost(256)),
  terminal: variant({
    empty: { tag: 0, codec: unit },
    leaf: { tag: 1, codec: struct({ key_hash: fixedBytes(32), value_hash: fixedBytes(32) }) },
  }),
  value: option(bytes(atMost(MAX_PROOF_VALUE))),
});
export type StateProof = Infer<typeof proofCodec>;

export const encodeProof = (proof: StateProof): Uint8Array => encode(proofCodec, proof);
export const decodeProof = (raw: Uint8Array): StateProof => decode(proofCodec, raw);

/** Builds the proof for `key` by walking from `root`; `value` reads the value of a present key. */
export function buildProof(nodes: NodeSource, root: Uint8Array, key: Uint8Array, value: (key: Uint8Array) => Uint8Array | undefined): StateProof {
  const keyHash = hashKey(key);
  const siblings: Uint8Array[] = [];
  let hash = root;
  for (let depth = 0; ; depth++) {
    if (hash.every((b) => b === 0)) return { siblings, terminal: { type: "empty", value: null }, value: null };
    const node = nodes.node(hash);
    if (node.kind === "leaf") {
      const present = node.keyHash.every((b, i) => b === keyHash[i]);
      const terminal = { type: "leaf" as const, value: { key_hash: node.keyHash, value_hash: node.valueHash } };
      if (!present) return { siblings, terminal, value: null };
      const stored = value(key);
      if (stored === undefined) throw new StateError("CORRUPT_STORE", "a leaf has no value in the value table");
      return { siblings, terminal, value: stored };
    }
    const bit = bitAt(keyHash, depth);
    siblings.push(bit === 0 ? node.right : node.left);
    hash = bit === 0 ? node.left : node.right;
  }
}

const equal = (a: Uint8Array, b: Uint8Array): boolean => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * Checks `proof` for `key` against `root` with nothing else: returns the value when the key is
 * present, null when the proof shows it absent; throws StateError("INVALID_PROOF") otherwise.
 */
export function verifyProof(root: Uint8Array, key: Uint8Array, proof: StateProof): Uint8Array | null {
  const keyHash = hashKey(key);
  const depth = proof.siblings.length;
  let node: Uint8Array;
  let result: Uint8Array | null = null;
  if (proof.terminal.type === "empty") {
    if (proof.value !== null) throw new StateError("INVALID_PROOF", "an empty terminal carries no value");
    node = EMPTY_HASH;
  } else {
    const leaf = proof.terminal.value;
    // The leaf must sit on the key's path: it shares the key's first `depth` bits.
    for (let d = 0; d < depth; d++) if (bitAt(leaf.key_hash, d) !== bitAt(keyHash, d)) throw new StateError("INVALID_PROOF", "the terminal leaf is off the key's path");
    if (equal(leaf.key_hash, keyHash)) {
      if (proof.value === null || !equal(hashValue(proof.value), leaf.value_hash)) throw new StateError("INVALID_PROOF", "the value does not match the leaf");
      result = proof.value;
    } else if (proof.value !== null) {
      throw new StateError("INVALID_PROOF", "an absence proof carries no value");
    }
    node = blake3(encodeNode({ kind: "leaf", keyHash: leaf.key_hash, valueHash: leaf.value_hash }));
  }
  for (let d = depth - 1; d >= 0; d--) {
    const sibling = proof.siblings[d]!;
    node = blake3(encodeNode(bitAt(keyHash, d) === 0 ? { kind: "internal", left: node, right: sibling } : { kind: "internal", left: sibling, right: node }));
  }
  if (!equal(node, root)) throw new StateError("INVALID_PROOF", "the proof does not lead to the root");
  return result;
}
