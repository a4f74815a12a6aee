// Fee arithmetic of one transaction (spec §2.3, §8.4): exact bigint, no rounding anywhere.

export interface MeterPrices {
  readonly basefee: bigint;
  readonly maxFee: bigint;
  readonly maxPriorityFee: bigint;
}

/** The tip per unit: min(max_priority_fee, max_fee − basefee); the caller ensures max_fee ≥ basefee. */
export function effectiveTip(p: MeterPrices): bigint {
  const headroom = p.maxFee - p.basefee;
  return p.maxPriorityFee < headroom ? p.maxPriorityFee : headroom;
}

export interface Settlement {
  /** What the sender pays in the end: used × (basefee + tip), both meters. */
  readonly paid: bigint;
  /** The basefee part: burned (100%, §8.4). */
  readonly burned: bigint;
  /** The tip part: to the proposer. */
  readonly tipped: bigint;
  /** precharge − paid, returned to the sender. */
  readonly refund: bigint;
}

/** Settles both meters against the pre-charge `limit × max_fee`. */
export function settleFees(
  cycles: { used: bigint; limit: bigint; prices: MeterPrices },
  cells: { used: bigint; limit: bigint; prices: MeterPrices },
): Settlement {
  const burned = cycles.used * cycles.prices.basefee + cells.used * cells.prices.basefee;
  const tipped = cycles.used * effectiveTip(cycles.prices) + cells.used * effectiveTip(cells.prices);
  const precharge = cycles.limit * cycles.prices.maxFee + cells.limit * cells.prices.maxFee;
  const paid = burned + tipped;
  return { paid, burned, tipped, refund: precharge - paid };
}
