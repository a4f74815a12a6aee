import { fixedBytes, struct, variant, type Infer } from "@cowboy/codec";
import { proposalCodec } from "./proposal.js";
import { roundCodec } from "./round.js";
import { signerSetCodec } from "./signers.js";
import { SIGNATURE_BYTES } from "./votes.js";

// Certificates (cips/consensus.md, "Types" and "Quorums"): a quorum of one kind of vote for one
// proposal or round, as a signer bitmap and the aggregate (point sum) of their signatures, plus the
// round's seed (the threshold signature recovered from the votes' partials, spec §3.4). A
// finalization carries the seed of its view too, recovered from that view's notarize partials.

const signature = fixedBytes(SIGNATURE_BYTES);

export const notarizationCodec = struct({ proposal: proposalCodec, signers: signerSetCodec, signature, seed: signature });
export type Notarization = Infer<typeof notarizationCodec>;

export const nullificationCodec = struct({ round: roundCodec, signers: signerSetCodec, signature, seed: signature });
export type Nullification = Infer<typeof nullificationCodec>;

export const finalizationCodec = struct({ proposal: proposalCodec, signers: signerSetCodec, signature, seed: signature });
export type Finalization = Infer<typeof finalizationCodec>;

/**
 * The certificate of a block as a header carries it (`header.certificate` of its child): the
 * block's notarization (tag 0) or its finalization (tag 1). Signer sets differ between nodes, so
 * check it with @cowboy/consensus's verifyBlockCertificate, never by comparing bytes.
 */
export const blockCertificateCodec = variant({
  notarization: { tag: 0, codec: notarizationCodec },
  finalization: { tag: 1, codec: finalizationCodec },
});
export type BlockCertificate = Infer<typeof blockCertificateCodec>;
