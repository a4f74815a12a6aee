import type { FeeMarketConfig } from "./config.js";
import { FeeMarketError } from "./errors.js";
import { aobject, au64, U64_MAX } from "./guards.js";

/** A block's two basefees, in base units per Cycle and per Cell. */
export interface Basefees {
  readonly cycle: bigint;
  readonly cell: bigint;
}

/** What a block metered on each meter. */
export interface MeterUsage {
  readonly cycles: bigint;
  readonly cells: bigint;
}

/** The parameters one basefee step reads. */
export type BasefeeParams = Pick<FeeMarketConfig, "alpha" | "maxChangeDenominator" | "minBasefee">;

/**
 * One EIP-1559 step for one meter (spec §4.2, §17.8):
 *   b' = max(MIN_BASEFEE, b × (1 + clamp((U − T)/(T·α), −1/δ, +1/δ)))
 * in integers (cips/fee-market.md "Basefee update"):
 *   delta = min(floor(b·|U − T| / (T·α)), floor(b / δ))   — the exact clamped change, floored;
 *   above target b' = b + max(delta, 1)  (so a small fee can always leave a level, as EIP-1559);
 *   below target b' = b − delta; at target b' = b; then the floor, and saturation at 2^64 − 1.
 * Monotone non-decreasing in both `parentBasefee` and `used`.
 */
export function nextBasefee(parentBasefee: bigint, used: bigint, target: bigint, config: BasefeeParams): bigint {
  au64(parentBasefee, "parentBasefee");
  au64(used, "used");
  au64(target, "target");
  if (target === 0n) throw new FeeMarketError("INVALID_ARGUMENT", "target must be positive");
  return step(parentBasefee, used, target, config.alpha, config.maxChangeDenominator, config.minBasefee);
}

function step(b: bigint, used: bigint, target: bigint, alpha: bigint, denominator: bigint, floor: bigint): bigint {
  let next = b;
  if (used !== target) {
    const gap = used > target ? used - target : target - used;
    const cap = b / denominator;
    const raw = (b * gap) / (target * alpha);
    const delta = raw < cap ? raw : cap;
    next = used > target ? b + (delta > 0n ? delta : 1n) : b - delta;
  }
  if (next < floor) return floor;
  return next > U64_MAX ? U64_MAX : next;
}

/** Both basefees of the child of a block that charged `basefees` and metered `usage`. */
export function nextBasefees(basefees: Basefees, usage: MeterUsage, config: FeeMarketConfig): Basefees {
  aobject(basefees, "basefees");
  aobject(usage, "usage");
  return {
    cycle: nextBasefee(basefees.cycle, usage.cycles, config.cyclesTarget, config),
    cell: nextBasefee(basefees.cell, usage.cells, config.cellsTarget, config),
  };
}

/**
 * The genesis block's basefees: both at MIN_BASEFEE. Starting at the floor means no fee is paid
 * for demand that does not exist yet; real demand lifts each meter by ~1.04% per full block.
 */
export function genesisBasefees(config: FeeMarketConfig): Basefees {
  return { cycle: config.minBasefee, cell: config.minBasefee };
}
