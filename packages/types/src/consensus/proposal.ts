import { fixedBytes, struct, u64, type Infer } from "@cowboy/codec";
import { roundCodec } from "./round.js";

// Proposal (cips/consensus.md, "Types"): what notarize and finalize votes sign. The parent is named
// by view only: at most one proposal per view can be notarized, so (view) identifies the parent block,
// and the application checks the parent's digest inside the block itself.

export const DIGEST_LENGTH = 32;

/** A leader's proposal: its round, the view of the parent it extends (0 = genesis), the payload digest. */
export const proposalCodec = struct({ round: roundCodec, parent: u64, payload: fixedBytes(DIGEST_LENGTH) });
export type Proposal = Infer<typeof proposalCodec>;
