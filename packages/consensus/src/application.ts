import type { Round } from "@cowboy/types";

// The application boundary (cips/consensus.md, "Application"): commonware's Automaton (propose,
// verify), Relay (the engine itself carries payloads) and Reporter (notarized, finalized) in one
// interface the node implements, plus the Archive the node keeps of finalized blocks so that the
// engine serves sync requests without holding history in memory.

/** What a proposal builds on and what it must carry in its header. */
export interface BlockContext {
  /** The round being proposed for. */
  readonly round: Round;
  /** The leader's validator index. */
  readonly leader: number;
  /** The parent: its view (0 = genesis) and digest. */
  readonly parent: { readonly view: bigint; readonly digest: Uint8Array };
  /** The parent's height (genesis = 0), so the block's height is parent.height + 1. */
  readonly parentHeight: bigint;
  /**
   * The encoded certificate (@cowboy/types blockCertificateCodec) of the parent: its notarization or
   * finalization; empty for the genesis parent. Goes in header.certificate.
   */
  readonly parentCertificate: Uint8Array;
  /**
   * The seed signature (96 bytes) of round (epoch, view - 1), the round before the proposal round:
   * the header's parent beacon (spec §3.4). Empty for the first view of the chain, which has none.
   */
  readonly beacon: Uint8Array;
}

/** A block as the engine reports it. */
export interface ConsensusBlock {
  /** The view it was proposed in. */
  readonly view: bigint;
  /** The view of its parent (0 = genesis). */
  readonly parentView: bigint;
  /** Its height (genesis = 0). */
  readonly height: bigint;
  /** 32-byte digest (Application.digest of the payload). */
  readonly digest: Uint8Array;
  /** The block bytes the leader proposed. */
  readonly payload: Uint8Array;
  /**
   * Encoded blockCertificateCodec: for `notarized`, the block's notarization; for `finalized`, its
   * own finalization, or (for an ancestor finalized by a descendant) its notarization.
   */
  readonly certificate: Uint8Array;
}

export interface Application {
  /** Digest of the genesis block: the parent (view 0) of the first proposal. */
  genesis(): Uint8Array;
  /** The 32-byte digest of a payload (the block hash), for payloads fetched by sync. */
  digest(payload: Uint8Array): Uint8Array;
  /** Leader only: build a block for `ctx`; undefined to skip the view (it will be nullified). */
  propose(ctx: BlockContext): Promise<{ digest: Uint8Array; payload: Uint8Array } | undefined>;
  /** Every voter: re-apply the leader's payload on ctx.parent; its digest if valid, else undefined. */
  verify(ctx: BlockContext, payload: Uint8Array): Promise<Uint8Array | undefined>;
  /** A block became notarized ("commit" status; may later be orphaned only if never finalized). */
  notarized?(block: ConsensusBlock): void;
  /**
   * Finalized blocks, each exactly once, in chain order (heights consecutive from the archive's
   * tip + 1). The node commits state and stores the block in its Archive before resolving.
   */
  finalized(block: ConsensusBlock): Promise<void>;
}

/** A finalized block as the node stored it (what `finalized` delivered). */
export type ArchivedBlock = ConsensusBlock;

/** The node's store of finalized blocks, read by the engine to restart and to serve sync. */
export interface Archive {
  /** The last finalized block stored, or undefined before the first. */
  tip(): { readonly view: bigint; readonly height: bigint; readonly digest: Uint8Array } | undefined;
  /** The finalized block proposed in `view`, if stored. */
  byView(view: bigint): Promise<ArchivedBlock | undefined>;
  /** The finalized block at `height`, if stored (serves an earlier epoch's last block to a node catching up). */
  byHeight?(height: bigint): Promise<ArchivedBlock | undefined>;
}
