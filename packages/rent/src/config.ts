// The state-rent and storage-quota parameters (spec "State Rent", §3.2, §13 "State Rent", §17.5;
// registry key `system:cip4:rent_config`; cips/rent.md "Parameters"): every number of this package.
import { BASE_UNITS_PER_CBY } from "@cowboy/types";
import { RentError } from "./errors.js";

/** Governance-tunable rent parameters (Tier-0). Heights and epochs count blocks; amounts are u64 base units. */
export interface RentConfig {
  /** rent_rate in base units per byte per year (0.001 CBY = 1,000,000 base units). */
  readonly ratePerByteYear: bigint;
  /** rent_epoch_length in blocks (86,400: one day of 1 s blocks). Rent epoch e covers heights [e·L, (e+1)·L). */
  readonly epochLength: bigint;
  /** Blocks in a rent year (365 days of 1 s blocks): rent per epoch = excess · rate · epochLength / blocksPerYear. */
  readonly blocksPerYear: bigint;
  /** grace_threshold: bytes of storage that pay no rent (10,240). */
  readonly graceThresholdBytes: bigint;
  /** grace_period: rent epochs of debt during which the actor is "rent overdue" but fully functional (7). */
  readonly graceEpochs: bigint;
  /** warning_period: rent epochs after the grace with "eviction imminent" events (3); eviction follows. */
  readonly warningEpochs: bigint;
  /** rent_catchup_bps: the catch-up fee on repaid debt (1,000 = 10%). */
  readonly catchupBps: bigint;
  /** reserve_multiplier as bps of a year's rent (1,000 = 0.1 year, about 5 weeks) the actor's own code cannot spend. */
  readonly reserveBps: bigint;
  /** target_state_size T in bytes; 0 keeps the rate fixed (no dynamic adjustment). */
  readonly targetStateBytes: bigint;
  /** alpha of the rate adjustment (8). */
  readonly rateAlpha: bigint;
  /** delta of the rate adjustment in bps (1,250 = 0.125). */
  readonly rateDeltaBps: bigint;
  /** Actors the cursor assesses per block (bounded work per block). */
  readonly actorsPerBlock: bigint;
  /** Evictions performed per block at most (each prunes up to the maximum quota's bytes). */
  readonly evictionsPerBlock: bigint;
  /** The largest storage quota a bond can buy (8 MiB); the base quota is ActorLimits.storageQuotaBytes (1 MiB). */
  readonly maxQuotaBytes: bigint;
  /** Storage bond per byte of quota above the base, locked while the quota is held. */
  readonly bondPerByte: bigint;
}

export const DEFAULT_RENT_CONFIG: RentConfig = Object.freeze({
  ratePerByteYear: BASE_UNITS_PER_CBY / 1000n,
  epochLength: 86_400n,
  blocksPerYear: 31_536_000n,
  graceThresholdBytes: 10_240n,
  graceEpochs: 7n,
  warningEpochs: 3n,
  catchupBps: 1_000n,
  reserveBps: 1_000n,
  targetStateBytes: 0n,
  rateAlpha: 8n,
  rateDeltaBps: 1_250n,
  actorsPerBlock: 64n,
  evictionsPerBlock: 1n,
  maxQuotaBytes: 8n * 1024n * 1024n,
  bondPerByte: BASE_UNITS_PER_CBY / 1000n,
});

const U64 = (1n << 64n) - 1n;

/** Throws INVALID_RENT_CONFIG unless every field is a bigint in its range. */
export function validateRentConfig(config: RentConfig): RentConfig {
  const bad = (why: string): never => {
    throw new RentError("INVALID_RENT_CONFIG", why);
  };
  for (const [name, value] of Object.entries(DEFAULT_RENT_CONFIG)) {
    const v = (config as unknown as Record<string, unknown>)[name];
    if (typeof v !== "bigint" || v < 0n || v > U64) bad(`${name}: expected a u64 bigint, got ${String(v)}`);
    void value;
  }
  if (config.epochLength === 0n) bad("epochLength must be at least 1 block");
  if (config.blocksPerYear === 0n) bad("blocksPerYear must be at least 1 block");
  if (config.actorsPerBlock === 0n) bad("actorsPerBlock must be at least 1");
  if (config.rateAlpha === 0n) bad("rateAlpha must be at least 1");
  if (config.rateDeltaBps > 10_000n) bad("rateDeltaBps must be at most 10,000");
  return config;
}
