// Receipted holdings at 0x0A (cips/cbfs.md §11.1): which relay has promised (by its storage receipt) to keep which
// shard of which anchored volume — what lets the chain itself open PoR challenges on a schedule (§11.2). A rebuilt
// shard is byte for byte the lost one (same shard root), so a repair's new holder replaces the old one.
// Keys under systemKey("cbfs_storage", …):
//   0x04 ‖ volume ‖ shardRoot → relay[20] ‖ chunkCount u32 ‖ receipt[65] ‖ recordedAt u64
//   0x05 → the sorted (volume ‖ shardRoot) pairs with a holding, 64 bytes each (what the schedule draws from)
import { Reader, Writer, compareBytes, equalBytes, toHex } from "@cowboy/codec";
import { systemKey } from "@cowboy/state";
import { verifyStorageReceipt } from "../receipt.js";
import type { ChainStore } from "./config.js";
import { CbfsChainError } from "./errors.js";
import { getRelay } from "./relay-registry.js";
import { getVolume } from "./storage-manager.js";

export interface Holding {
  readonly volume: Uint8Array;
  readonly shard: Uint8Array;
  readonly relay: Uint8Array;
  readonly chunkCount: number;
  readonly receipt: Uint8Array;
  readonly recordedAt: bigint;
}

const NS = "cbfs_storage";
const RECEIPT = 65;
const PAIR = 64;
const holdingKey = (volume: Uint8Array, shard: Uint8Array) => systemKey(NS, Uint8Array.of(4, ...volume, ...shard));
const LIST_KEY = systemKey(NS, Uint8Array.of(5));

function pairs(store: ChainStore): Uint8Array[] {
  const b = store.get(LIST_KEY) ?? new Uint8Array(0);
  return Array.from({ length: b.length / PAIR }, (_, i) => b.slice(i * PAIR, (i + 1) * PAIR));
}

function writePairs(store: ChainStore, list: Uint8Array[]): void {
  const sorted = [...list].sort(compareBytes);
  const out = new Uint8Array(sorted.length * PAIR);
  for (const [i, p] of sorted.entries()) out.set(p, i * PAIR);
  if (out.length === 0) store.delete(LIST_KEY);
  else store.set(LIST_KEY, out);
}

/** Number of receipted holdings (every volume). */
export function holdingCount(store: ChainStore): number {
  return (store.get(LIST_KEY)?.length ?? 0) / PAIR;
}

export function getHolding(store: ChainStore, volume: Uint8Array, shard: Uint8Array): Holding | undefined {
  const bytes = store.get(holdingKey(volume, shard));
  if (bytes === undefined) return undefined;
  const r = new Reader(bytes);
  const h = { volume: volume.slice(), shard: shard.slice(), relay: r.bytes(20).slice(), chunkCount: r.u32(), receipt: r.bytes(RECEIPT).slice(), recordedAt: r.u64() };
  r.end();
  return h;
}

/** The i-th holding in (volume ‖ shard) order; undefined when i is out of range. */
export function holdingAt(store: ChainStore, i: number): Holding | undefined {
  const b = store.get(LIST_KEY);
  if (b === undefined || i < 0 || (i + 1) * PAIR > b.length) return undefined;
  return getHolding(store, b.subarray(i * PAIR, i * PAIR + 32), b.subarray(i * PAIR + 32, (i + 1) * PAIR));
}

/** The volumes with at least one holding, in root order (from the holdings list). */
export function heldVolumes(store: ChainStore): Uint8Array[] {
  const b = store.get(LIST_KEY) ?? new Uint8Array(0);
  const out: Uint8Array[] = [];
  for (let i = 0; i < b.length; i += 64) {
    const root = b.slice(i, i + 32);
    if (out.length === 0 || compareBytes(out[out.length - 1]!, root) !== 0) out.push(root);
  }
  return out;
}

/** Every holding of one volume: the list is sorted by (volume ‖ shard), so a binary search finds its run. */
export function volumeHoldings(store: ChainStore, volume: Uint8Array): Holding[] {
  const b = store.get(LIST_KEY) ?? new Uint8Array(0);
  const n = b.length / PAIR;
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareBytes(b.subarray(mid * PAIR, mid * PAIR + 32), volume) < 0) lo = mid + 1;
    else hi = mid;
  }
  const out: Holding[] = [];
  for (let i = lo; i < n && equalBytes(b.subarray(i * PAIR, i * PAIR + 32), volume); i++) {
    out.push(getHolding(store, b.subarray(i * PAIR, i * PAIR + 32), b.subarray(i * PAIR + 32, (i + 1) * PAIR))!);
  }
  return out;
}

export interface HoldingRequest {
  readonly volume: Uint8Array;
  readonly shard: Uint8Array;
  readonly relay: Uint8Array;
  readonly chunkCount: number;
  readonly receipt: Uint8Array;
}

/**
 * Records (or, for a shard already held, moves to a new holder) a receipted holding: the volume is anchored, the
 * relay registered, and the receipt is the relay's signature over (volume, shard, chunkCount).
 */
export function recordHolding(store: ChainStore, height: bigint, req: HoldingRequest): Holding {
  if (getVolume(store, req.volume) === undefined) throw new CbfsChainError("VOLUME_NOT_FOUND", `no volume is anchored at 0x${toHex(req.volume)}`);
  if (getRelay(store, req.relay) === undefined) throw new CbfsChainError("RELAY_NOT_FOUND", `no relay is registered at 0x${toHex(req.relay)}`);
  if (!Number.isInteger(req.chunkCount) || req.chunkCount < 1 || req.chunkCount > 0xffff_ffff) throw new CbfsChainError("INVALID_PROOF", "chunk_count must be in 1..2^32-1");
  if (req.receipt.length !== RECEIPT || !verifyStorageReceipt(req.relay, req.volume, req.shard, req.chunkCount, req.receipt)) {
    throw new CbfsChainError("INVALID_PROOF", "the receipt is not the relay's signature for this shard of this volume");
  }
  const fresh = getHolding(store, req.volume, req.shard) === undefined;
  store.set(holdingKey(req.volume, req.shard), new Writer(20 + 4 + RECEIPT + 8).bytes(req.relay).u32(req.chunkCount).bytes(req.receipt).u64(height).finish());
  if (fresh) writePairs(store, [...pairs(store), Uint8Array.from([...req.volume, ...req.shard])]);
  return getHolding(store, req.volume, req.shard)!;
}

/** Drops one holding (stale: its volume was deleted or its relay left). */
export function dropHolding(store: ChainStore, volume: Uint8Array, shard: Uint8Array): void {
  if (store.get(holdingKey(volume, shard)) === undefined) return;
  store.delete(holdingKey(volume, shard));
  const pair = Uint8Array.from([...volume, ...shard]);
  writePairs(
    store,
    pairs(store).filter((p) => !equalBytes(p, pair)),
  );
}
