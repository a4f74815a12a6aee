import { decode, equalBytes } from "@cowboy/codec";
import {
  blockCertificateCodec,
  finalizeMessage,
  notarizeMessage,
  nullifyMessage,
  seedMessage,
  signerIndices,
  type BlockCertificate,
  type Finalization,
  type Notarization,
  type Nullification,
  type Round,
  type SignerSet,
} from "@cowboy/types";
import { ConsensusError } from "./errors.js";
import type { ValidatorSet } from "./validators.js";

// Certificate verification (cips/consensus.md, "Quorums" and "Signing domains"): the signers must be a
// quorum of this epoch's set, their aggregate must verify over the namespaced message (one
// fastAggregateVerify), and the seed must verify against the group key (one pairing).

function signersOf(set: ValidatorSet, signers: SignerSet): number[] | undefined {
  if (signers.size !== set.validators.length) return undefined;
  const list = signerIndices(signers);
  return set.isQuorum(list) ? list : undefined;
}

function aggregateValid(set: ValidatorSet, signers: SignerSet, signature: Uint8Array, message: Uint8Array): boolean {
  const list = signersOf(set, signers);
  if (list === undefined) return false;
  try {
    return set.bls.fastAggregateVerify(
      signature,
      message,
      list.map((i) => set.prepared[i]!),
    );
  } catch {
    return false;
  }
}

/** True when `signature` is the epoch's seed of `round`. */
export function seedValid(set: ValidatorSet, round: Round, signature: Uint8Array): boolean {
  if (round.epoch !== set.epoch) return false;
  try {
    return set.bls.verify(signature, seedMessage(set.chainId, round), set.groupPublicKey);
  } catch {
    return false;
  }
}

export function notarizationValid(set: ValidatorSet, c: Notarization): boolean {
  return c.proposal.round.epoch === set.epoch && aggregateValid(set, c.signers, c.signature, notarizeMessage(set.chainId, c.proposal)) && seedValid(set, c.proposal.round, c.seed);
}

export function nullificationValid(set: ValidatorSet, c: Nullification): boolean {
  return c.round.epoch === set.epoch && aggregateValid(set, c.signers, c.signature, nullifyMessage(set.chainId, c.round)) && seedValid(set, c.round, c.seed);
}

export function finalizationValid(set: ValidatorSet, c: Finalization): boolean {
  return c.proposal.round.epoch === set.epoch && aggregateValid(set, c.signers, c.signature, finalizeMessage(set.chainId, c.proposal)) && seedValid(set, c.proposal.round, c.seed);
}

/**
 * Checks a header's certificate field against the parent it claims: it must decode, name the
 * parent's view and digest, and verify under `set`. Returns the decoded certificate; throws
 * ConsensusError otherwise (CodecError when the bytes do not decode).
 */
export function verifyBlockCertificate(bytes: Uint8Array, parent: { view: bigint; digest: Uint8Array }, set: ValidatorSet): BlockCertificate {
  const cert = decode(blockCertificateCodec, bytes);
  const proposal = cert.value.proposal;
  if (proposal.round.view !== parent.view || !equalBytes(proposal.payload, parent.digest)) {
    throw new ConsensusError("CERTIFICATE_MISMATCH", `certificate is for view ${proposal.round.view}, not the parent at view ${parent.view}`, {
      view: proposal.round.view,
    });
  }
  const ok = cert.type === "notarization" ? notarizationValid(set, cert.value) : finalizationValid(set, cert.value);
  if (!ok) throw new ConsensusError("INVALID_CERTIFICATE", `the parent's ${cert.type} does not verify under epoch ${set.epoch}`);
  return cert;
}
