import { abytesIn, atMost, bytes, decode, encode, fixedBytes, option, struct, type Infer, unit, variant, vec } from "@cowboy/codec";
import { blake3 } from "@cowboy/crypto";
import { StateError } from "./errors.js";
import { bitAt, EMPTY_HASH, isEmpty, nodeAt, type NodeSource, type SubtreeRef } from "./smt.js";
import { MAX_KEY } from "./guards.js";

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
export function buildProof(
  nodes: NodeSource,
  root: SubtreeRef,
  key: Uint8Array,
  value: (key: Uint8Array) => Uint8Array | undefined,
  blake3Fn: (data: Uint8Array) => Uint8Array = blake3,
): StateProof {
  const keyHash = blake3Fn(key);
  const siblings: Uint8Array[] = [];
  let loc = root.loc;
  for (let depth = 0; ; depth++) {
    if (loc === null) return { siblings, terminal: { type: "empty", value: null }, value: null };
    const node = nodeAt(nodes, loc);
    if (node.kind === "leaf") {
      const terminal = { type: "leaf" as const, value: { key_hash: node.keyHash.slice(), value_hash: node.valueHash.slice() } };
      if (!equal(node.keyHash, keyHash)) return { siblings, terminal, value: null };
      const stored = value(key);
      if (stored === undefined) throw new StateError("CORRUPT_STORE", "a leaf has no value in the value table");
      return { siblings, terminal, value: stored };
    }
    if (depth >= 256) throw new StateError("CORRUPT_STORE", "a tree path is deeper than 256 levels");
    const bit = bitAt(keyHash, depth);
    siblings.push((bit === 0 ? node.right : node.left).slice());
    loc = bit === 0 ? node.leftLoc : node.rightLoc;
  }
}

const equal = (a: Uint8Array, b: Uint8Array): boolean => a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * Checks `proof` for `key` against `root` with nothing else: returns the value when the key is
 * present, null when the proof shows it absent; throws StateError("INVALID_PROOF") otherwise.
 * `blake3Fn` may be a faster blake3 (e.g. `(await loadFastHashes()).blake3`); the default is noble.
 */
export function verifyProof(root: Uint8Array, key: Uint8Array, proof: StateProof, blake3Fn: (data: Uint8Array) => Uint8Array = blake3): Uint8Array | null {
  abytesIn(root, "root", 32, 32);
  abytesIn(key, "key", 1, MAX_KEY);
  checkShape(proof);
  const keyHash = blake3Fn(key);
  const depth = proof.siblings.length;
  // One proof per fact: in the canonical tree a leaf or an empty subtree never has an empty sibling
  // (it would have moved up), so such a proof cannot be the one an honest prover sends.
  if (depth > 0 && isEmpty(proof.siblings[depth - 1]!)) throw new StateError("INVALID_PROOF", "the deepest sibling is empty: the proof is not in canonical form");
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
      if (proof.value === null || !equal(blake3Fn(proof.value), leaf.value_hash)) throw new StateError("INVALID_PROOF", "the value does not match the leaf");
      result = proof.value;
    } else if (proof.value !== null) {
      throw new StateError("INVALID_PROOF", "an absence proof carries no value");
    }
    node = blake3Fn(preimage(0x00, leaf.key_hash, leaf.value_hash));
  }
  for (let d = depth - 1; d >= 0; d--) {
    const sibling = proof.siblings[d]!;
    node = blake3Fn(bitAt(keyHash, d) === 0 ? preimage(0x01, node, sibling) : preimage(0x01, sibling, node));
  }
  if (!equal(node, root)) throw new StateError("INVALID_PROOF", "the proof does not lead to the root");
  return result;
}

/** A proof built by hand (not decoded) must still have the shape the codec enforces. */
function checkShape(proof: StateProof): void {
  const bad = (what: string) => new StateError("INVALID_PROOF", `proof: ${what}`);
  if (typeof proof !== "object" || proof === null || !Array.isArray(proof.siblings)) throw bad("expected { siblings, terminal, value }");
  if (proof.siblings.length > 256) throw bad("more than 256 siblings");
  for (const s of proof.siblings) if (!(s instanceof Uint8Array) || s.length !== 32) throw bad("every sibling must be 32 bytes");
  const t = proof.terminal;
  if (typeof t !== "object" || t === null || (t.type !== "empty" && t.type !== "leaf")) throw bad("terminal must be empty or leaf");
  if (t.type === "leaf") {
    const { key_hash, value_hash } = t.value ?? {};
    if (!(key_hash instanceof Uint8Array) || key_hash.length !== 32 || !(value_hash instanceof Uint8Array) || value_hash.length !== 32) throw bad("leaf hashes must be 32 bytes");
  }
  if (proof.value !== null && (!(proof.value instanceof Uint8Array) || proof.value.length > MAX_PROOF_VALUE)) throw bad("value must be null or at most 1 MiB of bytes");
}

/** tag ‖ a ‖ b: the 65 bytes a leaf (tag 0) or an internal node (tag 1) is hashed over. */
function preimage(tag: number, a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(65);
  out[0] = tag;
  out.set(a, 1);
  out.set(b, 33);
  return out;
}
