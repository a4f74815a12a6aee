import { FeeMarketError } from "./errors.js";

/** What a transaction offers for one meter. */
export interface MeterBid {
  readonly maxFee: bigint;
  readonly maxPriorityFee: bigint;
}

/** The tip per unit: min(max_priority_fee, max_fee − basefee) (spec §2.3). */
export function effectiveTip(bid: MeterBid, basefee: bigint): bigint {
  if (bid.maxFee < basefee) throw new FeeMarketError("FEE_BELOW_BASEFEE", `max fee ${bid.maxFee} is below the basefee ${basefee}`);
  const headroom = bid.maxFee - basefee;
  return bid.maxPriorityFee < headroom ? bid.maxPriorityFee : headroom;
}

/** Reserved from the sender before execution: each limit at its max fee. */
export function precharge(limits: { cycles: bigint; cells: bigint }, bids: { cycle: MeterBid; cell: MeterBid }): bigint {
  return limits.cycles * bids.cycle.maxFee + limits.cells * bids.cell.maxFee;
}

export interface Settlement {
  /** used × (basefee + tip), both meters. */
  readonly paid: bigint;
  /** The basefee part, burned (100%, §8.4). */
  readonly burned: bigint;
  /** The tip part, to the proposer. */
  readonly tipped: bigint;
  /** precharge − paid, back to the sender (unused limits at the max fee, §2.3). */
  readonly refund: bigint;
}

/**
 * Settles a transaction (spec §2.3, §8.4): paid + refund = precharge and burned + tipped = paid,
 * exactly, in integers. Throws FEE_BELOW_BASEFEE when a max fee is below its basefee.
 */
export function settle(
  usage: { cycles: bigint; cells: bigint },
  limits: { cycles: bigint; cells: bigint },
  basefees: { cycle: bigint; cell: bigint },
  bids: { cycle: MeterBid; cell: MeterBid },
): Settlement {
  if (usage.cycles > limits.cycles || usage.cells > limits.cells || usage.cycles < 0n || usage.cells < 0n) {
    throw new FeeMarketError("INVALID_ARGUMENT", "usage must lie within the limits");
  }
  const burned = usage.cycles * basefees.cycle + usage.cells * basefees.cell;
  const tipped = usage.cycles * effectiveTip(bids.cycle, basefees.cycle) + usage.cells * effectiveTip(bids.cell, basefees.cell);
  const paid = burned + tipped;
  return { paid, burned, tipped, refund: precharge(limits, bids) - paid };
}
