import { FeeMarketError } from "./errors.js";

/** The four lanes of block space (spec §6.3, §17.9). */
export type LaneId = "system" | "timer" | "runner" | "user";
export const LANES: readonly LaneId[] = ["system", "timer", "runner", "user"];

/** Basis points: 10,000 = 1.0×. Lane multipliers are stored this way (integers only). */
export const BPS = 10_000n;

/**
 * Every fee-market parameter, governance-tunable (spec §13.1 `system:basefee_config` and
 * `system:lane_fee_multipliers`), with the spec's genesis defaults in DEFAULT_FEE_MARKET_CONFIG.
 */
export interface FeeMarketConfig {
  /** T_c: Cycles per block the basefee aims at. */
  readonly cyclesTarget: bigint;
  /** T_b: Cells per block the basefee aims at. */
  readonly cellsTarget: bigint;
  /** α: the learning-rate denominator; the per-block change is capped at ±1/α. */
  readonly alpha: bigint;
  /** MIN_BASEFEE: floor of both basefees (and their genesis value). */
  readonly minBasefee: bigint;
  /** Cycles per block reserved to each lane (§17.9). */
  readonly laneBudgets: Readonly<Record<LaneId, bigint>>;
  /** Lane basefee = global basefee × multiplier / 10,000. */
  readonly laneMultipliersBps: Readonly<Record<LaneId, bigint>>;
  /** Hard cap of Cells per block (4 × T_b, as the Cycle lanes sum to 4 × T_c). */
  readonly cellsCap: bigint;
}

export const DEFAULT_FEE_MARKET_CONFIG: FeeMarketConfig = Object.freeze({
  cyclesTarget: 20_000_000n,
  cellsTarget: 4_000_000n,
  alpha: 96n,
  minBasefee: 10_000n,
  laneBudgets: Object.freeze({ system: 40_000_000n, timer: 8_888_890n, runner: 8_888_888n, user: 22_222_222n }),
  laneMultipliersBps: Object.freeze({ system: BPS, timer: BPS, runner: BPS, user: BPS }),
  cellsCap: 16_000_000n,
});

/** Throws FeeMarketError("INVALID_CONFIG") naming the first bad field. */
export function validateFeeMarketConfig(config: FeeMarketConfig): FeeMarketConfig {
  const positive = (value: unknown, field: string): void => {
    if (typeof value !== "bigint" || value <= 0n) throw new FeeMarketError("INVALID_CONFIG", `${field} must be a positive bigint`);
  };
  positive(config.cyclesTarget, "cyclesTarget");
  positive(config.cellsTarget, "cellsTarget");
  positive(config.alpha, "alpha");
  positive(config.minBasefee, "minBasefee");
  positive(config.cellsCap, "cellsCap");
  for (const lane of LANES) {
    positive(config.laneBudgets?.[lane], `laneBudgets.${lane}`);
    positive(config.laneMultipliersBps?.[lane], `laneMultipliersBps.${lane}`);
  }
  const total = LANES.reduce((sum, lane) => sum + config.laneBudgets[lane], 0n);
  if (total < config.cyclesTarget) throw new FeeMarketError("INVALID_CONFIG", `the lane budgets (${total}) must cover the Cycles target ${config.cyclesTarget}`);
  if (config.cellsCap < config.cellsTarget) throw new FeeMarketError("INVALID_CONFIG", "cellsCap must be at least cellsTarget");
  return config;
}
