// Scheduled proofs of retrievability (cips/cbfs.md §11.2): every porScheduleInterval blocks the chain itself opens a
// challenge against one receipted holding (holdings.ts), drawn from the block's beacon, with 0x0A as the challenger
// (a failing proof's slash goes to 0x0A). A stale draw (volume deleted, relay withdrawn) is pruned instead; a draw
// whose relay already has an open challenge is skipped.
import { Reader, Writer } from "@cowboy/codec";
import { sha256 } from "../hash.js";
import { type CbfsChainConfig, type ChainStore, STORAGE_MANAGER_ADDRESS } from "./config.js";
import { dropHolding, holdingAt, holdingCount } from "./holdings.js";
import { type PorChallenge, getChallenge, openPorChallenge } from "./por.js";
import { getRelay } from "./relay-registry.js";
import { getVolume } from "./storage-manager.js";

const TAG = new TextEncoder().encode("cowboy/cbfs/por/schedule");

/** The drawn holding: the first 8 bytes of sha256("cowboy/cbfs/por/schedule" ‖ beacon ‖ u64be(height)), big-endian, mod count. */
export function scheduledHoldingIndex(beacon: Uint8Array, height: bigint, count: number): number {
  const h = sha256(TAG, beacon, new Writer(8).u64(height).finish());
  return Number(new Reader(h.subarray(0, 8)).u64() % BigInt(count));
}

export type ScheduledPor =
  | { readonly kind: "none" }
  | { readonly kind: "opened"; readonly challenge: PorChallenge }
  | { readonly kind: "busy"; readonly relay: Uint8Array }
  | { readonly kind: "pruned"; readonly volume: Uint8Array; readonly shard: Uint8Array };

/** The per-block step: on a scheduled height with any holding, challenge (or prune) the one the beacon draws. */
export function scheduledPorChallenge(store: ChainStore, height: bigint, beacon: Uint8Array, cfg: CbfsChainConfig): ScheduledPor {
  if (cfg.porScheduleInterval <= 0n || height === 0n || height % cfg.porScheduleInterval !== 0n) return { kind: "none" };
  const count = holdingCount(store);
  if (count === 0) return { kind: "none" };
  const h = holdingAt(store, scheduledHoldingIndex(beacon, height, count))!;
  if (getVolume(store, h.volume) === undefined || getRelay(store, h.relay) === undefined) {
    dropHolding(store, h.volume, h.shard);
    return { kind: "pruned", volume: h.volume, shard: h.shard };
  }
  if (getChallenge(store, h.relay) !== undefined) return { kind: "busy", relay: h.relay };
  const req = { relay: h.relay, volume: h.volume, shard: h.shard, chunkCount: h.chunkCount, receipt: h.receipt };
  return { kind: "opened", challenge: openPorChallenge(store, height, beacon, STORAGE_MANAGER_ADDRESS, req, cfg) };
}
