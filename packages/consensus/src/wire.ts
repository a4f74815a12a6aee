import { bytes, atMost, option, struct, u64, variant, type Infer } from "@cowboy/codec";
import { blockCertificateCodec, finalizationCodec, finalizeCodec, notarizationCodec, notarizeCodec, nullificationCodec, nullifyCodec } from "@cowboy/types";

// Wire messages (cips/consensus.md, "Messages and channels"). Each channel carries one codec; a
// message that does not decode strictly gets its sender blocked.

/** Channel numbers on the runtime Network. */
export const CHANNELS = Object.freeze({ votes: 0x10, certificates: 0x11, proposals: 0x12, resolver: 0x13 });

/**
 * Largest block payload the engine accepts (a proposal or a sync response): 8 KiB under 8 MiB, so a
 * whole proposal or resolver message (payload + votes and certificates, under 1 KiB) fits in
 * @cowboy/p2p's default message bound of 8 MiB.
 */
export const MAX_PAYLOAD_BYTES = 8 * 1024 * 1024 - 8 * 1024;

export const voteMessageCodec = variant({
  notarize: { tag: 0, codec: notarizeCodec },
  nullify: { tag: 1, codec: nullifyCodec },
  finalize: { tag: 2, codec: finalizeCodec },
});
export type VoteMessage = Infer<typeof voteMessageCodec>;

export const certificateMessageCodec = variant({
  notarization: { tag: 0, codec: notarizationCodec },
  nullification: { tag: 1, codec: nullificationCodec },
  finalization: { tag: 2, codec: finalizationCodec },
});
export type CertificateMessage = Infer<typeof certificateMessageCodec>;

/** The leader's proposal: its own notarize vote (which names the proposal) and the block bytes. */
export const proposalMessageCodec = struct({ vote: notarizeCodec, payload: bytes(atMost(MAX_PAYLOAD_BYTES)) });
export type ProposalMessage = Infer<typeof proposalMessageCodec>;

/** What a resolver answer holds for one view. */
export const resolvedViewCodec = variant({
  /** Nothing known about that view. */
  unknown: { tag: 0, codec: struct({}) },
  /** The view's block: its notarization or finalization, and the payload. */
  block: { tag: 1, codec: struct({ certificate: blockCertificateCodec, payload: bytes(atMost(MAX_PAYLOAD_BYTES)) }) },
  /** The view was skipped. */
  nullified: { tag: 2, codec: nullificationCodec },
});
export type ResolvedView = Infer<typeof resolvedViewCodec>;

export const resolverMessageCodec = variant({
  request: { tag: 0, codec: struct({ id: u64, view: u64 }) },
  response: { tag: 1, codec: struct({ id: u64, view: u64, answer: resolvedViewCodec, latestFinalization: option(finalizationCodec) }) },
  /** The last block of `epoch` with its finalization (a node more than one epoch behind); answered as a response. */
  epochEnd: { tag: 2, codec: struct({ id: u64, epoch: u64 }) },
});
export type ResolverMessage = Infer<typeof resolverMessageCodec>;
