import { equalBytes } from "@cowboy/codec";
import type { PeerId, Timer } from "@cowboy/runtime";
import type { Finalization, Finalize, Notarization, Notarize, Nullification, Nullify, Proposal } from "@cowboy/types";
import type { ProposalMessage } from "./wire.js";

// What one node knows about one view (cips/consensus.md, "Engine"): the leader, the proposal and
// its block, the verified votes of each kind by signer, the certificates, the seed, and this node's
// own votes (restored from the journal after a restart).

export class ViewState {
  readonly view: bigint;
  leader: number | undefined;
  proposal: Proposal | undefined;
  payload: Uint8Array | undefined;
  /** This node proposed or verified the block (so it may build on it). */
  verified = false;
  verifying = false;
  /** This node (the leader) has asked the application for a block for this view. */
  proposing = false;
  /** Clock time this node first saw the proposal (pacing and finality latency). */
  proposalSeenAt: number | undefined;
  /** Height of the proposal's block, when its ancestry is known. */
  height: bigint | undefined;
  readonly notarizes = new Map<number, Notarize>();
  readonly nullifies = new Map<number, Nullify>();
  readonly finalizes = new Map<number, Finalize>();
  notarization: Notarization | undefined;
  nullification: Nullification | undefined;
  finalization: Finalization | undefined;
  seed: Uint8Array | undefined;
  votedNotarize = false;
  votedNullify = false;
  votedFinalize = false;
  /** Proposals that arrived before the leader was known, one per sender. */
  readonly early = new Map<PeerId, ProposalMessage>();
  /** Peers already sent this view's certificate in answer to a stale vote. */
  readonly helped = new Set<PeerId>();
  readonly timers: Timer[] = [];

  constructor(view: bigint) {
    this.view = view;
  }

  /** The notarized (or finalized) proposal of this view, if any. */
  certifiedProposal(): Proposal | undefined {
    return this.finalization?.proposal ?? this.notarization?.proposal;
  }

  cancelTimers(): void {
    for (const t of this.timers.splice(0)) t.cancel();
  }
}

/** Same round, parent and payload. */
export function sameProposal(a: Proposal, b: Proposal): boolean {
  return a.round.epoch === b.round.epoch && a.round.view === b.round.view && a.parent === b.parent && equalBytes(a.payload, b.payload);
}
