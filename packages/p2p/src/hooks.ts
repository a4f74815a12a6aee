// The logger and metrics hooks a node passes in (ARCHITECTURE.md: dependencies are passed in, the
// package holds no global logger or registry), and the counters every network keeps for `stats()`.
import type { BlockReason, Channel, PeerId } from "@cowboy/runtime";

/** A structured logger (apps/node's Logger has this shape). */
export interface P2PLogger {
  error(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  debug(message: string, fields?: Record<string, unknown>): void;
}

/** Why an outbound or inbound message was dropped. */
export type DropReason =
  /** The peer's outbound queue was full; the oldest queued message made room (drop-oldest). */
  | "queue_full"
  /** Queued for a peer that disconnected before it was written. */
  | "disconnected"
  /** Received on a channel with no handler. */
  | "no_handler"
  /** Received beyond the sender's rate (scored as FLOOD). */
  | "flood"
  /** Received on a restricted channel from a peer outside `allowedPeers` (scored). */
  | "unauthorized";

/** Called as events happen; every hook optional, none may throw (a throw is caught and logged). */
export interface P2PMetricsHooks {
  /** A direct message was written to the peer's stream. */
  onSent?(peer: PeerId, channel: Channel, bytes: number): void;
  /** A direct message was delivered to its channel's handler. */
  onReceived?(peer: PeerId, channel: Channel, bytes: number): void;
  /** A direct message was dropped. */
  onDropped?(peer: PeerId, channel: Channel, reason: DropReason): void;
  /** A gossip message was delivered to a subscriber. */
  onGossip?(topic: string, bytes: number): void;
  /** A peer was blocked (by `block` or by its score). */
  onBlocked?(peer: PeerId, reason: BlockReason): void;
  /** The number of connected peers changed. */
  onPeerCount?(count: number): void;
}

/** Running totals since the network started. */
export interface P2PStats {
  sent: number;
  received: number;
  /** Drops by reason. */
  dropped: Record<DropReason, number>;
  gossipPublished: number;
  gossipDelivered: number;
  blocked: number;
  /** Direct streams opened by this node (one per peer, plus one per re-open after a loss). */
  streamsOpened: number;
}

export function emptyStats(): P2PStats {
  return {
    sent: 0,
    received: 0,
    dropped: { queue_full: 0, disconnected: 0, no_handler: 0, flood: 0, unauthorized: 0 },
    gossipPublished: 0,
    gossipDelivered: 0,
    blocked: 0,
    streamsOpened: 0,
  };
}

/** Calls a hook, logging instead of throwing if it throws. */
export function callHook<A extends unknown[]>(logger: P2PLogger, name: string, hook: ((...args: A) => void) | undefined, ...args: A): void {
  if (hook === undefined) return;
  try {
    hook(...args);
  } catch (err) {
    logger.warn("p2p metrics hook threw", { module: "p2p", hook: name, error: String(err) });
  }
}

/** A logger that prints nothing (the default). */
export const SILENT_LOGGER: P2PLogger = Object.freeze({ error() {}, warn() {}, info() {}, debug() {} });
