// The capabilities distributed code may use (ARCHITECTURE.md, "Rules of the house": distributed
// code takes its clock, randomness, network and storage from here). Each is a small interface with
// two implementations: the real one (Node timers, node:crypto, files or lmdb, libp2p in @cowboy/p2p)
// and the deterministic simulator (virtual time, a seeded scheduler, simulated links, crash and
// restart with storage kept), so the same consensus code runs in both and one seed replays bit for bit.

/** A scheduled callback; cancelling twice, or after it ran, does nothing. */
export interface Timer {
  cancel(): void;
}

/** Time as the code sees it: wall-clock milliseconds in a node, virtual milliseconds in the simulator. */
export interface Clock {
  /** Milliseconds since the Unix epoch (the simulator starts at a fixed, configured instant). */
  now(): number;
  /** Runs `fn` once after `ms` milliseconds (0 runs it after the current task, never synchronously). */
  schedule(ms: number, fn: () => void): Timer;
  /** Resolves after `ms` milliseconds. */
  sleep(ms: number): Promise<void>;
}

/** Randomness: cryptographic in a node, seeded and replayable in the simulator. Never for consensus values. */
export interface Rng {
  /** A uniform integer in [0, 2^32). */
  nextU32(): number;
  /** A uniform integer in [0, bound), bound in [1, 2^32]; no modulo bias. */
  below(bound: number): number;
  /** `length` uniform bytes. */
  bytes(length: number): Uint8Array;
}

/**
 * A peer's identity on the network: lowercase hex (no 0x) of its public network key. Consensus maps
 * validators to peers through the validator set, so a message's sender is authenticated by the
 * transport (TLS 1.3 in QUIC, or the simulator's link), never by a field inside the message.
 */
export type PeerId = string;

/**
 * A message channel: each subsystem (consensus votes, certificates, blocks, sync, transactions)
 * has its own, with its own handler and its own bounded queue. Numbers are listed in cips/consensus.md.
 * A channel is 0 to 255: @cowboy/p2p carries it in one byte, and the simulator refuses more as well.
 */
export type Channel = number;

/** Who a message goes to: named peers, or every connected peer. */
export type Recipients = readonly PeerId[] | "all";

/** Why a peer was blocked (kept for logs and metrics). */
export interface BlockReason {
  readonly code: string;
  readonly message: string;
}

export type MessageHandler = (from: PeerId, message: Uint8Array) => void;

/**
 * Sending and receiving by peer identity. Delivery is best effort and unordered across channels;
 * within one channel between two peers, messages arrive in the order sent or not at all. Every
 * queue is bounded: a full queue drops (and counts) rather than grows.
 */
export interface Network {
  /** This participant's identity. */
  readonly self: PeerId;
  /** Sends `message` on `channel`; returns the peers it was queued for (never throws for an unknown or offline peer). */
  send(recipients: Recipients, channel: Channel, message: Uint8Array): PeerId[];
  /** Sets the one handler of `channel` (replacing any earlier one); messages on a channel with no handler are dropped. */
  handle(channel: Channel, handler: MessageHandler): void;
  /** The peers currently connected. */
  peers(): readonly PeerId[];
  /** Disconnects `peer` and refuses it from now on (an invalid signature, a malformed message). */
  block(peer: PeerId, reason: BlockReason): void;
}

/** One record of a journal, with the section it was appended to. */
export interface JournalRecord {
  readonly section: bigint;
  readonly record: Uint8Array;
}

/**
 * An append-only log split into numbered sections (consensus uses one per view), made durable by
 * `sync`. After a crash, `replay` yields exactly the records appended before the last completed
 * `sync` (and possibly some appended after it), in section order then append order; a torn tail is
 * dropped, never returned corrupt.
 */
export interface Journal {
  append(section: bigint, record: Uint8Array): void;
  /** Resolves once every record appended so far is durable. */
  sync(): Promise<void>;
  /** Every stored record, sections ascending, records in append order within a section. */
  replay(): Iterable<JournalRecord>;
  /** Removes every section below `section` (durably, before it resolves). */
  prune(section: bigint): Promise<void>;
  close(): Promise<void>;
}

/** Durable storage for one participant: named journals that survive a crash and restart. */
export interface Storage {
  /** Opens (creating if absent) the journal called `name` (letters, digits, '-' and '_'). */
  journal(name: string): Promise<Journal>;
}

/** What a participant is handed: its capabilities, and a label for its logs. */
export interface Context {
  readonly label: string;
  readonly clock: Clock;
  readonly rng: Rng;
  readonly network: Network;
  readonly storage: Storage;
}
