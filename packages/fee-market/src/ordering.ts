import { keccak256 } from "@cowboy/crypto";

/** Intrinsic costs and bids of a transaction, as ordering sees it. */
export interface OrderingCandidate {
  readonly hash: Uint8Array;
  readonly intrinsicCycles: bigint;
  readonly intrinsicCells: bigint;
  readonly maxFeePerCycle: bigint;
  readonly maxFeePerCell: bigint;
  readonly maxPriorityFeePerCycle: bigint;
  readonly maxPriorityFeePerCell: bigint;
}

/**
 * effective_fee of §6.4, on intrinsic costs only:
 *   intrinsic_cycles × min(max_fee_per_cycle, basefee_cycle + tip_per_cycle) + the same for Cells.
 */
export function effectiveFee(c: OrderingCandidate, basefees: { cycle: bigint; cell: bigint }): bigint {
  const price = (maxFee: bigint, basefee: bigint, tip: bigint): bigint => (maxFee < basefee + tip ? maxFee : basefee + tip);
  return c.intrinsicCycles * price(c.maxFeePerCycle, basefees.cycle, c.maxPriorityFeePerCycle) + c.intrinsicCells * price(c.maxFeePerCell, basefees.cell, c.maxPriorityFeePerCell);
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

/** Selection order (§6.4): higher effective fee first, ties by transaction hash ascending. */
export function compareByFee(a: { fee: bigint; hash: Uint8Array }, b: { fee: bigint; hash: Uint8Array }): number {
  if (a.fee !== b.fee) return a.fee > b.fee ? -1 : 1;
  return compareBytes(a.hash, b.hash);
}

/**
 * order_key = VRF(proposer_key, tx_hash, height) (§6.5). Until consensus supplies the VRF, a keyed
 * hash stands behind the same interface: keccak256("cowboy/order/v1" ‖ proposer key ‖ tx hash ‖
 * height as u64 big-endian).
 */
export interface OrderingVrf {
  orderKey(txHash: Uint8Array, height: bigint): Uint8Array;
}

const ORDER_TAG = new TextEncoder().encode("cowboy/order/v1");

export function keyedHashOrdering(proposerKey: Uint8Array): OrderingVrf {
  const key = proposerKey.slice();
  return {
    orderKey(txHash, height) {
      const buf = new Uint8Array(ORDER_TAG.length + key.length + txHash.length + 8);
      buf.set(ORDER_TAG, 0);
      buf.set(key, ORDER_TAG.length);
      buf.set(txHash, ORDER_TAG.length + key.length);
      new DataView(buf.buffer).setBigUint64(buf.length - 8, height);
      return keccak256(buf);
    },
  };
}

/** Orders the selected set by order key (ties, impossible in practice, by hash). */
export function vrfOrder<T extends { hash: Uint8Array }>(selected: readonly T[], vrf: OrderingVrf, height: bigint): T[] {
  return selected
    .map((item) => ({ item, key: vrf.orderKey(item.hash, height) }))
    .sort((a, b) => compareBytes(a.key, b.key) || compareBytes(a.item.hash, b.item.hash))
    .map(({ item }) => item);
}
