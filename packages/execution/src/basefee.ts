import type { Header } from "@cowboy/types";
import type { ChainParams } from "./params.js";

/** MIN_BASEFEE (§4.2, §17.8): the floor of both basefees. */
export const MIN_BASEFEE = 10_000n;
/** α (§17.8): the learning-rate denominator; the per-block change is capped at ±1/α. */
export const BASEFEE_ALPHA = 96n;

/**
 * basefee' = max(MIN_BASEFEE, b × (1 + clamp((U − T)/(T·α), −1/α, +1/α))) in integers:
 * delta = floor(b × |U − T| / (T × α)), capped at floor(b / α); above target the increase is at
 * least 1 so the fee can always leave the floor (EIP-1559's rule). Written in cips/fee-market.md.
 */
export function nextBasefee(basefee: bigint, used: bigint, target: bigint): bigint {
  if (used === target) return basefee < MIN_BASEFEE ? MIN_BASEFEE : basefee;
  const gap = used > target ? used - target : target - used;
  const cap = basefee / BASEFEE_ALPHA;
  let delta = (basefee * gap) / (target * BASEFEE_ALPHA);
  if (delta > cap) delta = cap;
  const next = used > target ? basefee + (delta > 0n ? delta : 1n) : basefee - delta;
  return next < MIN_BASEFEE ? MIN_BASEFEE : next;
}

/** The basefees a child of `parent` must carry. */
export function nextBlockBasefees(parent: Header, params: ChainParams): { cycle: bigint; cell: bigint } {
  return {
    cycle: nextBasefee(parent.cycle_basefee, parent.cycles_used, params.cyclesTarget),
    cell: nextBasefee(parent.cell_basefee, parent.cells_used, params.cellsTarget),
  };
}
