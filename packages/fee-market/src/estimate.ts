import type { FeeMarketConfig } from "./config.js";
import { FeeMarketError } from "./errors.js";

export interface FeeEstimateInput {
  /** Intrinsic plus simulated execution use. */
  readonly cycles: bigint;
  readonly cells: bigint;
  readonly basefees: { cycle: bigint; cell: bigint };
  /** Tips paid per unit in recent blocks (any order; may be empty). */
  readonly recentTips?: readonly bigint[];
  /** Which percentile of recent tips to offer (0–100, default 50). */
  readonly tipPercentile?: number;
  /** Blocks of maximal basefee growth the max fee must survive (default 12). */
  readonly blocks?: number;
  /** Extra on the limits, in percent (default 20). */
  readonly limitMarginPercent?: bigint;
}

export interface FeeEstimate {
  readonly cyclesLimit: bigint;
  readonly cellsLimit: bigint;
  readonly maxFeePerCycle: bigint;
  readonly maxFeePerCell: bigint;
  readonly maxPriorityFeePerCycle: bigint;
  readonly maxPriorityFeePerCell: bigint;
}

/** b × (1 + 1/α)^n, rounded up at every step: the highest the basefee can reach in n blocks. */
export function basefeeCeiling(basefee: bigint, blocks: number, config: FeeMarketConfig): bigint {
  let b = basefee;
  for (let i = 0; i < blocks; i++) b += b / config.alpha > 0n ? (b + config.alpha - 1n) / config.alpha : 1n;
  return b;
}

/**
 * Suggested limits and fees (spec §17.10): limits are the measured use plus a margin; the tip is a
 * percentile of recent tips; the max fee covers the basefee after `blocks` full blocks plus the tip.
 */
export function estimateFees(input: FeeEstimateInput, config: FeeMarketConfig): FeeEstimate {
  if (input.cycles < 0n || input.cells < 0n) throw new FeeMarketError("INVALID_ARGUMENT", "usage must be non-negative");
  const blocks = input.blocks ?? 12;
  const percentile = input.tipPercentile ?? 50;
  if (!Number.isInteger(blocks) || blocks < 0 || blocks > 10_000) throw new FeeMarketError("INVALID_ARGUMENT", "blocks must be an integer in [0, 10000]");
  if (!Number.isInteger(percentile) || percentile < 0 || percentile > 100) throw new FeeMarketError("INVALID_ARGUMENT", "tipPercentile must be an integer in [0, 100]");
  const margin = 100n + (input.limitMarginPercent ?? 20n);
  const tips = [...(input.recentTips ?? [])].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const tip = tips.length === 0 ? 0n : tips[Math.min(tips.length - 1, Math.floor((percentile / 100) * tips.length))]!;
  return {
    cyclesLimit: (input.cycles * margin + 99n) / 100n,
    cellsLimit: (input.cells * margin + 99n) / 100n,
    maxFeePerCycle: basefeeCeiling(input.basefees.cycle, blocks, config) + tip,
    maxFeePerCell: basefeeCeiling(input.basefees.cell, blocks, config) + tip,
    maxPriorityFeePerCycle: tip,
    maxPriorityFeePerCell: tip,
  };
}
