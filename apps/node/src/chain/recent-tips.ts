// The recent tips fee estimation offers a percentile of (cips/fee-market.md "Estimation"): tips
// per unit (Cycles and Cells together) paid by the transactions that used Cycles in the last blocks.
// Decoding a block's receipts happens once per block, and the percentile once per head (issue 18:
// `cowboy_estimateFee` re-decoded 20 blocks of receipts per call; a batch of 100 stalled the node).
import { toHex } from "@cowboy/codec";
import { tipPercentile } from "@cowboy/fee-market";
import { headerHash, type Header } from "@cowboy/types";
import type { BlockStore } from "./block-store.js";

export class RecentTips {
  /** Block hash → the tips its receipts paid; only the blocks of the last window asked for are kept. */
  #perBlock = new Map<string, readonly bigint[]>();
  /** The last answer: for which head, window and percentile. */
  #last: { key: string; tip: bigint } | undefined;

  constructor(private readonly blocks: BlockStore) {}

  /** The tips of the `count` blocks up to `head` (genesis excluded), oldest block last. */
  of(head: Header, count: number): bigint[] {
    const kept = new Map<string, readonly bigint[]>();
    const tips: bigint[] = [];
    for (let h = head.height; h > 0n && h + BigInt(count) > head.height; h--) {
      const hash = this.blocks.hashAt(h);
      if (hash === undefined) continue;
      const id = toHex(hash);
      let block = this.#perBlock.get(id);
      if (block === undefined) {
        block = (this.blocks.receipts(hash) ?? []).filter((r) => r.cycles_used > 0n).map((r) => r.fee_tipped / (r.cycles_used + r.cells_used));
      }
      kept.set(id, block);
      for (const t of block) tips.push(t);
    }
    this.#perBlock = kept;
    return tips;
  }

  /** fee-market's `tipPercentile` of those tips, computed once per head, window and percentile. */
  percentile(head: Header, count: number, percentile: number): bigint {
    const key = `${toHex(headerHash(head))}:${count}:${percentile}`;
    if (this.#last?.key !== key) this.#last = { key, tip: tipPercentile(this.of(head, count), percentile) };
    return this.#last.tip;
  }
}
