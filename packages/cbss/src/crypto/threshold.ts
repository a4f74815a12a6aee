// Threshold release (cips/cbss.md §3 "Shares"): the group secret s is Shamir-shared with Feldman
// commitments (@cowboy/crypto dealShares); proxy i's share signature on an identity is σ_i = s_i·Q_id,
// checked against PK_i = Σ C_j·i^j; any t valid ones combine by Lagrange at 0 into s·Q_id, which is
// verified against the group key before it is used as the IBE decryption key.
import { type PartialSignature, type SecretShare, decodeShare, recoverSignature, sharePublicKey } from "@cowboy/crypto";
import { bls12_381 } from "@noble/curves/bls12-381.js";
import { CbssError } from "../errors.js";
import { decodeG2Point, identityPoint } from "./ibe.js";

const G1 = bls12_381.G1.Point;
const sigs = bls12_381.longSignatures;

function scalar(share: SecretShare): bigint {
  // decodeShare re-checks index range and scalar range for us.
  const bytes = new Uint8Array(36);
  new DataView(bytes.buffer).setUint32(0, share.index);
  bytes.set(share.secretKey, 4);
  const checked = decodeShare(bytes);
  let n = 0n;
  for (const b of checked.secretKey) n = (n << 8n) | BigInt(b);
  return n;
}

/** Proxy `share.index`'s share signature on `identity`: s_i·hash_to_G2(identity, CBSS_IBE_DST), 96 bytes. */
export function signShare(share: SecretShare, identity: Uint8Array): PartialSignature {
  const point = identityPoint(identity).multiply(scalar(share));
  return { index: share.index, signature: point.toBytes(true) };
}

/** True iff `partial` is share `partial.index`'s signature on `identity` under the Feldman `commitments`. */
export function verifyShare(commitments: readonly Uint8Array[], partial: PartialSignature, identity: Uint8Array): boolean {
  let pk: ReturnType<typeof G1.fromBytes>;
  let sig: ReturnType<typeof decodeG2Point>;
  try {
    pk = G1.fromBytes(sharePublicKey(commitments, partial.index));
    sig = decodeG2Point("partial.signature", partial.signature);
  } catch {
    return false;
  }
  if (pk.is0()) return false;
  return sigs.verify(sig, identityPoint(identity), pk);
}

/** True iff the 96-byte `key` is s·Q_id for the 48-byte group key s·G1. */
export function verifyDecryptionKey(groupKey: Uint8Array, key: Uint8Array, identity: Uint8Array): boolean {
  try {
    return sigs.verify(decodeG2Point("key", key), identityPoint(identity), G1.fromBytes(groupKey));
  } catch {
    return false;
  }
}

/**
 * The decryption key from shares: drops every share that does not verify (or repeats an index), combines
 * the first `threshold` valid ones (in the order given) and checks the result against the group key
 * (commitment 0). THRESHOLD_NOT_MET if fewer than `threshold` verify. Returns the key and the indices used.
 */
export function combineShares(
  commitments: readonly Uint8Array[],
  threshold: number,
  partials: readonly PartialSignature[],
  identity: Uint8Array,
): { key: Uint8Array; used: number[]; rejected: number[] } {
  if (!Array.isArray(commitments) || commitments.length !== threshold) {
    throw new CbssError("INVALID_ARGUMENT", `commitments: expected ${threshold} (one per coefficient), got ${commitments?.length}`);
  }
  const valid: PartialSignature[] = [];
  const rejected: number[] = [];
  const seen = new Set<number>();
  for (const p of partials) {
    if (valid.length === threshold) break;
    if (seen.has(p.index) || !verifyShare(commitments, p, identity)) {
      rejected.push(p.index);
      continue;
    }
    seen.add(p.index);
    valid.push(p);
  }
  if (valid.length < threshold) {
    throw new CbssError("THRESHOLD_NOT_MET", `need ${threshold} valid shares, got ${valid.length} (rejected: ${rejected.join(", ") || "none"})`);
  }
  const key = recoverSignature(valid, threshold);
  if (!verifyDecryptionKey(commitments[0] as Uint8Array, key, identity)) {
    throw new CbssError("INVALID_KEY", "the combined key does not verify against the group key");
  }
  return { key, used: valid.map((p) => p.index), rejected };
}
