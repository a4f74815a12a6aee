import { encode, type Codec } from "@cowboy/codec";
import { sha256 } from "@cowboy/crypto";
import { finalizationCodec, notarizationCodec, nullificationCodec, type Finalization, type Notarization, type Nullification } from "./certificates.js";
import { proposalCodec, type Proposal } from "./proposal.js";
import { seedCodec, type Seed } from "./seed.js";

// Identifiers of consensus values (cips/consensus.md, "Types"): sha256 of the canonical encoding,
// used to deduplicate messages and to name values in logs and the resolver.

function hashOf<T>(codec: Codec<T>, value: T): Uint8Array {
  return sha256(encode(codec, value));
}

export const proposalHash = (p: Proposal): Uint8Array => hashOf(proposalCodec, p);
export const notarizationHash = (c: Notarization): Uint8Array => hashOf(notarizationCodec, c);
export const nullificationHash = (c: Nullification): Uint8Array => hashOf(nullificationCodec, c);
export const finalizationHash = (c: Finalization): Uint8Array => hashOf(finalizationCodec, c);
export const seedHash = (s: Seed): Uint8Array => hashOf(seedCodec, s);
