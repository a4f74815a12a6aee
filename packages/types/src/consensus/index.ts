// Consensus types (cips/consensus.md, "Types"; spec §3.4, §6.1): rounds, proposals, the three votes,
// the three certificates, seeds, their signing domains and hashes.

export { roundCodec, compareRounds, type Round } from "./round.js";
export { proposalCodec, DIGEST_LENGTH, type Proposal } from "./proposal.js";
export { signerSetCodec, signerSet, signerIndices, MAX_VALIDATORS, type SignerSet } from "./signers.js";
export {
  notarizeCodec,
  nullifyCodec,
  finalizeCodec,
  signerIndexCodec,
  SIGNATURE_BYTES,
  type Notarize,
  type Nullify,
  type Finalize,
} from "./votes.js";
export {
  notarizationCodec,
  nullificationCodec,
  finalizationCodec,
  blockCertificateCodec,
  type BlockCertificate,
  type Notarization,
  type Nullification,
  type Finalization,
} from "./certificates.js";
export { seedCodec, type Seed } from "./seed.js";
export {
  SIGNING_NAMESPACES,
  notarizeMessage,
  finalizeMessage,
  nullifyMessage,
  seedMessage,
  type SigningKind,
} from "./signing.js";
export { proposalHash, notarizationHash, nullificationHash, finalizationHash, seedHash } from "./hashes.js";
