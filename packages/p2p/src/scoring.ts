// Peer scoring (cips/consensus.md, "Network" → "Scoring and blocking"): every peer starts at 0;
// offences subtract a fixed penalty, time adds back `recoveryPerSecond` up to 0, and a peer whose
// score reaches `blockThreshold` is blocked. A flood is measured by a token bucket per peer (messages
// and bytes per second): a frame that finds the bucket empty is dropped and costs the flood penalty.
import type { PeerId } from "@cowboy/runtime";

/** What a peer can be penalised for. */
export type Offence =
  /** A direct frame whose length exceeds `maxMessageSize` (the stream cannot be resynchronised). */
  | "OVERSIZE_FRAME"
  /** A direct message beyond the peer's message or byte rate. */
  | "FLOOD"
  /** A direct message on a restricted channel from a peer outside `allowedPeers`. */
  | "UNAUTHORIZED_CHANNEL"
  /** A gossip message the subscriber's handler rejected (invalid transaction, bad signature...). */
  | "GOSSIP_REJECTED";

export interface ScoringOptions {
  /** A peer whose score falls to this value or below is blocked. Default -100. */
  readonly blockThreshold: number;
  /** Points subtracted per offence. Defaults: OVERSIZE_FRAME 100 (blocks at once), FLOOD 1, UNAUTHORIZED_CHANNEL 10, GOSSIP_REJECTED 10. */
  readonly penalties: Readonly<Record<Offence, number>>;
  /** Points a penalised peer regains per second, never above 0. Default 1. */
  readonly recoveryPerSecond: number;
  /** Sustained direct messages per second a peer may send; twice this is its burst. Default 10,000. */
  readonly messagesPerSecond: number;
  /** Sustained direct bytes per second a peer may send; twice this is its burst. Default 64 MiB. */
  readonly bytesPerSecond: number;
}

export const DEFAULT_SCORING: ScoringOptions = Object.freeze({
  blockThreshold: -100,
  penalties: Object.freeze({ OVERSIZE_FRAME: 100, FLOOD: 1, UNAUTHORIZED_CHANNEL: 10, GOSSIP_REJECTED: 10 }),
  recoveryPerSecond: 1,
  messagesPerSecond: 10_000,
  bytesPerSecond: 64 * 1024 * 1024,
});

interface PeerState {
  score: number;
  scoredAt: number;
  messageTokens: number;
  byteTokens: number;
  refilledAt: number;
}

/** The scores of the peers that have sent something, keyed by PeerId. `now` is milliseconds. */
export class PeerScores {
  readonly #options: ScoringOptions;
  readonly #now: () => number;
  readonly #peers = new Map<PeerId, PeerState>();

  constructor(options: ScoringOptions, now: () => number) {
    this.#options = options;
    this.#now = now;
  }

  /** The peer's current score (0 for a peer never penalised). */
  score(peer: PeerId): number {
    const state = this.#peers.get(peer);
    if (state === undefined) return 0;
    this.#recover(state);
    return state.score;
  }

  /** Subtracts the offence's penalty; true when the peer has now reached the block threshold. */
  penalise(peer: PeerId, offence: Offence): boolean {
    const state = this.#state(peer);
    this.#recover(state);
    state.score -= this.#options.penalties[offence];
    return state.score <= this.#options.blockThreshold;
  }

  /** Takes one message of `bytes` from the peer's buckets; false when either is empty (the message is a flood). */
  admit(peer: PeerId, bytes: number): boolean {
    const state = this.#state(peer);
    const now = this.#now();
    const elapsed = Math.max(0, now - state.refilledAt) / 1000;
    state.refilledAt = now;
    state.messageTokens = Math.min(2 * this.#options.messagesPerSecond, state.messageTokens + elapsed * this.#options.messagesPerSecond);
    state.byteTokens = Math.min(2 * this.#options.bytesPerSecond, state.byteTokens + elapsed * this.#options.bytesPerSecond);
    if (state.messageTokens < 1 || state.byteTokens < bytes) return false;
    state.messageTokens -= 1;
    state.byteTokens -= bytes;
    return true;
  }

  /** Forgets a peer (it disconnected with a score of 0, or it was blocked). */
  forget(peer: PeerId): void {
    this.#peers.delete(peer);
  }

  /** Forgets every peer whose score has recovered to 0 (bounded memory across many short-lived peers). */
  prune(isConnected: (peer: PeerId) => boolean): void {
    for (const [peer, state] of this.#peers) {
      this.#recover(state);
      if (state.score === 0 && !isConnected(peer)) this.#peers.delete(peer);
    }
  }

  #state(peer: PeerId): PeerState {
    let state = this.#peers.get(peer);
    if (state === undefined) {
      const now = this.#now();
      state = { score: 0, scoredAt: now, messageTokens: 2 * this.#options.messagesPerSecond, byteTokens: 2 * this.#options.bytesPerSecond, refilledAt: now };
      this.#peers.set(peer, state);
    }
    return state;
  }

  #recover(state: PeerState): void {
    const now = this.#now();
    if (state.score < 0) state.score = Math.min(0, state.score + (Math.max(0, now - state.scoredAt) / 1000) * this.#options.recoveryPerSecond);
    state.scoredAt = now;
  }
}
