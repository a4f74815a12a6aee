// Double-vote evidence (spec §6 "Slashing": double signing and proposer equivocation, jail + 1%;
// cips/staking.md "Evidence"): two votes of one kind by one validator for one round that name different
// proposals, each verified against the offender's registered BLS key. A leader proposes through its own
// notarize vote (cips/consensus.md "Messages"), so two blocks for one view are two conflicting notarize votes.
import { encode, equalBytes, U64_MAX, uint } from "@cowboy/codec";
import { bls } from "@cowboy/crypto";
import { finalizeMessage, notarizeMessage, type Proposal } from "@cowboy/types";
import { invalidEvidence as invalid, StakingError } from "./errors.js";
import { evidenceKey } from "./keys.js";
import type { StakingContext } from "./lifecycle.js";
import { punishEquivocation, type SlashOutcome } from "./slashing.js";
import { getValidator } from "./store.js";

/** Which vote was doubled: 0 notarize (also the leader's proposal), 1 finalize. */
export const VoteKind = { Notarize: 0, Finalize: 1 } as const;
export type VoteKind = (typeof VoteKind)[keyof typeof VoteKind];

/** One signed vote: the proposal it names (its round is the evidence's) and the 96-byte signature. */
export interface SignedVote {
  readonly parent: bigint;
  readonly payload: Uint8Array;
  readonly signature: Uint8Array;
}

export interface DoubleVoteEvidence {
  readonly offender: Uint8Array;
  readonly kind: bigint;
  readonly epoch: bigint;
  readonly view: bigint;
  readonly a: SignedVote;
  readonly b: SignedVote;
}

/** The bytes the vote's signature signs (the consensus signing domain of its kind, @cowboy/types). */
export function voteMessage(chainId: bigint, kind: VoteKind, proposal: Proposal): Uint8Array {
  return kind === VoteKind.Notarize ? notarizeMessage(chainId, proposal) : finalizeMessage(chainId, proposal);
}

/** Throws INVALID_EVIDENCE unless `e` proves a double vote by `e.offender` whose record key is `blsPublicKey`. */
export function checkDoubleVote(chainId: bigint, e: DoubleVoteEvidence, blsPublicKey: Uint8Array): void {
  if (e.kind !== 0n && e.kind !== 1n) invalid(`kind ${e.kind}: expected 0 (notarize) or 1 (finalize)`);
  const kind = Number(e.kind) as VoteKind;
  for (const [name, n] of [
    ["epoch", e.epoch],
    ["view", e.view],
    ["a.parent", e.a.parent],
    ["b.parent", e.b.parent],
  ] as const) {
    if (typeof n !== "bigint" || n < 0n || n > U64_MAX) invalid(`${name}: expected a u64`);
  }
  for (const v of [e.a, e.b]) {
    if (!(v.payload instanceof Uint8Array) || v.payload.length !== 32) invalid("payload: expected a 32-byte digest");
    if (!(v.signature instanceof Uint8Array) || v.signature.length !== 96) invalid("signature: expected 96 bytes (compressed G2)");
  }
  if (e.a.parent === e.b.parent && equalBytes(e.a.payload, e.b.payload)) invalid("the two votes name the same proposal");
  const round = { epoch: e.epoch, view: e.view };
  [e.a, e.b].forEach((v, i) => {
    let ok: boolean;
    try {
      ok = bls.verify(v.signature, voteMessage(chainId, kind, { round, parent: v.parent, payload: v.payload }), blsPublicKey);
    } catch {
      ok = false; // not a point of G2: the crypto layer's refusal
    }
    if (!ok) invalid(`vote ${i === 0 ? "a" : "b"}: the signature does not verify under the offender's BLS key`);
  });
}

/**
 * report_double_vote: verifies the evidence, then slashes doubleSignSlashBps of the offender's stake
 * (split per SlashDistribution; `submitter` is who reported it) and jails it. One offence (offender,
 * kind, epoch, view) is punished once.
 */
export function reportDoubleVote(ctx: StakingContext, chainId: bigint, e: DoubleVoteEvidence, submitter: Uint8Array, treasury: Uint8Array): SlashOutcome {
  if (!(e.offender instanceof Uint8Array) || e.offender.length !== 20) throw new StakingError("INVALID_ARGUMENT", "offender: expected 20 bytes");
  const record = getValidator(ctx.state, e.offender);
  if (record === undefined) throw new StakingError("NOT_A_VALIDATOR", "offender: no validator record (withdrawn stake is out of reach)");
  checkDoubleVote(chainId, e, record.blsPublicKey);
  const key = evidenceKey(e.offender, Number(e.kind), e.epoch, e.view);
  if (ctx.state.get(key) !== undefined) throw new StakingError("EVIDENCE_ALREADY_USED", `this double vote (epoch ${e.epoch}, view ${e.view}) was already punished`);
  ctx.state.set(key, encode(uint, ctx.height));
  return punishEquivocation(ctx, e.offender, submitter, treasury);
}
