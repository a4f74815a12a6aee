// The runner market's parameters (spec §5.2–§5.3, §8.4, §13 "Off-chain", §13.1 cip2 keys; cips/runner-market.md
// "Parameters"): every number of this package in one object with its genesis default. Heights and windows count
// blocks (1 s blocks); amounts are base units; shares are basis points.
import { U64_MAX } from "@cowboy/codec";
import { BASE_UNITS_PER_CBY } from "@cowboy/types";
import type { TeeMeasurement } from "./attestation.js";
import { RunnerMarketError } from "./errors.js";

/** One allowlisted OCI image of the 0x11 Container Registry and the resources a job on it may use. */
export interface ContainerImage {
  /** The image reference pinned by digest, e.g. "docker.io/library/python@sha256:…". */
  readonly image: string;
  /** The resource class name ("small", "medium", …). */
  readonly resourceClass: string;
  readonly cpuMillis: bigint;
  readonly memoryMiB: bigint;
  readonly maxSeconds: bigint;
}

/** Reputation penalties (bps of the current score) per operational failure (§12.2: reputation only, never stake). */
export interface ReputationPenalties {
  readonly timeout: bigint;
  readonly nonDelivery: bigint;
  readonly schemaViolation: bigint;
  readonly emptyOutput: bigint;
  readonly canaryLeak: bigint;
  readonly minority: bigint;
  readonly dishonest: bigint;
  /** A paid runner reported a usage count above twice the paid runners' median (usage.ts): penalised instead of rewarded. */
  readonly usageAnomaly: bigint;
}

export interface RunnerMarketConfig {
  /** runner_stake_floor (§5.2): 10,000 CBY. */
  readonly stakeFloor: bigint;
  /** The 1.5 × declared_max_job_value of §5.2, in bps (15,000). */
  readonly stakeMultiplierBps: bigint;
  /** Blocks from runner_unbond until runner_withdraw (our choice: 7 days, as validators). */
  readonly unbondingPeriod: bigint;
  /** Fixed point of reputation: SCALE means 1.0. */
  readonly reputationScale: bigint;
  /** A new runner's score, and where scores decay back to (0.5). */
  readonly reputationNeutral: bigint;
  /** reputation_half_life_blocks (§13): the distance to neutral halves every this many blocks. */
  readonly reputationHalfLife: bigint;
  /** A settled job moves a paid runner this share (bps) of its distance to SCALE up. */
  readonly reputationRewardBps: bigint;
  readonly penalties: ReputationPenalties;
  /** §5.3 committee bounds m_min, m_max. */
  readonly committeeMin: bigint;
  readonly committeeMax: bigint;
  /** HHI floor of the §5.3 formula (0.01), in the 1e6 fixed point the formula is computed in. */
  readonly hhiFloorMicros: bigint;
  /** Blocks per committee epoch (§5.3: 3,600): M is recomputed at the first jobs step of each (committee.ts). */
  readonly committeeEpochBlocks: bigint;
  /** α of the per-epoch EMA of HHI, in bps (2,500 = 0.25; cips/runner-market.md "Selection"). */
  readonly hhiEmaWeightBps: bigint;
  /** K: a multi-runner job selects from the seed of round r_submit + K (§5.3, CIP-11 §9.2). */
  readonly selectionDelayRounds: bigint;
  /** A job not selected within this many blocks of posting (no beacon, no eligible runner) is refunded. */
  readonly selectionTimeout: bigint;
  /** Phase bounds (blocks): acknowledge, execute + commit, reveal, aggregate. */
  readonly ackBlocks: bigint;
  readonly commitBlocks: bigint;
  readonly revealBlocks: bigint;
  readonly aggregateBlocks: bigint;
  /** challenge_window (§5.3 step 5: 15 minutes). 0 settles right after the reveal phase. */
  readonly challengeWindow: bigint;
  /** challenge_bond (§13): 100 CBY. */
  readonly challengeBond: bigint;
  /** non_reveal_slash_bps (§13): the share of stake slashed for a reveal that does not open its commitment. */
  readonly nonRevealSlashBps: bigint;
  /** §8.4 settlement split of a job payment; runner share = 10,000 − burn − treasury (89%). */
  readonly burnBps: bigint;
  readonly treasuryBps: bigint;
  /** aggregator_bonus_bps (§8.4 note 1): 1.5% of the gross, carved from the runner share. */
  readonly aggregatorBonusBps: bigint;
  /** Cycles and Cells the continuation of a result may use (a deferred call in the Runner lane, paid by the poster). */
  readonly callbackCycles: bigint;
  readonly callbackCells: bigint;
  /** Sizes: a job request, a revealed output (§5.4: on-chain return data ≤ 64 KiB), capabilities, endpoint, key. */
  readonly maxRequestBytes: number;
  readonly maxOutputBytes: number;
  readonly maxCapabilitiesBytes: number;
  readonly maxEndpointBytes: number;
  readonly maxTransportKeyBytes: number;
  /** Most jobs open at once (the dispatcher's open index). */
  readonly maxOpenJobs: number;
  /** The 0x11 Container Registry's genesis allowlist. */
  readonly containerImages: readonly ContainerImage[];
  /** semantic_similarity: a valid output agrees with the chosen one when its score is at least this (bps). */
  readonly semanticThresholdBps: bigint;
  /** Enclaves whose attestations the `deterministic` mode accepts (empty: the mode is refused at submission). */
  readonly teeMeasurements: readonly TeeMeasurement[];
}

const CBY = BASE_UNITS_PER_CBY;

/** The spec's genesis defaults (§5.2, §8.4, §13); the numbers the spec leaves open are ours (cips/runner-market.md). */
export const DEFAULT_RUNNER_MARKET_CONFIG: RunnerMarketConfig = Object.freeze({
  stakeFloor: 10_000n * CBY,
  stakeMultiplierBps: 15_000n,
  unbondingPeriod: 604_800n,
  reputationScale: 1_000_000n,
  reputationNeutral: 500_000n,
  reputationHalfLife: 1_209_600n,
  reputationRewardBps: 500n,
  penalties: Object.freeze({
    timeout: 1_000n,
    nonDelivery: 1_000n,
    schemaViolation: 1_000n,
    emptyOutput: 1_000n,
    canaryLeak: 2_000n,
    minority: 2_000n,
    dishonest: 5_000n,
    usageAnomaly: 2_000n,
  }),
  committeeMin: 3n,
  committeeMax: 9n,
  hhiFloorMicros: 10_000n,
  committeeEpochBlocks: 3_600n,
  hhiEmaWeightBps: 2_500n,
  selectionDelayRounds: 2n,
  selectionTimeout: 60n,
  ackBlocks: 10n,
  commitBlocks: 60n,
  revealBlocks: 20n,
  aggregateBlocks: 20n,
  challengeWindow: 900n,
  challengeBond: 100n * CBY,
  nonRevealSlashBps: 2_500n,
  burnBps: 1_000n,
  treasuryBps: 100n,
  aggregatorBonusBps: 150n,
  callbackCycles: 200_000n,
  callbackCells: 20_000n,
  maxRequestBytes: 16_384,
  maxOutputBytes: 65_536,
  maxCapabilitiesBytes: 4_096,
  maxEndpointBytes: 256,
  maxTransportKeyBytes: 65,
  maxOpenJobs: 4_096,
  // Empty until governance lists images (cips/runner-market.md "Container Registry"); a chain adds its own at genesis.
  containerImages: Object.freeze([]),
  semanticThresholdBps: 8_000n,
  // Empty until governance lists enclaves (cips/runner-market.md "Deterministic mode (TEE)").
  teeMeasurements: Object.freeze([]),
});

function big(value: unknown, name: string, min: bigint, max: bigint = U64_MAX): void {
  if (typeof value !== "bigint" || value < min || value > max) {
    throw new RunnerMarketError("INVALID_CONFIG", `${name}: expected a bigint in [${min}, ${max}], got ${String(value)}`);
  }
}

function int(value: unknown, name: string, min: number, max: number): void {
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < min || value > max) {
    throw new RunnerMarketError("INVALID_CONFIG", `${name}: expected an integer in [${min}, ${max}], got ${String(value)}`);
  }
}

/** Throws INVALID_CONFIG unless every field is in range and the shares fit together. */
export function validateRunnerMarketConfig(cfg: RunnerMarketConfig): void {
  if (cfg === null || typeof cfg !== "object") throw new RunnerMarketError("INVALID_CONFIG", "config: expected an object");
  big(cfg.stakeFloor, "stakeFloor", 1n);
  big(cfg.stakeMultiplierBps, "stakeMultiplierBps", 0n, 1_000_000n);
  big(cfg.unbondingPeriod, "unbondingPeriod", 0n, 1n << 40n);
  big(cfg.reputationScale, "reputationScale", 1n, 1n << 40n);
  big(cfg.reputationNeutral, "reputationNeutral", 1n, cfg.reputationScale);
  big(cfg.reputationHalfLife, "reputationHalfLife", 1n, 1n << 40n);
  big(cfg.reputationRewardBps, "reputationRewardBps", 0n, 10_000n);
  if (cfg.penalties === null || typeof cfg.penalties !== "object") throw new RunnerMarketError("INVALID_CONFIG", "penalties: expected an object");
  for (const [k, v] of Object.entries(cfg.penalties)) big(v, `penalties.${k}`, 0n, 10_000n);
  big(cfg.committeeMin, "committeeMin", 1n, 64n);
  big(cfg.committeeMax, "committeeMax", cfg.committeeMin, 64n);
  big(cfg.hhiFloorMicros, "hhiFloorMicros", 1n, 1_000_000n);
  big(cfg.committeeEpochBlocks, "committeeEpochBlocks", 1n, 1n << 32n);
  big(cfg.hhiEmaWeightBps, "hhiEmaWeightBps", 1n, 10_000n);
  big(cfg.selectionDelayRounds, "selectionDelayRounds", 1n, 1_000n);
  big(cfg.selectionTimeout, "selectionTimeout", 1n, 1n << 32n);
  for (const name of ["ackBlocks", "commitBlocks", "revealBlocks", "aggregateBlocks"] as const) big(cfg[name], name, 1n, 1n << 32n);
  big(cfg.challengeWindow, "challengeWindow", 0n, 1n << 32n);
  big(cfg.challengeBond, "challengeBond", 0n);
  big(cfg.nonRevealSlashBps, "nonRevealSlashBps", 0n, 10_000n);
  big(cfg.burnBps, "burnBps", 0n, 10_000n);
  big(cfg.treasuryBps, "treasuryBps", 0n, 10_000n);
  big(cfg.aggregatorBonusBps, "aggregatorBonusBps", 0n, 10_000n);
  if (cfg.burnBps + cfg.treasuryBps + cfg.aggregatorBonusBps > 10_000n) {
    throw new RunnerMarketError("INVALID_CONFIG", "burnBps + treasuryBps + aggregatorBonusBps must not exceed 10000");
  }
  big(cfg.callbackCycles, "callbackCycles", 1n, 1n << 40n);
  big(cfg.callbackCells, "callbackCells", 1n, 1n << 40n);
  int(cfg.maxRequestBytes, "maxRequestBytes", 64, 1 << 20);
  int(cfg.maxOutputBytes, "maxOutputBytes", 1, 1 << 20);
  int(cfg.maxCapabilitiesBytes, "maxCapabilitiesBytes", 16, 1 << 16);
  int(cfg.maxEndpointBytes, "maxEndpointBytes", 8, 4_096);
  int(cfg.maxTransportKeyBytes, "maxTransportKeyBytes", 1, 1_024);
  int(cfg.maxOpenJobs, "maxOpenJobs", 1, 1 << 20);
  if (!Array.isArray(cfg.containerImages)) throw new RunnerMarketError("INVALID_CONFIG", "containerImages: expected an array");
  big(cfg.semanticThresholdBps, "semanticThresholdBps", 1n, 10_000n);
  if (!Array.isArray(cfg.teeMeasurements)) throw new RunnerMarketError("INVALID_CONFIG", "teeMeasurements: expected an array");
  for (const [i, t] of cfg.teeMeasurements.entries()) {
    if (!(t?.measurement instanceof Uint8Array) || t.measurement.length !== 32 || !(t.attestationKey instanceof Uint8Array) || t.attestationKey.length !== 32) {
      throw new RunnerMarketError("INVALID_CONFIG", `teeMeasurements[${i}]: expected {measurement: 32 bytes, attestationKey: 32 bytes}`);
    }
  }
}

/** Merges `overrides` onto the defaults and checks the result. */
export function createRunnerMarketConfig(overrides: Partial<RunnerMarketConfig> = {}): RunnerMarketConfig {
  if (overrides === null || typeof overrides !== "object") throw new RunnerMarketError("INVALID_CONFIG", "overrides: expected an object");
  const cfg: RunnerMarketConfig = Object.freeze({ ...DEFAULT_RUNNER_MARKET_CONFIG, ...overrides });
  validateRunnerMarketConfig(cfg);
  return cfg;
}

/** §5.2: the least stake a runner declaring `maxJobValue` must hold: max(floor, 1.5 × maxJobValue). */
export function requiredStake(cfg: RunnerMarketConfig, maxJobValue: bigint): bigint {
  const scaled = (maxJobValue * cfg.stakeMultiplierBps + 9_999n) / 10_000n;
  return scaled > cfg.stakeFloor ? scaled : cfg.stakeFloor;
}
