// `cowboy fs put --rpc` records its relays' storage receipts at 0x0A (cips/cbfs.md §11.1, §7.1): one
// storage_record_receipt (0/108) per receipted shard, sent in batches of consecutive nonces under the mempool's
// per-sender limit, each batch waited for before the next.
import type { PutHolding } from "@cowboy/cbfs/client";
import type { CowboyClient } from "@cowboy/client";
import { addressFromPrivateKey } from "@cowboy/crypto";
import { instructionIntrinsicCosts } from "@cowboy/metering";
import type { Instruction } from "@cowboy/types";

/** Transactions in flight per batch (the node's mempool holds 64 per sender). */
const BATCH = 32;

/** Sends every holding; returns how many were recorded and the reasons of those that reverted. */
export async function recordPutReceipts(client: CowboyClient, privateKey: Uint8Array, holdings: readonly PutHolding[]): Promise<{ recorded: number; failed: string[] }> {
  const from = addressFromPrivateKey(privateKey);
  let recorded = 0;
  const failed: string[] = [];
  for (let i = 0; i < holdings.length; i += BATCH) {
    const nonce = await client.getNonce(from, "pending");
    const sent = [];
    for (const [j, h] of holdings.slice(i, i + BATCH).entries()) {
      const instruction: Instruction = {
        type: "storage_record_receipt",
        root: h.volume,
        shardRoot: h.shardRoot,
        relay: h.relay,
        chunkCount: BigInt(h.chunkCount),
        receipt: h.receipt,
      };
      const limits = instructionIntrinsicCosts(instruction);
      sent.push(await client.sendTransaction({ privateKey, instruction, nonce: nonce + BigInt(j), cyclesLimit: limits.cycles, cellsLimit: limits.cells, tip: 0n }));
    }
    for (const tx of sent) {
      const receipt = await client.waitForReceipt(tx.digest());
      if (receipt.status === 0) recorded++;
      else failed.push(new TextDecoder().decode(receipt.return_data));
    }
  }
  return { recorded, failed };
}
