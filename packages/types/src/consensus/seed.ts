import { fixedBytes, struct, type Infer } from "@cowboy/codec";
import { roundCodec } from "./round.js";
import { SIGNATURE_BYTES } from "./votes.js";

// Seed (spec §3.4; cips/consensus.md, "Seeds and leaders"): the epoch's threshold signature over
// the round's seed message. Exactly one valid seed exists per round; it is verified against the
// epoch's group public key with one pairing.

export const seedCodec = struct({ round: roundCodec, signature: fixedBytes(SIGNATURE_BYTES) });
export type Seed = Infer<typeof seedCodec>;
