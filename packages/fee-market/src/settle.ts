import type { Basefees, MeterUsage } from "./basefee.js";
import { FeeMarketError } from "./errors.js";
import { aobject, au64, fitsU64, isU64 } from "./guards.js";

/** What a transaction offers for one meter, in base units per unit. */
export interface MeterBid {
  readonly maxFee: bigint;
  readonly maxPriorityFee: bigint;
}

/** A transaction's bids on both meters. */
export interface Bids {
  readonly cycle: MeterBid;
  readonly cell: MeterBid;
}

function aBid(bid: MeterBid, name: string): void {
  if (typeof bid !== "object" || bid === null) throw new FeeMarketError("INVALID_ARGUMENT", `${name} must be an object`);
  if (!isU64(bid.maxFee)) au64(bid.maxFee, `${name}.maxFee`);
  if (!isU64(bid.maxPriorityFee)) au64(bid.maxPriorityFee, `${name}.maxPriorityFee`);
}

function tipOf(bid: MeterBid, basefee: bigint, meter: string): bigint {
  if (bid.maxFee < basefee) throw new FeeMarketError("FEE_BELOW_BASEFEE", `max fee per ${meter} ${bid.maxFee} is below the ${meter} basefee ${basefee}`);
  const headroom = bid.maxFee - basefee;
  return bid.maxPriorityFee < headroom ? bid.maxPriorityFee : headroom;
}

/** The tip per unit (spec §2.3): min(max_priority_fee, max_fee − basefee); FEE_BELOW_BASEFEE when max_fee < basefee. */
export function effectiveTip(bid: MeterBid, basefee: bigint): bigint {
  aBid(bid, "bid");
  au64(basefee, "basefee");
  return tipOf(bid, basefee, "unit");
}

/** Reserved from the sender before execution (§2.3): each limit at its max fee. Must fit a u64. */
export function precharge(limits: MeterUsage, bids: Bids): bigint {
  aobject(limits, "limits");
  aobject(bids, "bids");
  au64(limits.cycles, "limits.cycles");
  au64(limits.cells, "limits.cells");
  aBid(bids.cycle, "bids.cycle");
  aBid(bids.cell, "bids.cell");
  return fitsU64(limits.cycles * bids.cycle.maxFee + limits.cells * bids.cell.maxFee, "the precharge");
}

/** One meter's share of a settlement. */
export interface MeterSettlement {
  /** used × (basefee + tip). */
  readonly paid: bigint;
  /** used × basefee: burned. */
  readonly burned: bigint;
  /** used × tip: to the proposer. */
  readonly tipped: bigint;
  /** (limit − used) × max_fee + used × (max_fee − basefee − tip): back to the sender. */
  readonly refund: bigint;
  /** The tip per unit that was applied. */
  readonly tipPerUnit: bigint;
}

export interface Settlement {
  /** Both meters' paid: the fee of §2.3. */
  readonly paid: bigint;
  /** The basefee part, burned (100%, §8.4). */
  readonly burned: bigint;
  /** The tip part, credited to the proposer (§8.4). */
  readonly tipped: bigint;
  /** precharge − paid, back to the sender (unused limits at the max fee, §2.3). */
  readonly refund: bigint;
  readonly cycle: MeterSettlement;
  readonly cell: MeterSettlement;
}

function meter(used: bigint, limit: bigint, basefee: bigint, bid: MeterBid, name: string): MeterSettlement {
  if (used > limit) throw new FeeMarketError("USAGE_EXCEEDS_LIMIT", `${name} used ${used} exceeds the limit ${limit}`);
  const tipPerUnit = tipOf(bid, basefee, name);
  const burned = used * basefee;
  const tipped = used * tipPerUnit;
  const paid = burned + tipped;
  return { paid, burned, tipped, refund: limit * bid.maxFee - paid, tipPerUnit };
}

/**
 * Settles a transaction after execution (spec §2.3, §8.4). Per meter and in total, exactly:
 * paid + refund = precharge, burned + tipped = paid, every part ≥ 0. Throws FEE_BELOW_BASEFEE
 * when a max fee is below its basefee, USAGE_EXCEEDS_LIMIT when usage is above a limit, and
 * AMOUNT_OVERFLOW when the precharge does not fit a u64 (no balance could cover it).
 */
export function settle(usage: MeterUsage, limits: MeterUsage, basefees: Basefees, bids: Bids): Settlement {
  aobject(usage, "usage");
  aobject(basefees, "basefees");
  au64(usage.cycles, "usage.cycles");
  au64(usage.cells, "usage.cells");
  au64(basefees.cycle, "basefees.cycle");
  au64(basefees.cell, "basefees.cell");
  precharge(limits, bids);
  const cycle = meter(usage.cycles, limits.cycles, basefees.cycle, bids.cycle, "cycle");
  const cell = meter(usage.cells, limits.cells, basefees.cell, bids.cell, "cell");
  return {
    paid: cycle.paid + cell.paid,
    burned: cycle.burned + cell.burned,
    tipped: cycle.tipped + cell.tipped,
    refund: cycle.refund + cell.refund,
    cycle,
    cell,
  };
}
