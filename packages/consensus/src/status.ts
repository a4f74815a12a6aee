// What the engine reports about itself (cips/consensus.md, "Engine"): the RPC's cowboy_consensus.

export interface ConsensusStatus {
  /** The view this node is in. */
  readonly view: bigint;
  /** Leader of `view` (validator index), undefined until the previous round's seed is known. */
  readonly leader: number | undefined;
  /** Highest view with a notarization this node holds ("commit" status). */
  readonly notarizedView: bigint;
  /** Height of the block notarized at `notarizedView`, when known. */
  readonly notarizedHeight: bigint | undefined;
  /** Highest view whose block is finalized and delivered to the application. */
  readonly finalizedView: bigint;
  /** Height of the last finalized block delivered (genesis = 0). */
  readonly finalizedHeight: bigint;
  /** False for a non-voting follower. */
  readonly voting: boolean;
}

/** A running Simplex engine. */
export interface Consensus {
  /** Opens the journal, replays it, and enters the first view not yet voted in. */
  start(): Promise<void>;
  /** Cancels every timer, stops handling messages, closes the journal. */
  stop(): Promise<void>;
  status(): ConsensusStatus;
}
