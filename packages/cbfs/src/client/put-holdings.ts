// The holdings a put leaves behind (cips/cbfs.md §11.1, §7.1): one per receipted shard — what `storage_record_receipt`
// (0/108) records at 0x0A so the chain can challenge the relay and pay it rent.
import type { Manifest } from "../manifest.js";
import { chunkCount } from "../merkle.js";
import { stripeLayout } from "../layout.js";
import type { StorageReceipt } from "./client.js";

export interface PutHolding {
  readonly volume: Uint8Array;
  readonly shardRoot: Uint8Array;
  readonly relay: Uint8Array;
  readonly chunkCount: number;
  readonly receipt: Uint8Array;
}

/** Every receipt of a put as the fields of a `storage_record_receipt`, in (stripe, shard) order. */
export function putHoldings(root: Uint8Array, manifest: Manifest, receipts: readonly StorageReceipt[]): PutHolding[] {
  const length = Number(manifest.plaintextLength);
  return receipts.map((r) => {
    const shardBytes = stripeLayout(length, manifest, r.stripe).blockSize;
    return {
      volume: root,
      shardRoot: manifest.shardRoots[r.stripe]![r.shard]!,
      relay: r.relay.address,
      chunkCount: chunkCount(shardBytes, manifest.chunkSize),
      receipt: r.signature,
    };
  });
}
