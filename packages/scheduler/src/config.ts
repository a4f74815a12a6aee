import { U64_MAX } from "@cowboy/codec";
import { SchedulerError } from "./errors.js";

/**
 * Governance parameters of the timer scheduler (`system:timer_config`, CIP-5). Every number is a
 * bigint or a small integer; `validateConfig` refuses any combination the queue cannot honour.
 */
export interface SchedulerConfig {
  /** Slots of the near-term ring (one block height per slot). */
  readonly ringSize: number;
  /** Blocks per epoch bucket of the mid-term queue. */
  readonly epochLength: number;
  /** Epochs ahead of the cursor's epoch kept in the epoch queue; later timers go to the far set. */
  readonly horizonEpochs: number;
  /** Queue maintenance steps (list moves, cursor steps, far-set migrations) allowed per block. */
  readonly maintenanceBudget: number;
  /** Timers the cleanup lane may destroy per block (TTL expiry, insufficient funds). */
  readonly gcBudget: number;
  /** LANE_TIMER_CYCLES: Cycles of handler execution per block. */
  readonly laneCycles: bigint;
  /** max_timers_per_actor. */
  readonly maxTimersPerActor: number;
  /** Non-refundable Cycles charged for each set/cancel call (CIP-3). */
  readonly scheduleCostCycles: bigint;
  /** FIFO-phase per-fire caps. */
  readonly maxCyclesPerFire: bigint;
  readonly maxCellsPerFire: bigint;
  /** Auction-phase per-fire Cycles cap (MAX_CYCLES_PER_FIRE_AUCTION_PHASE). */
  readonly maxCyclesPerFireAuction: bigint;
  /** Largest handler payload. */
  readonly maxDataBytes: number;
  /** Height at which §5.1b (CIP-1 auction) replaces §5.1a FIFO; null: never. */
  readonly auctionActivationHeight: bigint | null;
  /** Timer-lane basefee at activation and its floor (per Cycle). */
  readonly initialLaneBasefee: bigint;
  readonly minLaneBasefee: bigint;
  /** Due timers the auction considers per block (GBA queries are bounded by this). */
  readonly maxAuctionCandidates: number;
}

/** The defaults: spec §5.1a / §5.1b numbers and the overview's example ring and epoch sizes. */
export const DEFAULT_SCHEDULER_CONFIG: SchedulerConfig = Object.freeze({
  ringSize: 256,
  epochLength: 360,
  horizonEpochs: 4,
  maintenanceBudget: 1024,
  gcBudget: 4096,
  laneCycles: 8_888_890n,
  maxTimersPerActor: 1024,
  scheduleCostCycles: 200n,
  maxCyclesPerFire: 550_000n,
  maxCellsPerFire: 550_000n,
  maxCyclesPerFireAuction: 250_000n,
  maxDataBytes: 4096,
  auctionActivationHeight: null,
  initialLaneBasefee: 1n,
  minLaneBasefee: 1n,
  maxAuctionCandidates: 2048,
});

function int(cfg: SchedulerConfig, name: keyof SchedulerConfig, min: number, max: number): void {
  const v = cfg[name];
  if (typeof v !== "number" || !Number.isSafeInteger(v) || v < min || v > max) {
    throw new SchedulerError("INVALID_CONFIG", `${name}: expected an integer in [${min}, ${max}], got ${String(v)}`);
  }
}

function big(cfg: SchedulerConfig, name: keyof SchedulerConfig, min: bigint): void {
  const v = cfg[name];
  if (typeof v !== "bigint" || v < min || v > U64_MAX) {
    throw new SchedulerError("INVALID_CONFIG", `${name}: expected a u64 bigint >= ${min}, got ${String(v)}`);
  }
}

/** Merges `overrides` onto the defaults and checks the result. */
export function createSchedulerConfig(overrides: Partial<SchedulerConfig> = {}): SchedulerConfig {
  if (overrides === null || typeof overrides !== "object") throw new SchedulerError("INVALID_CONFIG", "overrides: expected an object");
  const cfg: SchedulerConfig = Object.freeze({ ...DEFAULT_SCHEDULER_CONFIG, ...overrides });
  validateConfig(cfg);
  return cfg;
}

/** Throws INVALID_CONFIG unless every field is in range and the layers fit together. */
export function validateConfig(cfg: SchedulerConfig): void {
  int(cfg, "ringSize", 2, 1 << 16);
  int(cfg, "epochLength", 1, 1 << 24);
  int(cfg, "horizonEpochs", 1, 1 << 16);
  int(cfg, "maintenanceBudget", 1, 1 << 24);
  int(cfg, "gcBudget", 1, 1 << 24);
  int(cfg, "maxTimersPerActor", 1, 1 << 24);
  int(cfg, "maxDataBytes", 0, 1 << 20);
  int(cfg, "maxAuctionCandidates", 1, 1 << 20);
  big(cfg, "laneCycles", 1n);
  big(cfg, "scheduleCostCycles", 0n);
  big(cfg, "maxCyclesPerFire", 1n);
  big(cfg, "maxCellsPerFire", 0n);
  big(cfg, "maxCyclesPerFireAuction", 1n);
  big(cfg, "initialLaneBasefee", 1n);
  big(cfg, "minLaneBasefee", 1n);
  if (cfg.auctionActivationHeight !== null) big(cfg, "auctionActivationHeight", 0n);
  if (cfg.maxCyclesPerFire > cfg.laneCycles || cfg.maxCyclesPerFireAuction > cfg.laneCycles) {
    throw new SchedulerError("INVALID_CONFIG", "per-fire Cycles caps must not exceed laneCycles");
  }
  if (cfg.initialLaneBasefee < cfg.minLaneBasefee) throw new SchedulerError("INVALID_CONFIG", "initialLaneBasefee must be >= minLaneBasefee");
  // The ring window [cursor, cursor + ringSize) must always lie inside the epoch queue, or ring
  // promotion would wait on far-set migration: ringSize <= horizonEpochs - 1 epochs does it.
  if (cfg.ringSize > (cfg.horizonEpochs - 1) * cfg.epochLength) {
    throw new SchedulerError("INVALID_CONFIG", "ringSize must be at most (horizonEpochs - 1) * epochLength");
  }
}
