import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { toHex } from "@cowboy/codec";
import { addressFromPrivateKey, keccak256 } from "@cowboy/crypto";
import { blockHash, createTransaction, EMPTY_MERKLE_ROOT, ReceiptStatus, transactionsRoot, type Block, type Receipt } from "@cowboy/types";
import { afterAll, describe, expect, it } from "vitest";
import { BlockStore } from "../../src/chain/block-store.js";

const dir = mkdtempSync(join(tmpdir(), "cowboy-blocks-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const key = keccak256(new Uint8Array([1]));
const tx = createTransaction({
  chainId: 42n,
  instruction: { type: "transfer", to: new Uint8Array(20).fill(2), amount: 5n },
  from: addressFromPrivateKey(key),
  cyclesLimit: 21_000n,
  cellsLimit: 0n,
  maxFeePerCycle: 10_000n,
  maxFeePerCell: 10_000n,
}).sign(key);

function block(height: bigint, round = 0n): Block {
  return {
    header: {
      parent_hash: new Uint8Array(32),
      height,
      round,
      proposer: new Uint8Array(20),
      timestamp_ms: 1000n + height,
      state_root: new Uint8Array(32).fill(7),
      transactions_root: transactionsRoot([tx]),
      receipts_root: EMPTY_MERKLE_ROOT,
      cycle_basefee: 10_000n,
      cell_basefee: 10_000n,
      lane_usage: { system: 0n, timer: 0n, runner: 0n, user: 21_000n },
      cycles_used: 21_000n,
      cells_used: 0n,
      certificate: new Uint8Array(0),
      beacon: new Uint8Array(0),
    },
    transactions: [tx],
  };
}

const receipt: Receipt = {
  status: ReceiptStatus.Success,
  cycles_used: 21_000n,
  cells_used: 0n,
  fee_paid: 210_000_000n,
  fee_burned: 210_000_000n,
  fee_tipped: 0n,
  return_data: new Uint8Array(0),
  events: [],
};

describe("BlockStore", () => {
  it("keeps blocks, receipts and the transaction index across a reopen", async () => {
    const path = join(dir, "a");
    const store = BlockStore.open(path);
    const b = block(1n);
    store.put(b, [receipt]);
    await store.close();

    const reopened = BlockStore.open(path);
    expect(toHex(reopened.hashAt(1n)!)).toBe(toHex(blockHash(b)));
    expect(reopened.blockAt(1n)!.transactions[0]!.encode()).toEqual(tx.encode());
    expect(reopened.receipts(blockHash(b))).toEqual([receipt]);
    expect(reopened.txLocation(tx.digest())).toEqual({ blockHash: blockHash(b), height: 1n, index: 0 });
    expect(reopened.blockAt(2n)).toBeUndefined();
    expect(reopened.txLocation(new Uint8Array(32))).toBeUndefined();
    await reopened.close();
  });

  it("forgets a transaction whose block was replaced at its height", async () => {
    const store = BlockStore.open(join(dir, "b"));
    store.put(block(1n, 0n), [receipt]);
    const replacement: Block = { ...block(1n, 1n), transactions: [] };
    store.put(replacement, []);
    expect(toHex(store.hashAt(1n)!)).toBe(toHex(blockHash(replacement)));
    expect(store.txLocation(tx.digest())).toBeUndefined();
    await store.close();
  });
});
