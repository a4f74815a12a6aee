import { aint, aobject, au64 } from "@cowboy/codec";
import type { Bls, SecretShare } from "@cowboy/crypto";
import type { Context } from "@cowboy/runtime";
import type { Round } from "@cowboy/types";
import type { Application, Archive } from "./application.js";
import { ConsensusError } from "./errors.js";
import type { Equivocation } from "./equivocation.js";
import type { Validator } from "./validators.js";

// The engine's one options object (cips/consensus.md, "Timeouts" and "Engine"), every field
// documented, defaults in `resolveEngineOptions`.

export interface Timeouts {
  /** How long to wait, after entering a view, for the leader's proposal before nullifying. */
  readonly leaderMs: number;
  /** How long to wait, after entering a view, for its notarization before nullifying. */
  readonly notarizationMs: number;
  /** While stuck in a view after nullifying: rebroadcast nullify + best certificate this often. */
  readonly nullifyRetryMs: number;
  /** Resolver: how long to wait for a peer's answer before asking another. */
  readonly fetchMs: number;
}

export const DEFAULT_TIMEOUTS: Timeouts = Object.freeze({ leaderMs: 2_000, notarizationMs: 3_000, nullifyRetryMs: 5_000, fetchMs: 1_000 });

/** A measurement the engine reports (wire these to Prometheus in the node). */
export type MetricEvent =
  | { readonly type: "view"; readonly view: bigint }
  | { readonly type: "notarized"; readonly view: bigint; readonly height: bigint }
  | { readonly type: "nullified"; readonly view: bigint }
  | { readonly type: "finalized"; readonly view: bigint; readonly height: bigint; readonly latencyMs: number | undefined }
  | { readonly type: "batch"; readonly size: number; readonly invalid: number }
  | { readonly type: "journal-sync"; readonly ms: number }
  | { readonly type: "blocked"; readonly peer: string; readonly code: string };

/**
 * A proposal the application refused (cips/staking.md "Invalid proposals"): the block bytes and the leader's
 * notarize signature over (round, parent, digest of the bytes), already verified under the leader's key, so the
 * node can decide whether the block's header proves its own defect on chain.
 */
export interface RefusedProposal {
  readonly round: Round;
  readonly parent: bigint;
  readonly payload: Uint8Array;
  readonly signature: Uint8Array;
  readonly leader: number;
  /** The leader's account address and registered BLS key in the epoch's set. */
  readonly address: Uint8Array;
  readonly blsPublicKey: Uint8Array;
}

export type LogLevel = "debug" | "info" | "warn" | "error";

export interface Hooks {
  readonly metric?: (event: MetricEvent) => void;
  /** Two conflicting, validly signed notarize (or finalize) votes of one signer in one view (equivocation.ts). */
  readonly equivocation?: (evidence: Equivocation) => void;
  /** A leader's proposal the application refused, with the leader's verified notarize vote for it. */
  readonly refusedProposal?: (proposal: RefusedProposal) => void;
  readonly log?: (level: LogLevel, message: string, fields: Readonly<Record<string, unknown>>) => void;
}

/** This node's voting identity (absent: a follower that verifies certificates and follows finality). */
export interface SelfKeys {
  /** Its index in `validators`. */
  readonly index: number;
  /** 32-byte BLS secret key matching validators[index].blsPublicKey. */
  readonly blsSecretKey: Uint8Array;
  /** Its share of the epoch's threshold key (share.index = index + 1). */
  readonly share: SecretShare;
}

export interface EngineOptions {
  /** Clock, randomness, network, storage (runtime or simulator). */
  readonly context: Context;
  readonly chainId: bigint;
  readonly epoch: bigint;
  /** The epoch's validators in index order. */
  readonly validators: readonly Validator[];
  /** Seed partials needed (the dealing's threshold); also the minimum signer count of a certificate. */
  readonly threshold: number;
  /** Feldman commitments of the epoch's dealing; commitments[0] is the group public key. */
  readonly commitments: readonly Uint8Array[];
  readonly self?: SelfKeys;
  readonly application: Application;
  readonly archive: Archive;
  readonly timeouts?: Partial<Timeouts>;
  /** The leader proposes no sooner than this after its parent was proposed (default 1000). */
  readonly blockTimeMs?: number;
  /** Journal name in context.storage (default "consensus"). */
  readonly journalName?: string;
  /** Votes and certificates for views further ahead than this are dropped (default 32). */
  readonly maxViewsAhead?: number;
  /**
   * The last height this engine may deliver (its epoch's last block, cips/consensus.md "Epochs"): blocks above it
   * are bridge blocks, voted on only until the last block is final and never delivered. Default: no limit.
   */
  readonly lastHeight?: bigint;
  /** The last height of any epoch (cips/consensus.md "Catching up"): lets this engine serve an earlier epoch's end from the archive. */
  readonly epochLastHeight?: (epoch: bigint) => bigint;
  /** The journal name of an earlier epoch's engine: lets this engine serve that epoch's bridge blocks (bridge-proof.ts). */
  readonly epochJournal?: (epoch: bigint) => string;
  /**
   * Test only (`cowboyd --double-sign`): while `done` is false, the engine's next finalize vote is followed, 300 ms
   * later, by a finalize for a different payload in the same view (the double vote evidence must punish), and `done`
   * becomes true. One token shared by the engines of successive epochs makes it happen once per process.
   */
  readonly testDoubleSign?: { done: boolean };
  readonly hooks?: Hooks;
  /** BLS backend (default: blst when it loads, else noble). */
  readonly bls?: Bls;
}

export interface ResolvedOptions {
  readonly timeouts: Timeouts;
  readonly blockTimeMs: number;
  readonly journalName: string;
  readonly maxViewsAhead: number;
  readonly lastHeight: bigint | undefined;
  readonly epochLastHeight: ((epoch: bigint) => bigint) | undefined;
  readonly epochJournal: ((epoch: bigint) => string) | undefined;
}

export function resolveEngineOptions(opts: EngineOptions): ResolvedOptions {
  aobject(opts, "options");
  const timeouts = { ...DEFAULT_TIMEOUTS, ...(opts.timeouts ?? {}) };
  for (const [k, v] of Object.entries(timeouts)) aint(v, `timeouts.${k}`, 1, 3_600_000);
  if (timeouts.notarizationMs < timeouts.leaderMs) {
    throw new ConsensusError("INVALID_CONFIG", "timeouts.notarizationMs must be at least timeouts.leaderMs");
  }
  const blockTimeMs = aint(opts.blockTimeMs ?? 1_000, "blockTimeMs", 0, 3_600_000);
  if (blockTimeMs >= timeouts.leaderMs) {
    throw new ConsensusError("INVALID_CONFIG", `blockTimeMs (${blockTimeMs}) must be below timeouts.leaderMs (${timeouts.leaderMs})`);
  }
  const journalName = opts.journalName ?? "consensus";
  if (!/^[A-Za-z0-9_-]+$/.test(journalName)) throw new ConsensusError("INVALID_CONFIG", "journalName: letters, digits, '-' and '_' only");
  return {
    timeouts,
    blockTimeMs,
    journalName,
    maxViewsAhead: aint(opts.maxViewsAhead ?? 32, "maxViewsAhead", 1, 10_000),
    lastHeight: opts.lastHeight === undefined ? undefined : au64(opts.lastHeight, "lastHeight"),
    epochLastHeight: opts.epochLastHeight,
    epochJournal: opts.epochJournal,
  };
}
