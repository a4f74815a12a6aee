import { toHex } from "@cowboy/codec";
import { recoverSignature } from "@cowboy/crypto";
import { signerIndices, signerSet, type Finalization, type Notarization, type Notarize, type Nullification, type Proposal } from "@cowboy/types";
import { seedValid } from "./certificates.js";
import type { ViewState } from "./rounds.js";
import type { ValidatorSet } from "./validators.js";

// Building certificates from verified votes (cips/consensus.md, "Quorums"): the first proposal (or
// the round) whose voters meet both quorum rules gets a certificate: signer bitmap, aggregate of
// their signatures, and the round's seed recovered once from `threshold` partials.

/** Recovers the view's seed from its notarize and nullify partials, once; undefined if too few. */
export function recoverSeed(set: ValidatorSet, state: ViewState): Uint8Array | undefined {
  if (state.seed !== undefined) return state.seed;
  const partials = new Map<number, Uint8Array>();
  for (const v of state.notarizes.values()) partials.set(v.signer, v.seed);
  for (const v of state.nullifies.values()) partials.set(v.signer, v.seed);
  if (partials.size < set.threshold) return undefined;
  const list = [...partials].map(([signer, signature]) => ({ index: signer + 1, signature }));
  const seed = recoverSignature(list, set.threshold);
  // Partials were verified one by one; checking the result costs one pairing and guards the recovery.
  if (!seedValid(set, { epoch: set.epoch, view: state.view }, seed)) return undefined;
  state.seed = seed;
  return seed;
}

function quorumFor<V extends { proposal: Proposal; signer: number; signature: Uint8Array }>(
  set: ValidatorSet,
  votes: Iterable<V>,
): { proposal: Proposal; voters: V[] } | undefined {
  const groups = new Map<string, V[]>();
  for (const v of votes) {
    const key = toHex(v.proposal.payload) + v.proposal.parent.toString();
    const list = groups.get(key) ?? [];
    list.push(v);
    groups.set(key, list);
  }
  for (const list of groups.values()) {
    if (set.isQuorum(list.map((v) => v.signer))) return { proposal: list[0]!.proposal, voters: list };
  }
  return undefined;
}

function aggregate(set: ValidatorSet, voters: readonly { signer: number; signature: Uint8Array }[]) {
  const sorted = [...voters].sort((a, b) => a.signer - b.signer);
  return {
    signers: signerSet(
      set.validators.length,
      sorted.map((v) => v.signer),
    ),
    signature: set.bls.aggregateSignatures(sorted.map((v) => v.signature)),
  };
}

export function assembleNotarization(set: ValidatorSet, state: ViewState): Notarization | undefined {
  const q = quorumFor<Notarize>(set, state.notarizes.values());
  if (q === undefined) return undefined;
  const seed = recoverSeed(set, state);
  if (seed === undefined) return undefined;
  return { proposal: q.proposal, ...aggregate(set, q.voters), seed };
}

export function assembleNullification(set: ValidatorSet, state: ViewState): Nullification | undefined {
  const voters = [...state.nullifies.values()];
  if (!set.isQuorum(voters.map((v) => v.signer))) return undefined;
  const seed = recoverSeed(set, state);
  if (seed === undefined) return undefined;
  return { round: { epoch: set.epoch, view: state.view }, ...aggregate(set, voters), seed };
}

export function assembleFinalization(set: ValidatorSet, state: ViewState): Finalization | undefined {
  const q = quorumFor(set, state.finalizes.values());
  if (q === undefined) return undefined;
  const seed = state.seed ?? recoverSeed(set, state);
  if (seed === undefined) return undefined;
  return { proposal: q.proposal, ...aggregate(set, q.voters), seed };
}

/**
 * `cert` with the late votes `s` holds for its proposal added (cips/consensus.md "Late votes"): the signer set
 * is the union and the signature the sum of the certificate's aggregate and the added votes' signatures, so
 * it verifies like any certificate. Returns `cert` itself when there is nothing to add.
 */
export function widenCertificate<C extends Notarization | Finalization>(
  set: ValidatorSet,
  cert: C,
  votes: ReadonlyMap<number, { proposal: Proposal; signer: number; signature: Uint8Array }>,
): C {
  const have = new Set(signerIndices(cert.signers));
  const extra = [...votes.values()].filter((v) => !have.has(v.signer) && toHex(v.proposal.payload) === toHex(cert.proposal.payload) && v.proposal.parent === cert.proposal.parent);
  if (extra.length === 0) return cert;
  const all = [...have, ...extra.map((v) => v.signer)].sort((a, b) => a - b);
  return {
    ...cert,
    signers: signerSet(set.validators.length, all),
    signature: set.bls.aggregateSignatures([cert.signature, ...extra.map((v) => v.signature)]),
  };
}
