// The block's final order (spec §6.5): the VRF order key over the selected transactions, with each
// sender's nonces kept ascending.
import { toHex } from "@cowboy/codec";
import { vrfOrder, type OrderingVrf } from "@cowboy/fee-market";
import type { Transaction } from "@cowboy/types";

/**
 * The VRF order of §6.5 over `txs`, then each sender's transactions placed, in nonce order, into
 * the positions that sender holds, so nonces stay ascending within the block.
 */
export function vrfOrderKeepingNonces(txs: readonly Transaction[], ordering: OrderingVrf, height: bigint): Transaction[] {
  const ordered = vrfOrder(
    txs.map((tx) => ({ hash: tx.digest(), tx })),
    ordering,
    height,
  ).map((x) => x.tx);
  const queues = new Map<string, Transaction[]>();
  for (const tx of txs) {
    const key = toHex(tx.from);
    const list = queues.get(key) ?? [];
    list.push(tx);
    queues.set(key, list);
  }
  for (const list of queues.values()) list.sort((a, b) => (a.nonce < b.nonce ? -1 : a.nonce > b.nonce ? 1 : 0));
  return ordered.map((tx) => queues.get(toHex(tx.from))!.shift()!);
}
