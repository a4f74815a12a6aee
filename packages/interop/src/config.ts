// The EventListener's governance-tunable numbers (cips/interop.md "Event subscriptions"), with their genesis defaults.
import { InteropError } from "./errors.js";

export interface InteropConfig {
  /** Least stake (base units) an oracle operator locks to register. */
  readonly minOracleStake: bigint;
  /** A report is delivered once ceil(registered × numerator / denominator) oracles agree (default 2/3). */
  readonly quorumNumerator: bigint;
  readonly quorumDenominator: bigint;
  /** Most confirmations a subscription may ask for (Ethereum finality is ~64 blocks). */
  readonly maxConfirmations: bigint;
  /** Most event data bytes a report may carry. */
  readonly maxDataBytes: number;
  /** Blocks between an oracle's unregistering and its withdrawal: the window in which its equivocation is slashable. */
  readonly oracleUnbondingBlocks: bigint;
  /** Basis points of a slashed stake paid to whoever proved the fault; the rest goes to the Treasury (0x08). */
  readonly slashReporterBps: bigint;
  /** Most contracts, and most assets, one actor's manifest may name. */
  readonly maxManifestEntries: number;
}

export const DEFAULT_INTEROP_CONFIG: InteropConfig = Object.freeze({
  minOracleStake: 1_000_000_000n,
  quorumNumerator: 2n,
  quorumDenominator: 3n,
  maxConfirmations: 256n,
  maxDataBytes: 16_384,
  oracleUnbondingBlocks: 86_400n,
  slashReporterBps: 1_000n,
  maxManifestEntries: 32,
});

/** The number of matching reports that delivers an event when `registered` oracles are registered (at least 1). */
export function quorumOf(registered: number, cfg: InteropConfig): number {
  if (registered <= 0) return Number.POSITIVE_INFINITY;
  const n = BigInt(registered);
  return Number((n * cfg.quorumNumerator + cfg.quorumDenominator - 1n) / cfg.quorumDenominator);
}

export function validateInteropConfig(cfg: InteropConfig): InteropConfig {
  if (cfg.quorumDenominator <= 0n || cfg.quorumNumerator <= 0n || cfg.quorumNumerator > cfg.quorumDenominator)
    throw new InteropError("INVALID_CONFIG", "quorum must be a fraction in (0, 1]");
  if (cfg.slashReporterBps < 0n || cfg.slashReporterBps > 10_000n) throw new InteropError("INVALID_CONFIG", "slashReporterBps must be in [0, 10000]");
  if (cfg.minOracleStake < 0n || cfg.maxConfirmations < 0n || cfg.maxDataBytes < 0 || cfg.oracleUnbondingBlocks < 0n)
    throw new InteropError("INVALID_CONFIG", "limits must not be negative");
  return cfg;
}
