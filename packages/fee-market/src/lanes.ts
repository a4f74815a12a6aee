import { BPS, LANES, type FeeMarketConfig, type LaneId } from "./config.js";

export type LaneUsage = Readonly<Record<LaneId, bigint>>;

/**
 * Cycles `lane` can still take this block (cips/fee-market.md "Lanes"). Reserved lanes keep their
 * own budget; the user lane also gets whatever the system and runner lanes leave unused. The
 * timer lane's spare capacity is not lent: due timers run after the transactions, so it cannot be
 * known unused while transactions are chosen. Capacity never flows out of the user lane.
 */
export function laneCapacity(lane: LaneId, usage: LaneUsage, config: FeeMarketConfig): bigint {
  const budgets = config.laneBudgets;
  if (lane !== "user") return budgets[lane] - usage[lane];
  const spare = budgets.system - usage.system + (budgets.runner - usage.runner);
  return budgets.user + spare - usage.user;
}

/** The basefee a lane charges: global × multiplier / 10,000, rounded up (never below the global floor). */
export function laneBasefee(global: bigint, lane: LaneId, config: FeeMarketConfig): bigint {
  const bps = config.laneMultipliersBps[lane];
  return (global * bps + BPS - 1n) / BPS;
}

export const EMPTY_LANE_USAGE: LaneUsage = Object.freeze(Object.fromEntries(LANES.map((l) => [l, 0n])) as Record<LaneId, bigint>);
