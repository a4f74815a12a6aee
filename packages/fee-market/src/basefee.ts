import type { FeeMarketConfig } from "./config.js";
import { FeeMarketError } from "./errors.js";

/**
 * One EIP-1559 step (spec §4.2, §17.8):
 *   basefee' = max(MIN_BASEFEE, b × (1 + clamp((U − T)/(T·α), −1/α, +1/α)))
 * in integers (cips/fee-market.md "Rounding"): delta = floor(b × |U − T| / (T × α)), capped at
 * floor(b / α); above target the increase is at least 1 so a fee at a small value can still grow.
 */
export function nextBasefee(basefee: bigint, used: bigint, target: bigint, alpha: bigint, minBasefee: bigint): bigint {
  if (basefee < 0n || used < 0n || target <= 0n || alpha <= 0n) throw new FeeMarketError("INVALID_ARGUMENT", "basefee and usage must be non-negative; target and alpha positive");
  let next = basefee;
  if (used !== target) {
    const gap = used > target ? used - target : target - used;
    const cap = basefee / alpha;
    let delta = (basefee * gap) / (target * alpha);
    if (delta > cap) delta = cap;
    next = used > target ? basefee + (delta > 0n ? delta : 1n) : basefee - delta;
  }
  return next < minBasefee ? minBasefee : next;
}

export interface Basefees {
  readonly cycle: bigint;
  readonly cell: bigint;
}

/** Both basefees of the child of a block that charged `basefees` and used `usage`. */
export function nextBasefees(basefees: Basefees, usage: { cycles: bigint; cells: bigint }, config: FeeMarketConfig): Basefees {
  return {
    cycle: nextBasefee(basefees.cycle, usage.cycles, config.cyclesTarget, config.alpha, config.minBasefee),
    cell: nextBasefee(basefees.cell, usage.cells, config.cellsTarget, config.alpha, config.minBasefee),
  };
}

/** The genesis basefees: both at the floor. */
export function genesisBasefees(config: FeeMarketConfig): Basefees {
  return { cycle: config.minBasefee, cell: config.minBasefee };
}
