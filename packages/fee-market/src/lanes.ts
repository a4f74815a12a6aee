import type { Basefees } from "./basefee.js";
import { BPS, LANES, type FeeMarketConfig, type LaneId } from "./config.js";
import { FeeMarketError } from "./errors.js";
import { aobject, au64, isU64 } from "./guards.js";

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
  for (const lane of LANES) if (!isU64(usage[lane])) au64(usage[lane], `${name}.${lane}`);
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
  const capacity = budgets.user + spare(budgets.system, usage.system) + spare(budgets.runner, usage.runner); // LENDING_LANES
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
  const b = config.laneBudgets;
  const system = demand.system < b.system ? demand.system : b.system;
  const timer = demand.timer < b.timer ? demand.timer : b.timer;
  const runner = demand.runner < b.runner ? demand.runner : b.runner;
  // The lending lanes (LENDING_LANES): system and runner.
  const borrowed = b.system - system + (b.runner - runner);
  const userCapacity = b.user + borrowed;
  const user = demand.user < userCapacity ? demand.user : userCapacity;
  return { admitted: { system, timer, runner, user }, userCapacity, borrowed, total: system + timer + runner + user };
}

/** The basefee a lane charges (§6.3): ceil(global × multiplier / 10,000); ≥ global when the multiplier is ≥ 1.0×. */
export function laneBasefee(global: bigint, lane: LaneId, config: FeeMarketConfig): bigint {
  au64(global, "global");
  aLane(lane);
  return (global * config.laneMultipliersBps[lane] + BPS - 1n) / BPS;
}

/** Both basefees of a lane. */
export function laneBasefees(global: Basefees, lane: LaneId, config: FeeMarketConfig): Basefees {
  aobject(global, "global");
  return { cycle: laneBasefee(global.cycle, lane, config), cell: laneBasefee(global.cell, lane, config) };
}

/** The block's hard Cycle cap: the lane budgets summed (§17.9; 80M at genesis). */
export function blockCycleCapacity(config: FeeMarketConfig): bigint {
  let total = 0n;
  for (const lane of LANES) total += config.laneBudgets[lane];
  return total;
}
