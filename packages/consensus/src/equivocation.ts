import { equalBytes } from "@cowboy/codec";
import { finalizeMessage, notarizeMessage, type Proposal, type Round } from "@cowboy/types";
import type { ValidatorSet } from "./validators.js";
import type { VoteMessage } from "./wire.js";

// Double votes (cips/consensus.md "Evidence"): the first notarize and finalize seen from each signer in each
// view is kept, unverified; a second one for another proposal is checked (both signatures, under the signer's
// key in this epoch's set) and reported once, so the node can submit it as evidence (cips/staking.md "Evidence").

export interface SignedProposal {
  readonly parent: bigint;
  readonly payload: Uint8Array;
  readonly signature: Uint8Array;
}

export interface Equivocation {
  readonly kind: "notarize" | "finalize";
  readonly signer: number;
  /** The signer's account address in the set. */
  readonly address: Uint8Array;
  readonly round: Round;
  readonly a: SignedProposal;
  readonly b: SignedProposal;
}

export class EquivocationWatch {
  private readonly first = new Map<string, { view: bigint; proposal: Proposal; signature: Uint8Array }>();
  private readonly reported = new Set<string>();

  constructor(
    private readonly set: ValidatorSet,
    private readonly report: (e: Equivocation) => void,
  ) {}

  /** A notarize or finalize vote as received (signer already matched to its sender). */
  observe(vote: VoteMessage): void {
    if (vote.type === "nullify") return;
    const { proposal, signer, signature } = vote.value;
    const key = `${vote.type}:${proposal.round.view}:${signer}`;
    const seen = this.first.get(key);
    if (seen === undefined) {
      this.first.set(key, { view: proposal.round.view, proposal, signature });
      return;
    }
    if (this.reported.has(key) || (seen.proposal.parent === proposal.parent && equalBytes(seen.proposal.payload, proposal.payload))) return;
    const v = this.set.validators[signer];
    if (v === undefined) return;
    const message = vote.type === "notarize" ? notarizeMessage : finalizeMessage;
    const valid = (p: Proposal, s: Uint8Array): boolean => {
      try {
        return this.set.bls.verify(s, message(this.set.chainId, p), v.blsPublicKey);
      } catch {
        return false;
      }
    };
    if (!valid(seen.proposal, seen.signature)) {
      // The first was forged by nobody we trust: keep the verified one instead.
      if (valid(proposal, signature)) this.first.set(key, { view: proposal.round.view, proposal, signature });
      return;
    }
    if (!valid(proposal, signature)) return;
    this.reported.add(key);
    this.report({
      kind: vote.type,
      signer,
      address: v.address,
      round: proposal.round,
      a: { parent: seen.proposal.parent, payload: seen.proposal.payload, signature: seen.signature },
      b: { parent: proposal.parent, payload: proposal.payload, signature },
    });
  }

  /** Forgets views below `view`. */
  prune(view: bigint): void {
    for (const [key, v] of this.first) if (v.view < view) this.first.delete(key);
    for (const key of this.reported) if (BigInt(key.split(":")[1] as string) < view) this.reported.delete(key);
  }
}
