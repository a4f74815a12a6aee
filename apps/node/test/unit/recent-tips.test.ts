// Issue 18: "`cowboy_estimateFee` stops re-decoding 20 blocks of receipts per call". RecentTips
// decodes each block's receipts once and computes the percentile once per head.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { tipPercentile } from "@cowboy/fee-market";
import { EMPTY_MERKLE_ROOT, ReceiptStatus, type Block, type Header, type Receipt } from "@cowboy/types";
import { afterAll, describe, expect, it } from "vitest";
import { BlockStore } from "../../src/chain/block-store.js";
import { RecentTips } from "../../src/chain/recent-tips.js";

const dir = mkdtempSync(join(tmpdir(), "cowboy-tips-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function header(height: bigint): Header {
  return {
    parent_hash: new Uint8Array(32),
    height,
    round: 0n,
    proposer: new Uint8Array(20),
    timestamp_ms: 1000n + height,
    state_root: new Uint8Array(32),
    transactions_root: EMPTY_MERKLE_ROOT,
    receipts_root: EMPTY_MERKLE_ROOT,
    cycle_basefee: 10_000n,
    cell_basefee: 10_000n,
    lane_usage: { system: 0n, timer: 0n, runner: 0n, user: 0n },
    cycles_used: 0n,
    cells_used: 0n,
    certificate: new Uint8Array(0),
    beacon: new Uint8Array(0),
  };
}

/** Receipts paying tips per unit `tips` (and one that used no Cycles, which does not count). */
const receipts = (tips: bigint[]): Receipt[] => [
  ...tips.map((t) => ({
    status: ReceiptStatus.Success,
    cycles_used: 21_000n,
    cells_used: 0n,
    fee_paid: 0n,
    fee_burned: 0n,
    fee_tipped: t * 21_000n,
    return_data: new Uint8Array(0),
    events: [],
  })),
  { status: ReceiptStatus.Success, cycles_used: 0n, cells_used: 0n, fee_paid: 0n, fee_burned: 0n, fee_tipped: 0n, return_data: new Uint8Array(0), events: [] },
];

describe("RecentTips", () => {
  it("decodes each block's receipts once and answers a head's percentile from then on", async () => {
    const store = BlockStore.open(join(dir, "a"));
    const decoded: string[] = [];
    const counting = new Proxy(store, {
      get(target, key) {
        if (key === "receipts") return (hash: Uint8Array) => (decoded.push(String(hash[0])), target.receipts(hash));
        const value = Reflect.get(target, key, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const heads: Header[] = [];
    for (let h = 1n; h <= 25n; h++) {
      const block: Block = { header: header(h), transactions: [] };
      store.put(block, receipts([h, h * 2n]));
      heads.push(block.header);
    }
    const tips = new RecentTips(counting);
    const head = heads[19]!; // height 20: blocks 1..20
    const all = tips.of(head, 20);
    expect(all).toHaveLength(40);
    expect(decoded).toHaveLength(20);
    expect(tips.percentile(head, 20, 50)).toBe(tipPercentile(all, 50));
    expect(decoded).toHaveLength(20);
    for (let i = 0; i < 100; i++) tips.percentile(head, 20, 50);
    expect(decoded).toHaveLength(20);
    // the next head decodes one new block only
    expect(tips.percentile(heads[20]!, 20, 50)).toBe(tipPercentile(tips.of(heads[20]!, 20), 50));
    expect(decoded).toHaveLength(21);
    await store.close();
  });
});
