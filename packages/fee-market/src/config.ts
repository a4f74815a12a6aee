import { FeeMarketError } from "./errors.js";
import { U64_MAX } from "./guards.js";

/** The four lanes of block space (spec §6.3, §17.9), in the order their budgets are listed. */
export type LaneId = "system" | "timer" | "runner" | "user";
export const LANES: readonly LaneId[] = Object.freeze(["system", "timer", "runner", "user"] as const);

/** Basis points: 10,000 = 1.0×. Lane multipliers are stored this way, so no fraction is ever a float. */
export const BPS = 10_000n;

/** Largest lane multiplier a configuration may set: 100× (1,000,000 bps). */
export const MAX_LANE_MULTIPLIER_BPS = 1_000_000n;

/**
 * Every fee-market parameter, governance-tunable (spec §13.1: `system:basefee_config` holds the
 * targets, α, the max-change denominator and the floor; `system:lane_fee_multipliers` the four
 * multipliers). DEFAULT_FEE_MARKET_CONFIG carries the genesis values.
 */
export interface FeeMarketConfig {
  /** T_c: Cycles per block the cycle basefee aims at. */
  readonly cyclesTarget: bigint;
  /** T_b: Cells (bytes) per block the cell basefee aims at. */
  readonly cellsTarget: bigint;
  /** α: the learning-rate denominator of the update, (U − T)/(T·α). */
  readonly alpha: bigint;
  /** δ's denominator: the per-block change is clamped to ±1/maxChangeDenominator (§17.8). */
  readonly maxChangeDenominator: bigint;
  /** MIN_BASEFEE: the floor of both basefees, and their genesis value. */
  readonly minBasefee: bigint;
  /** Cycles per block reserved to each lane (§17.9); their sum is the block's hard cap. */
  readonly laneBudgets: Readonly<Record<LaneId, bigint>>;
  /** Lane basefee = ceil(global basefee × multiplier / 10,000). */
  readonly laneMultipliersBps: Readonly<Record<LaneId, bigint>>;
  /** Hard cap of Cells per block (4 × T_b, as the Cycle lanes sum to 4 × T_c). */
  readonly cellsCap: bigint;
}

export const DEFAULT_FEE_MARKET_CONFIG: FeeMarketConfig = Object.freeze({
  cyclesTarget: 20_000_000n,
  cellsTarget: 4_000_000n,
  alpha: 96n,
  maxChangeDenominator: 96n,
  minBasefee: 10_000n,
  laneBudgets: Object.freeze({ system: 40_000_000n, timer: 8_888_890n, runner: 8_888_888n, user: 22_222_222n }),
  laneMultipliersBps: Object.freeze({ system: BPS, timer: BPS, runner: BPS, user: BPS }),
  cellsCap: 16_000_000n,
});

function field(value: unknown, name: string, min: bigint, max: bigint = U64_MAX): bigint {
  if (typeof value !== "bigint") throw new FeeMarketError("INVALID_CONFIG", `${name} must be a bigint, got ${typeof value}`);
  if (value < min || value > max) throw new FeeMarketError("INVALID_CONFIG", `${name} must lie in [${min}, ${max}], got ${value}`);
  return value;
}

/**
 * Checks every field (type and range) and the relations between them; throws
 * FeeMarketError("INVALID_CONFIG") naming the first bad field, else returns `config` unchanged.
 */
export function validateFeeMarketConfig(config: FeeMarketConfig): FeeMarketConfig {
  if (typeof config !== "object" || config === null) throw new FeeMarketError("INVALID_CONFIG", "config must be an object");
  field(config.cyclesTarget, "cyclesTarget", 1n);
  field(config.cellsTarget, "cellsTarget", 1n);
  field(config.alpha, "alpha", 1n);
  field(config.maxChangeDenominator, "maxChangeDenominator", 1n);
  field(config.minBasefee, "minBasefee", 1n);
  field(config.cellsCap, "cellsCap", 1n);
  if (typeof config.laneBudgets !== "object" || config.laneBudgets === null) throw new FeeMarketError("INVALID_CONFIG", "laneBudgets must be an object");
  if (typeof config.laneMultipliersBps !== "object" || config.laneMultipliersBps === null) {
    throw new FeeMarketError("INVALID_CONFIG", "laneMultipliersBps must be an object");
  }
  let total = 0n;
  for (const lane of LANES) {
    // A reserved lane may be switched off (0); the user lane must always admit something.
    total += field(config.laneBudgets[lane], `laneBudgets.${lane}`, lane === "user" ? 1n : 0n);
    field(config.laneMultipliersBps[lane], `laneMultipliersBps.${lane}`, 1n, MAX_LANE_MULTIPLIER_BPS);
  }
  if (total > U64_MAX) throw new FeeMarketError("INVALID_CONFIG", `the lane budgets sum to ${total}, beyond a u64`);
  // A target above the hard cap could never be reached: the basefee would only ever fall.
  if (total < config.cyclesTarget) throw new FeeMarketError("INVALID_CONFIG", `the lane budgets (${total}) must cover cyclesTarget ${config.cyclesTarget}`);
  if (config.cellsCap < config.cellsTarget) throw new FeeMarketError("INVALID_CONFIG", `cellsCap ${config.cellsCap} must be at least cellsTarget ${config.cellsTarget}`);
  return config;
}

/** Overrides on the genesis defaults, lane tables merged lane by lane. */
export interface FeeMarketConfigOverrides extends Partial<Omit<FeeMarketConfig, "laneBudgets" | "laneMultipliersBps">> {
  readonly laneBudgets?: Partial<Record<LaneId, bigint>>;
  readonly laneMultipliersBps?: Partial<Record<LaneId, bigint>>;
}

/** The genesis configuration with `overrides` applied, validated and frozen. */
export function createFeeMarketConfig(overrides: FeeMarketConfigOverrides = {}): FeeMarketConfig {
  const d = DEFAULT_FEE_MARKET_CONFIG;
  const config: FeeMarketConfig = Object.freeze({
    ...d,
    ...overrides,
    laneBudgets: Object.freeze({ ...d.laneBudgets, ...overrides.laneBudgets }),
    laneMultipliersBps: Object.freeze({ ...d.laneMultipliersBps, ...overrides.laneMultipliersBps }),
  });
  return validateFeeMarketConfig(config);
}
