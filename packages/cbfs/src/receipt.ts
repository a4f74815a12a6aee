// Storage receipts (cips/cbfs.md §11): a relay that stores a shard of a volume signs
//   sha256("cowboy/cbfs/receipt/v1" ‖ volumeRoot[32] ‖ shardRoot[32] ‖ u32be(chunkCount))
// (secp256k1 r‖s‖v) and returns it with the 201. The receipt is the relay's promise to keep that shard while
// the volume is anchored: with it anyone can open a proof-of-retrievability challenge against the relay at 0x0B.
import { Writer, equalBytes } from "@cowboy/codec";
import { recoverAddress, secp256k1 } from "@cowboy/crypto";
import { sha256 } from "./hash.js";

const TAG = new TextEncoder().encode("cowboy/cbfs/receipt/v1");

export function receiptDigest(volume: Uint8Array, shard: Uint8Array, chunkCount: number): Uint8Array {
  return sha256(TAG, new Writer(68).bytes(volume).bytes(shard).u32(chunkCount).finish());
}

export function signStorageReceipt(volume: Uint8Array, shard: Uint8Array, chunkCount: number, relayKey: Uint8Array): Uint8Array {
  return secp256k1.sign(receiptDigest(volume, shard, chunkCount), relayKey);
}

/** True when `signature` is `relay`'s receipt for this shard of this volume. */
export function verifyStorageReceipt(relay: Uint8Array, volume: Uint8Array, shard: Uint8Array, chunkCount: number, signature: Uint8Array): boolean {
  try {
    return equalBytes(recoverAddress(receiptDigest(volume, shard, chunkCount), signature), relay);
  } catch {
    return false;
  }
}
