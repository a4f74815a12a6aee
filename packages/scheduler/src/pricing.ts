import { U64_MAX, au64 } from "@cowboy/codec";
import type { SchedulerConfig } from "./config.js";
import { SchedulerError } from "./errors.js";
import type { GasBid } from "./host.js";
import type { PriorityTier } from "./timerRecord.js";

// CIP-1 (§5.1b) pricing rules as pure integer functions (cips/scheduler.md "Auction").

/** Basefee moves by at most 1/8 (12.5%) per block. */
export const LANE_BASEFEE_CHANGE_DENOMINATOR = 8n;
/** Default-GBA tier multipliers in tenths: economy 0.8×, standard 1.0×, fast 1.5×, urgent 2.5×. */
export const TIER_MULTIPLIER_TENTHS: readonly bigint[] = Object.freeze([8n, 10n, 15n, 25n]);
/** Fairness weights are fixed-point with this denominator: W ∈ [1, 2] ↔ [1,000,000, 2,000,000]. */
export const WEIGHT_ONE = 1_000_000n;

const clampU64 = (v: bigint): bigint => (v > U64_MAX ? U64_MAX : v);

/**
 * The lane basefee of the next block from this block's basefee and timer-lane Cycles used, EIP-1559
 * style against a target of half the lane: up by base × (used − target) / target / 8 (at least 1)
 * when above target, down by base × (target − used) / target / 8 when below, never under the floor.
 */
export function nextLaneBasefee(basefee: bigint, used: bigint, cfg: SchedulerConfig): bigint {
  au64(basefee, "basefee", 1n);
  au64(used, "used", 0n, cfg.laneCycles);
  const target = cfg.laneCycles / 2n > 0n ? cfg.laneCycles / 2n : 1n;
  let next: bigint;
  if (used > target) {
    const delta = (basefee * (used - target)) / target / LANE_BASEFEE_CHANGE_DENOMINATOR;
    next = clampU64(basefee + (delta > 0n ? delta : 1n));
  } else {
    next = basefee - (basefee * (target - used)) / target / LANE_BASEFEE_CHANGE_DENOMINATOR;
  }
  return next < cfg.minLaneBasefee ? cfg.minLaneBasefee : next;
}

/**
 * The basefee after `blocks` blocks that used no lane Cycles. Stops once it reaches the floor, so the
 * loop runs at most ~350 times whatever `blocks` is (each step removes 1/8 of a u64 value).
 */
export function decayLaneBasefee(basefee: bigint, blocks: bigint, cfg: SchedulerConfig): bigint {
  let b = basefee;
  for (let i = 0n; i < blocks && b > cfg.minLaneBasefee; i++) b = nextLaneBasefee(b, 0n, cfg);
  return b;
}

/**
 * The default Gas Bidding Agent: max fee 2 × lane basefee, priority fee the previous block's median
 * tip scaled by the tier (exact: p50 × tenths / 10, rounded down).
 */
export function defaultGasBid(laneBasefee: bigint, prevP50Tip: bigint, tier: PriorityTier): GasBid {
  au64(laneBasefee, "laneBasefee");
  au64(prevP50Tip, "prevP50Tip");
  const mult = TIER_MULTIPLIER_TENTHS[tier];
  if (mult === undefined) throw new SchedulerError("INVALID_ARGUMENT", "tier: expected 0 (economy), 1 (standard), 2 (fast) or 3 (urgent)");
  return { maxFeePerCycle: clampU64(2n * laneBasefee), maxPriorityFeePerCycle: clampU64((prevP50Tip * mult) / 10n) };
}

/** The effective priority fee per Cycle, or null when the bid is below the basefee (the timer waits). */
export function effectiveTip(bid: GasBid, laneBasefee: bigint): bigint | null {
  if (bid.maxFeePerCycle < laneBasefee) return null;
  const room = bid.maxFeePerCycle - laneBasefee;
  return bid.maxPriorityFeePerCycle < room ? bid.maxPriorityFeePerCycle : room;
}

/**
 * W(actor) × 1,000,000 from the actor's fires in the window and the median over the competing
 * actors: 2,000,000 at or below the median, 1,000,000 at or above twice the median, and linear in
 * between: 2,000,000 − 1,000,000 × (fires − median) / median, rounded down.
 */
export function fairnessWeight(fires: bigint, median: bigint): bigint {
  au64(fires, "fires");
  au64(median, "median");
  if (fires <= median) return 2n * WEIGHT_ONE;
  if (fires >= 2n * median) return WEIGHT_ONE;
  return 2n * WEIGHT_ONE - (WEIGHT_ONE * (fires - median)) / median;
}

/** The lower median of `values` (0 for none): sorted ascending, element (n − 1) / 2. */
export function lowerMedian(values: readonly bigint[]): bigint {
  if (values.length === 0) return 0n;
  const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return sorted[(sorted.length - 1) >> 1]!;
}

/** A GBA answer, or null when it is not a pair of u64 bigints (the default GBA is used instead). */
export function checkBid(bid: unknown): GasBid | null {
  if (bid === null || typeof bid !== "object") return null;
  const { maxFeePerCycle: f, maxPriorityFeePerCycle: p } = bid as Record<string, unknown>;
  const ok = (v: unknown): v is bigint => typeof v === "bigint" && v >= 0n && v <= U64_MAX;
  return ok(f) && ok(p) ? { maxFeePerCycle: f, maxPriorityFeePerCycle: p } : null;
}
