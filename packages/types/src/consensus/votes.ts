import { fixedBytes, struct, varuint32, type Infer } from "@cowboy/codec";
import { proposalCodec } from "./proposal.js";
import { roundCodec } from "./round.js";
import { MAX_VALIDATORS } from "./signers.js";

// Votes (cips/consensus.md, "Types" and "Signing domains"). Each carries an attributable BLS
// signature by the signer's validator key (G2, 96 bytes) over its namespaced message; notarize and
// nullify also carry the signer's threshold share partial over the round's seed message, so any
// `threshold` votes of either kind in one round recover that round's unique seed (spec §3.4).

export const SIGNATURE_BYTES = 96;
const signature = fixedBytes(SIGNATURE_BYTES);
/** A validator's index in the epoch's ordered set (its share index is index + 1). */
export const signerIndexCodec = varuint32({ min: 0, max: MAX_VALIDATORS - 1 });

/** "I would commit this proposal in this view." */
export const notarizeCodec = struct({ proposal: proposalCodec, signer: signerIndexCodec, signature, seed: signature });
export type Notarize = Infer<typeof notarizeCodec>;

/** "Skip this view" (on a timeout or a bad proposal). */
export const nullifyCodec = struct({ round: roundCodec, signer: signerIndexCodec, signature, seed: signature });
export type Nullify = Infer<typeof nullifyCodec>;

/** "I saw this proposal notarized and did not nullify its view." */
export const finalizeCodec = struct({ proposal: proposalCodec, signer: signerIndexCodec, signature });
export type Finalize = Infer<typeof finalizeCodec>;
