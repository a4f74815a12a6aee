import { toHex } from "@cowboy/codec";
import type { BlsSignatureSet } from "@cowboy/crypto";
import type { Clock, PeerId, Timer } from "@cowboy/runtime";
import { signerIndices } from "@cowboy/types";
import { signatureSets, verifyBatch } from "./batch.js";
import type { MetricEvent } from "./options.js";
import { sameProposal, type ViewState } from "./rounds.js";
import type { ValidatorSet } from "./validators.js";
import type { VoteMessage } from "./wire.js";

// The vote buffer (cips/consensus.md, "Verification"): received votes wait here, one per (kind,
// view, signer), and the votes for one target (kind, view, proposal) are verified, in one batch with
// bisection, only once they could complete a quorum together with the votes already verified.
// Votes for a target that already has its certificate are dropped unverified, except late votes (a notarize or
// finalize for the certified proposal from a signer the certificate lacks), verified at once: they widen the
// certificate the next proposer puts in its header (cips/consensus.md "Late votes").

export interface VoteBufferHost {
  readonly set: ValidatorSet;
  readonly clock: Clock;
  readonly views: ReadonlyMap<bigint, ViewState>;
  finalizedView(): bigint;
  metric(event: MetricEvent): void;
  blockPeer(peer: PeerId, code: string, message: string): void;
  /** Receives the votes that verified. */
  accept(votes: readonly VoteMessage[]): void;
}

interface PendingVote {
  readonly from: PeerId;
  readonly vote: VoteMessage;
  readonly key: string;
}

export class VoteBuffer {
  private readonly host: VoteBufferHost;
  private pending: PendingVote[] = [];
  private readonly keys = new Set<string>();
  private timer: Timer | undefined;
  private stopped = false;

  constructor(host: VoteBufferHost) {
    this.host = host;
  }

  /** Buffers a vote (a second one from the same signer, kind and view is ignored); verification runs after the current task. */
  add(from: PeerId, vote: VoteMessage): void {
    const key = `${vote.type}:${voteView(vote)}:${vote.value.signer}`;
    if (this.stopped || this.keys.has(key)) return;
    this.keys.add(key);
    this.pending.push({ from, vote, key });
    this.timer ??= this.host.clock.schedule(0, () => this.flush());
  }

  stop(): void {
    this.stopped = true;
    this.timer?.cancel();
    this.pending = [];
    this.keys.clear();
  }

  /** Verifies every group that could now complete a certificate; keeps the rest. */
  flush(): void {
    this.timer?.cancel();
    this.timer = undefined;
    if (this.stopped) return;
    const groups = new Map<string, PendingVote[]>();
    for (const p of this.pending) {
      const target = voteTarget(p.vote);
      const list = groups.get(target) ?? [];
      list.push(p);
      groups.set(target, list);
    }
    const batch: PendingVote[] = [];
    const keep: PendingVote[] = [];
    for (const group of groups.values()) {
      const first = (group[0] as PendingVote).vote;
      const view = voteView(first);
      const s = this.host.views.get(view);
      if (s === undefined || view < this.host.finalizedView()) continue;
      if (hasCertificateFor(s, first)) {
        batch.push(...group.filter((p) => isLateVote(s, p.vote)));
        continue;
      }
      if (view === this.host.finalizedView()) continue;
      const signers = new Set([...group.map((p) => p.vote.value.signer), ...verifiedSigners(s, first)]);
      if (this.host.set.isQuorum([...signers])) batch.push(...group);
      else keep.push(...group);
    }
    this.pending = keep;
    this.keys.clear();
    for (const p of keep) this.keys.add(p.key);
    if (batch.length === 0) return;
    const items = batch.map((p) => ({ item: p, sets: signatureSets(this.host.set, p.vote) as readonly BlsSignatureSet[] }));
    const { valid, invalid } = verifyBatch(this.host.set.bls, items);
    this.host.metric({ type: "batch", size: batch.length, invalid: invalid.length });
    for (const bad of invalid) this.host.blockPeer(bad.from, "INVALID_SIGNATURE", `${bad.vote.type} vote does not verify`);
    if (valid.length > 0) this.host.accept(valid.map((p) => p.vote));
  }
}

/** Signers whose vote of the same kind, for the same proposal, is already verified in `s`. */
function verifiedSigners(s: ViewState, vote: VoteMessage): number[] {
  if (vote.type === "nullify") return [...s.nullifies.keys()];
  const votes = vote.type === "notarize" ? s.notarizes : s.finalizes;
  return [...votes.values()].filter((v) => sameProposal(v.proposal, vote.value.proposal)).map((v) => v.signer);
}

/** True when `s` already holds the certificate `vote` would count towards. */
export function hasCertificateFor(s: ViewState, vote: VoteMessage): boolean {
  if (vote.type === "notarize") return s.notarization !== undefined || s.finalization !== undefined;
  return vote.type === "nullify" ? s.nullification !== undefined : s.finalization !== undefined;
}

export function voteView(vote: VoteMessage): bigint {
  return vote.type === "nullify" ? vote.value.round.view : vote.value.proposal.round.view;
}

/** What a vote counts towards: its kind, view and (for notarize and finalize) proposal. */
function voteTarget(vote: VoteMessage): string {
  if (vote.type === "nullify") return `nullify:${vote.value.round.view}`;
  const p = vote.value.proposal;
  return `${vote.type}:${p.round.view}:${p.parent}:${toHex(p.payload)}`;
}

/**
 * True when `vote` is a late vote: a notarize (or finalize) for the proposal `s`'s notarization (or
 * finalization) certifies, from a signer that certificate lacks and whose vote `s` does not hold yet.
 */
export function isLateVote(s: ViewState, vote: VoteMessage): boolean {
  if (vote.type === "nullify") return false;
  const cert = vote.type === "notarize" ? s.notarization : s.finalization;
  const held = vote.type === "notarize" ? s.notarizes : s.finalizes;
  if (cert === undefined || !sameProposal(cert.proposal, vote.value.proposal) || held.has(vote.value.signer)) return false;
  return !signerIndices(cert.signers).includes(vote.value.signer);
}
