// The staking parameters (spec §6 "Validator Set", "Slashing", §8.4 SlashDistribution, §13
// "Consensus"; cips/staking.md "Parameters"): every number of this package, with its genesis default.
import { U64_MAX } from "@cowboy/codec";
import { BASE_UNITS_PER_CBY } from "@cowboy/types";
import { StakingError } from "./errors.js";

/** How slashed stake is split (§8.4 note 2, `system:cip2:slash_distribution`); the three sum to 10,000. */
export interface SlashDistribution {
  readonly burnBps: bigint;
  readonly submitterBps: bigint;
  readonly treasuryBps: bigint;
}

/** Governance-tunable staking parameters. Heights and periods count blocks (1 s blocks). */
export interface StakingConfig {
  /** minimum_validator_stake, in base units. */
  readonly minimumValidatorStake: bigint;
  /** Blocks per epoch; epoch e covers heights [e·L, (e+1)·L). */
  readonly epochLength: bigint;
  /** Blocks from exit until the stake may be withdrawn (7 days). */
  readonly unbondingPeriod: bigint;
  /** Blocks a first offence keeps a validator jailed (24 h); each repeat doubles it. */
  readonly jailPeriod: bigint;
  /** The doubling stops after this many repeats (jail ≤ jailPeriod · 2^maxJailDoublings). */
  readonly maxJailDoublings: bigint;
  /** Epoch sets kept in the state behind the current one (evidence is checked against them). */
  readonly epochSetRetention: bigint;
  /** double_sign_slash: basis points of stake slashed for double signing or equivocation (1%). */
  readonly doubleSignSlashBps: bigint;
  /** Downtime: blocks in the window, and the missed share (bps) above which a validator is jailed. */
  readonly downtimeWindow: bigint;
  readonly downtimeMissedBps: bigint;
  readonly slashDistribution: SlashDistribution;
  /** Blocks in an issuance year (365 days of 1 s blocks). */
  readonly blocksPerYear: bigint;
  /** Gross annual inflation of years 1, 2, … in bps of the supply at the year's start (§8.2: 8%, 6%, 4%, 3%). */
  readonly inflationScheduleBps: readonly bigint[];
  /** The rate of every later year (§8.2: the 2% floor). */
  readonly inflationFloorBps: bigint;
  /** Blocks at an epoch's end in which reshare dealings are accepted (absent: DEFAULT_RESHARE_WINDOW). */
  readonly reshareWindow?: bigint;
}

/** The spec's genesis defaults (§13); minimum_validator_stake is our choice (cips/staking.md). */
export const DEFAULT_STAKING_CONFIG: StakingConfig = Object.freeze({
  minimumValidatorStake: 100_000n * BASE_UNITS_PER_CBY,
  epochLength: 3_600n,
  unbondingPeriod: 604_800n,
  jailPeriod: 86_400n,
  maxJailDoublings: 10n,
  epochSetRetention: 168n,
  doubleSignSlashBps: 100n,
  downtimeWindow: 1_000n,
  downtimeMissedBps: 5_000n,
  slashDistribution: Object.freeze({ burnBps: 10_000n, submitterBps: 0n, treasuryBps: 0n }),
  blocksPerYear: 31_536_000n,
  inflationScheduleBps: Object.freeze([800n, 600n, 400n, 300n]),
  inflationFloorBps: 200n,
});

function big(value: unknown, name: string, min: bigint, max: bigint = U64_MAX): void {
  if (typeof value !== "bigint" || value < min || value > max) {
    throw new StakingError("INVALID_CONFIG", `${name}: expected a bigint in [${min}, ${max}], got ${String(value)}`);
  }
}

/** Throws INVALID_CONFIG unless every field is in range and the periods fit together. */
export function validateStakingConfig(cfg: StakingConfig): void {
  if (cfg === null || typeof cfg !== "object") throw new StakingError("INVALID_CONFIG", "config: expected an object");
  big(cfg.minimumValidatorStake, "minimumValidatorStake", 1n);
  big(cfg.epochLength, "epochLength", 1n, 1n << 32n);
  big(cfg.unbondingPeriod, "unbondingPeriod", cfg.epochLength);
  big(cfg.jailPeriod, "jailPeriod", 1n, 1n << 40n);
  big(cfg.maxJailDoublings, "maxJailDoublings", 0n, 20n);
  big(cfg.epochSetRetention, "epochSetRetention", 1n, 1n << 20n);
  big(cfg.doubleSignSlashBps, "doubleSignSlashBps", 0n, 10_000n);
  big(cfg.downtimeWindow, "downtimeWindow", 1n, 1n << 32n);
  big(cfg.downtimeMissedBps, "downtimeMissedBps", 0n, 10_000n);
  const d = cfg.slashDistribution;
  if (d === null || typeof d !== "object") throw new StakingError("INVALID_CONFIG", "slashDistribution: expected an object");
  big(d.burnBps, "slashDistribution.burnBps", 0n, 10_000n);
  big(d.submitterBps, "slashDistribution.submitterBps", 0n, 10_000n);
  big(d.treasuryBps, "slashDistribution.treasuryBps", 0n, 10_000n);
  big(cfg.blocksPerYear, "blocksPerYear", 1n, 1n << 40n);
  if (!Array.isArray(cfg.inflationScheduleBps) || cfg.inflationScheduleBps.length > 64) throw new StakingError("INVALID_CONFIG", "inflationScheduleBps: expected at most 64 rates");
  // §8.2 guardrail (a): a hard cap of 10% gross annual inflation.
  cfg.inflationScheduleBps.forEach((bps, i) => {
    big(bps, `inflationScheduleBps[${i}]`, 0n, 1_000n);
  });
  big(cfg.inflationFloorBps, "inflationFloorBps", 0n, 1_000n);
  if (cfg.reshareWindow !== undefined) big(cfg.reshareWindow, "reshareWindow", 1n, cfg.epochLength);
  if (d.burnBps + d.submitterBps + d.treasuryBps !== 10_000n) throw new StakingError("INVALID_CONFIG", "slashDistribution: the shares must sum to 10000 bps");
}

/** Merges `overrides` onto the defaults and checks the result. */
export function createStakingConfig(overrides: Partial<StakingConfig> = {}): StakingConfig {
  if (overrides === null || typeof overrides !== "object") throw new StakingError("INVALID_CONFIG", "overrides: expected an object");
  const cfg: StakingConfig = Object.freeze({ ...DEFAULT_STAKING_CONFIG, ...overrides });
  validateStakingConfig(cfg);
  return cfg;
}
