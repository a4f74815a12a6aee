import { concatBytes, encode, u64 } from "@cowboy/codec";
import { proposalCodec, type Proposal } from "./proposal.js";
import { roundCodec, type Round } from "./round.js";

// Signing domains (cips/consensus.md, "Signing domains"). blst fixes the DST, so each kind of
// signature gets its own namespace inside the message: u8(len(ns)) ‖ ns ‖ u64be(chain_id) ‖ body,
// body = the proposal encoding (notarize, finalize) or the round encoding (nullify, seed).

export const SIGNING_NAMESPACES = {
  notarize: "COWBOY_SIMPLEX_V1_NOTARIZE",
  nullify: "COWBOY_SIMPLEX_V1_NULLIFY",
  finalize: "COWBOY_SIMPLEX_V1_FINALIZE",
  seed: "COWBOY_SIMPLEX_V1_SEED",
} as const;
export type SigningKind = keyof typeof SIGNING_NAMESPACES;

const PREFIXES = Object.fromEntries(
  Object.entries(SIGNING_NAMESPACES).map(([kind, ns]) => {
    const bytes = new TextEncoder().encode(ns);
    return [kind, concatBytes(Uint8Array.of(bytes.length), bytes)];
  }),
) as Record<SigningKind, Uint8Array>;

function message(kind: SigningKind, chainId: bigint, body: Uint8Array): Uint8Array {
  return concatBytes(PREFIXES[kind], encode(u64, chainId), body);
}

/** What a notarize vote's signature signs. */
export function notarizeMessage(chainId: bigint, proposal: Proposal): Uint8Array {
  return message("notarize", chainId, encode(proposalCodec, proposal));
}

/** What a finalize vote's signature signs. */
export function finalizeMessage(chainId: bigint, proposal: Proposal): Uint8Array {
  return message("finalize", chainId, encode(proposalCodec, proposal));
}

/** What a nullify vote's signature signs. */
export function nullifyMessage(chainId: bigint, round: Round): Uint8Array {
  return message("nullify", chainId, encode(roundCodec, round));
}

/** What the seed (and every partial of it) signs: the round's absolute encoding, namespaced. */
export function seedMessage(chainId: bigint, round: Round): Uint8Array {
  return message("seed", chainId, encode(roundCodec, round));
}
