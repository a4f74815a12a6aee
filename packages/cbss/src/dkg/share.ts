// A committee member's share after a DKG / reshare (cips/cbss.md "DKG"): the member opens its
// encrypted share in each qualified dealing of the committee's epoch (kept in the state) and
// combines them. The result's public key is sharePublicKey(committee.commitments, index).
import { type Dealing, type DkgKind, type SecretShare, combineCommitments, combineShare, decodeDealing, openShare } from "@cowboy/crypto";
import { type CbssState, getCommittee } from "../chain/context.js";
import { CbssError } from "../errors.js";
import { dkgDealingKey } from "./keys.js";
import { committeeDkgContext, qualifiedDealers } from "./run.js";

export interface CommitteeShareInput {
  readonly chainId: bigint;
  readonly epoch: bigint;
  /** The member's 1-based index in the committee. */
  readonly index: number;
  readonly blsSecretKey: Uint8Array;
  readonly kind: DkgKind;
  /** The qualified dealings, in the chain's order (ascending dealer index). */
  readonly dealings: readonly Dealing[];
}

/** Member `index`'s share from the qualified dealings (what a proxy reads over RPC; no state needed). */
export function combineCommitteeShare(o: CommitteeShareInput): SecretShare {
  const context = committeeDkgContext(o.chainId, o.epoch);
  // The same dealers, in the same order, with the same weights as the chain combined.
  const combined = combineCommitments({ kind: o.kind, dealings: [...o.dealings], required: o.dealings.length });
  const byDealer = new Map<number, bigint>();
  for (const d of o.dealings) {
    const opened = openShare({ dealing: d, context, recipient: o.index, secretKey: o.blsSecretKey });
    if (!opened.ok) throw new CbssError("INVALID_SHARE", `dealer ${d.dealer}'s share for member ${o.index} does not verify`);
    byDealer.set(d.dealer, opened.share);
  }
  return combineShare(combined, o.index, byDealer);
}

/** Member `index`'s share of committee `epoch`, from its BLS secret key. */
export function openCommitteeShare(state: CbssState, chainId: bigint, epoch: bigint, index: number, blsSecretKey: Uint8Array): SecretShare {
  const committee = getCommittee(state, epoch);
  const q = qualifiedDealers(state, epoch);
  if (committee === undefined || q === undefined) throw new CbssError("NO_COMMITTEE", `committee epoch ${epoch} did not come from a DKG`);
  const dealings = q.dealers.map((d) => {
    const b = state.get(dkgDealingKey(epoch, d));
    if (b === undefined) throw new CbssError("CORRUPT_STATE", `dealing of dealer ${d} for epoch ${epoch} is missing`);
    return decodeDealing(b);
  });
  return combineCommitteeShare({ chainId, epoch, index, blsSecretKey, kind: q.kind, dealings });
}
