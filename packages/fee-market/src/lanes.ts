import type { Basefees } from "./basefee.js";
import { BPS, LANES, type FeeMarketConfig, type LaneId } from "./config.js";
import { FeeMarketError } from "./errors.js";
import { au64 } from "./guards.js";

/** Cycles per lane (used, demanded or admitted). */
export type LaneUsage = Readonly<Record<LaneId, bigint>>;

export const EMPTY_LANE_USAGE: LaneUsage = Object.freeze({ system: 0n, timer: 0n, runner: 0n, user: 0n });

/**
 * The reserved lanes whose unused budget the user lane may borrow within the block. The timer
 * lane is not among them: due timers run after the block's transactions, so while transactions
 * are admitted its use is unknown, and lending it would either break the block's hard cap or the
 * timers' reservation (cips/fee-market.md "Lanes").
 */
export const LENDING_LANES: readonly ("system" | "runner")[] = Object.freeze(["system", "runner"] as const);

function aLaneUsage(usage: LaneUsage, name: string): void {
  if (typeof usage !== "object" || usage === null) throw new FeeMarketError("INVALID_ARGUMENT", `${name} must be an object`);
  for (const lane of LANES) au64(usage[lane], `${name}.${lane}`);
}

function aLane(lane: unknown): asserts lane is LaneId {
  if (!LANES.includes(lane as LaneId)) throw new FeeMarketError("INVALID_ARGUMENT", `lane must be one of ${LANES.join(", ")}, got ${String(lane)}`);
}

function spare(budget: bigint, used: bigint): bigint {
  return budget > used ? budget - used : 0n;
}

/**
 * Cycles `lane` can still take in a block whose lanes have used `usage` so far (spec §17.9).
 * Reserved lanes keep their own budget; the user lane has its budget plus the unused budget of
 * the lending lanes; capacity never flows out of the user lane. Never negative.
 */
export function laneCapacity(lane: LaneId, usage: LaneUsage, config: FeeMarketConfig): bigint {
  aLane(lane);
  aLaneUsage(usage, "usage");
  const budgets = config.laneBudgets;
  if (lane !== "user") return spare(budgets[lane], usage[lane]);
  let capacity = budgets.user;
  for (const lender of LENDING_LANES) capacity += spare(budgets[lender], usage[lender]);
  return spare(capacity, usage.user);
}

export interface LaneAllocation {
  /** Cycles admitted per lane: min(demand, capacity). */
  readonly admitted: LaneUsage;
  /** What the user lane could take: its budget plus the lending lanes' unused budget. */
  readonly userCapacity: bigint;
  /** Of userCapacity, the part borrowed from reserved lanes. */
  readonly borrowed: bigint;
  /** Sum of `admitted`: never above the sum of the budgets (the block's hard cap). */
  readonly total: bigint;
}

/**
 * The cascade as a pure function of per-lane demand: reserved lanes are served first, each up to
 * its own budget; the user lane then gets its budget plus what the lending lanes left unused.
 */
export function allocateLanes(demand: LaneUsage, config: FeeMarketConfig): LaneAllocation {
  aLaneUsage(demand, "demand");
  const budgets = config.laneBudgets;
  const take = (lane: LaneId): bigint => (demand[lane] < budgets[lane] ? demand[lane] : budgets[lane]);
  const reserved = { system: take("system"), timer: take("timer"), runner: take("runner") };
  let borrowed = 0n;
  for (const lender of LENDING_LANES) borrowed += budgets[lender] - reserved[lender];
  const userCapacity = budgets.user + borrowed;
  const user = demand.user < userCapacity ? demand.user : userCapacity;
  return { admitted: { ...reserved, user }, userCapacity, borrowed, total: reserved.system + reserved.timer + reserved.runner + user };
}

/** The basefee a lane charges (§6.3): ceil(global × multiplier / 10,000); ≥ global when the multiplier is ≥ 1.0×. */
export function laneBasefee(global: bigint, lane: LaneId, config: FeeMarketConfig): bigint {
  au64(global, "global");
  aLane(lane);
  return (global * config.laneMultipliersBps[lane] + BPS - 1n) / BPS;
}

/** Both basefees of a lane. */
export function laneBasefees(global: Basefees, lane: LaneId, config: FeeMarketConfig): Basefees {
  return { cycle: laneBasefee(global.cycle, lane, config), cell: laneBasefee(global.cell, lane, config) };
}
