import type { Basefees } from "./basefee.js";
import type { FeeMarketConfig } from "./config.js";
import { FeeMarketError } from "./errors.js";
import { aint, aobject, au64, fitsU64, U64_MAX } from "./guards.js";

/** How the estimator picks the tip per unit. */
export type TipPolicy =
  | { readonly kind: "fixed"; readonly cycle: bigint; readonly cell: bigint }
  /** The nearest-rank percentile (0–100) of tips per unit seen in recent blocks; 0 when none. */
  | { readonly kind: "percentile"; readonly percentile: number; readonly recentCycleTips: readonly bigint[]; readonly recentCellTips: readonly bigint[] };

export interface FeeEstimateInput {
  /** Expected use: intrinsic (§17.2) plus simulated execution. */
  readonly cycles: bigint;
  readonly cells: bigint;
  /** The basefees of the block the transaction is expected in (the lane's, when multiplied). */
  readonly basefees: Basefees;
  /** How to pick the tip; default: the `tipPercentile` of `recentTips` on both meters. */
  readonly tip?: TipPolicy;
  /** Shorthand for a percentile policy with the same recent tips per unit on both meters. */
  readonly recentTips?: readonly bigint[];
  /** Percentile (0–100) for the shorthand (default 50). */
  readonly tipPercentile?: number;
  /** Blocks of maximal basefee growth the max fees must survive (default 12, ~12 s). */
  readonly blocks?: number;
  /** Margin on the use, in percent (default 20): simulation can undercount. */
  readonly limitMarginPercent?: bigint;
}

export interface FeeEstimate {
  readonly cyclesLimit: bigint;
  readonly cellsLimit: bigint;
  readonly maxFeePerCycle: bigint;
  readonly maxFeePerCell: bigint;
  readonly maxPriorityFeePerCycle: bigint;
  readonly maxPriorityFeePerCell: bigint;
  /** §17.10: the fee if the estimate is exact and the basefees do not move. */
  readonly expectedFee: bigint;
  /** The precharge: limits × max fees, the most the transaction can cost. */
  readonly maxCost: bigint;
}

export const DEFAULT_ESTIMATE_BLOCKS = 12;
export const DEFAULT_LIMIT_MARGIN_PERCENT = 20n;
export const DEFAULT_TIP_PERCENTILE = 50;

/**
 * The highest a basefee can be after `blocks` blocks: each step b += max(1, ceil(b/δ)), which
 * bounds nextBasefee's largest increase max(1, floor(b/δ)); starts at the floor; saturates at
 * 2^64 − 1.
 */
export function basefeeCeiling(basefee: bigint, blocks: number, config: FeeMarketConfig): bigint {
  au64(basefee, "basefee");
  aint(blocks, "blocks", 0, 100_000);
  const d = config.maxChangeDenominator;
  let b = basefee < config.minBasefee ? config.minBasefee : basefee;
  for (let i = 0; i < blocks && b < U64_MAX; i++) {
    const rise = (b + d - 1n) / d;
    b += rise > 0n ? rise : 1n;
  }
  return b > U64_MAX ? U64_MAX : b;
}

/** Nearest-rank percentile: the value at rank ceil(p·n/100) (1-based; rank 1 for p = 0). */
export function tipPercentile(tips: readonly bigint[], percentile: number): bigint {
  aint(percentile, "percentile", 0, 100);
  if (tips.length === 0) return 0n;
  tips.forEach((t, i) => {
    au64(t, `tips[${i}]`);
  });
  const sorted = [...tips].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const rank = (BigInt(percentile) * BigInt(sorted.length) + 99n) / 100n; // ceil(p·n/100), in integers
  return sorted[Number(rank > 0n ? rank - 1n : 0n)]!;
}

function tipsOf(input: FeeEstimateInput): { cycle: bigint; cell: bigint } {
  const policy: TipPolicy = input.tip ?? {
    kind: "percentile",
    percentile: input.tipPercentile ?? DEFAULT_TIP_PERCENTILE,
    recentCycleTips: input.recentTips ?? [],
    recentCellTips: input.recentTips ?? [],
  };
  if (policy?.kind === "fixed") {
    au64(policy.cycle, "tip.cycle");
    au64(policy.cell, "tip.cell");
    return { cycle: policy.cycle, cell: policy.cell };
  }
  if (policy?.kind === "percentile") {
    return { cycle: tipPercentile(policy.recentCycleTips, policy.percentile), cell: tipPercentile(policy.recentCellTips, policy.percentile) };
  }
  throw new FeeMarketError("INVALID_ARGUMENT", 'tip.kind must be "fixed" or "percentile"');
}

/**
 * Suggested limits and fees (spec §17.10, cips/fee-market.md "Estimation"): limits =
 * ceil(use × (100 + margin)%); tip per unit from the policy; max fee = basefeeCeiling(basefee,
 * blocks) + tip, so the transaction stays includable through `blocks` full blocks.
 */
export function estimateFees(input: FeeEstimateInput, config: FeeMarketConfig): FeeEstimate {
  aobject(input, "input");
  aobject(input.basefees, "basefees");
  au64(input.cycles, "cycles");
  au64(input.cells, "cells");
  au64(input.basefees.cycle, "basefees.cycle");
  au64(input.basefees.cell, "basefees.cell");
  const margin = input.limitMarginPercent ?? DEFAULT_LIMIT_MARGIN_PERCENT;
  au64(margin, "limitMarginPercent");
  const blocks = input.blocks ?? DEFAULT_ESTIMATE_BLOCKS;
  const tip = tipsOf(input);
  const withMargin = (v: bigint): bigint => (v * (100n + margin) + 99n) / 100n;
  const cyclesLimit = fitsU64(withMargin(input.cycles), "cyclesLimit");
  const cellsLimit = fitsU64(withMargin(input.cells), "cellsLimit");
  const maxFeePerCycle = fitsU64(basefeeCeiling(input.basefees.cycle, blocks, config) + tip.cycle, "maxFeePerCycle");
  const maxFeePerCell = fitsU64(basefeeCeiling(input.basefees.cell, blocks, config) + tip.cell, "maxFeePerCell");
  return {
    cyclesLimit,
    cellsLimit,
    maxFeePerCycle,
    maxFeePerCell,
    maxPriorityFeePerCycle: tip.cycle,
    maxPriorityFeePerCell: tip.cell,
    expectedFee: input.cycles * (input.basefees.cycle + tip.cycle) + input.cells * (input.basefees.cell + tip.cell),
    maxCost: fitsU64(cyclesLimit * maxFeePerCycle + cellsLimit * maxFeePerCell, "maxCost"),
  };
}
