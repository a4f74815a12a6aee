import type { Bls, BlsSignatureSet } from "@cowboy/crypto";
import { finalizeMessage, notarizeMessage, nullifyMessage, seedMessage } from "@cowboy/types";
import type { ValidatorSet } from "./validators.js";
import type { VoteMessage } from "./wire.js";

// Buffered batch verification of votes (cips/consensus.md, "Verification"): every vote contributes
// its attributable signature (against the validator key) and, for notarize and nullify, its seed
// partial (against the validator's share key). A batch is checked with one verifyBatch (one
// randomized multi-pairing in blst); if it fails, it is split in halves until the bad votes are
// isolated, so k bad votes among m cost O(k log m) extra batch checks.

/** The signature sets one vote must satisfy. */
export function signatureSets(set: ValidatorSet, vote: VoteMessage): BlsSignatureSet[] {
  const signer = vote.value.signer;
  const publicKey = set.validators[signer]!.blsPublicKey;
  switch (vote.type) {
    case "notarize": {
      const round = vote.value.proposal.round;
      return [
        { signature: vote.value.signature, message: notarizeMessage(set.chainId, vote.value.proposal), publicKey },
        { signature: vote.value.seed, message: seedMessage(set.chainId, round), publicKey: set.shareKeys[signer]! },
      ];
    }
    case "nullify":
      return [
        { signature: vote.value.signature, message: nullifyMessage(set.chainId, vote.value.round), publicKey },
        { signature: vote.value.seed, message: seedMessage(set.chainId, vote.value.round), publicKey: set.shareKeys[signer]! },
      ];
    case "finalize":
      return [{ signature: vote.value.signature, message: finalizeMessage(set.chainId, vote.value.proposal), publicKey }];
  }
}

export interface BatchItem<T> {
  readonly item: T;
  readonly sets: readonly BlsSignatureSet[];
}

function batchValid(bls: Bls, items: readonly BatchItem<unknown>[]): boolean {
  try {
    return bls.verifyBatch(items.flatMap((i) => i.sets));
  } catch {
    // A malformed point (off-curve, off-subgroup, infinity) makes its batch invalid.
    return false;
  }
}

/** Splits `items` into those whose signatures all verify and those that do not. */
export function verifyBatch<T>(bls: Bls, items: readonly BatchItem<T>[]): { valid: T[]; invalid: T[]; checks: number } {
  const valid: T[] = [];
  const invalid: T[] = [];
  let checks = 0;
  const visit = (part: readonly BatchItem<T>[]): void => {
    if (part.length === 0) return;
    checks++;
    if (batchValid(bls, part)) {
      for (const p of part) valid.push(p.item);
      return;
    }
    if (part.length === 1) {
      invalid.push(part[0]!.item);
      return;
    }
    const mid = part.length >> 1;
    visit(part.slice(0, mid));
    visit(part.slice(mid));
  };
  visit(items);
  return { valid, invalid, checks };
}
