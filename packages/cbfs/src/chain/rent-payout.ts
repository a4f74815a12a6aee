// Rent paid out to relays (cips/cbfs.md §7.1): the rent a volume's owner prepaid into 0x0A is paid, block by block
// of the paid-up term, to the relays with a receipted holding (holdings.ts) of that volume, in equal shares of
// rent ÷ max(holdings, K+M) per holding; a share whose relay is not live or is PoR-suspended stays at 0x0A.
// Keys under systemKey("cbfs_storage", …): 0x06 ‖ root → paidOutTo u64 (absent: the volume's anchoredAt);
// 0x08 → the next root of the payout pass under way (a cursor: at most RENT_PAYOUT_VOLUMES_PER_BLOCK volumes a block).
import { Reader, Writer, compareBytes } from "@cowboy/codec";
import { systemKey } from "@cowboy/state";
import type { CbfsChainConfig, ChainStore } from "./config.js";
import { heldVolumes, volumeHoldings } from "./holdings.js";
import { getStanding, porState } from "./por.js";
import { getRelay, isLive } from "./relay-registry.js";
import { type VolumeRecord, getVolume, rentFor } from "./storage-manager.js";

/** One credit from 0x0A to a relay. */
export interface RentPayment {
  readonly volume: Uint8Array;
  readonly relay: Uint8Array;
  readonly amount: bigint;
}

const payoutKey = (root: Uint8Array) => systemKey("cbfs_storage", Uint8Array.of(6, ...root));
const CURSOR_KEY = systemKey("cbfs_storage", Uint8Array.of(8));

/** The height up to which a volume's rent has been paid out (its anchor height before the first payout). */
export function rentPaidOutTo(store: ChainStore, v: VolumeRecord): bigint {
  const bytes = store.get(payoutKey(v.root));
  const at = bytes === undefined ? v.anchoredAt : new Reader(bytes).u64();
  // A root deleted and anchored again starts from its new anchor height.
  return at > v.anchoredAt ? at : v.anchoredAt;
}

/** Whether a holder is paid for the term now closing: registered, live (heartbeating) and in good PoR standing. */
function earns(store: ChainStore, relay: Uint8Array, height: bigint, cfg: CbfsChainConfig): boolean {
  const r = getRelay(store, relay);
  return r !== undefined && isLive(r, height, cfg) && porState(getStanding(store, relay, cfg), height, cfg) === "good";
}

/**
 * Pays one volume's rent for the blocks [paidOutTo, min(height, paidUntil)) to its holders and advances paidOutTo.
 * Returns the payments the caller moves from 0x0A (never more than the rent those blocks were prepaid for).
 */
export function payVolumeRent(store: ChainStore, root: Uint8Array, height: bigint, cfg: CbfsChainConfig): RentPayment[] {
  const v = getVolume(store, root);
  if (v === undefined) return [];
  const from = rentPaidOutTo(store, v);
  const to = height < v.paidUntil ? height : v.paidUntil;
  if (to <= from) return [];
  store.set(payoutKey(root), new Writer(8).u64(to).finish());
  const holdings = volumeHoldings(store, root);
  if (holdings.length === 0) return [];
  const shares = BigInt(Math.max(holdings.length, v.k + v.m));
  const share = rentFor(v.size, v.k, v.m, to - from, cfg) / shares;
  if (share === 0n) return [];
  return holdings.filter((h) => earns(store, h.relay, height, cfg)).map((h) => ({ volume: v.root, relay: h.relay, amount: share }));
}

/** Settles a volume about to be deleted or replaced (its rent up to `height`) and forgets its payout mark. */
export function closeVolumeRent(store: ChainStore, root: Uint8Array, height: bigint, cfg: CbfsChainConfig): RentPayment[] {
  const paid = payVolumeRent(store, root, height, cfg);
  store.delete(payoutKey(root));
  return paid;
}

/** Volumes paid per block while a payout pass runs: the bound on the step's work (cips/cbfs.md §7.1 "Bounded work"). */
export const RENT_PAYOUT_VOLUMES_PER_BLOCK = 64;

/** The root the payout pass under way pays next (absent: no pass under way). */
export function rentPayoutCursor(store: ChainStore): Uint8Array | undefined {
  return store.get(CURSOR_KEY)?.slice();
}

/**
 * The per-block step: a payout pass starts at every non-zero multiple of rentPayoutInterval (unless one is still
 * under way) and pays the held volumes in root order, at most `perBlock` per block, resuming from a cursor on the
 * next blocks until every held volume is paid. A volume paid a few blocks into the pass is paid up to its own block.
 */
export function scheduledRentPayout(store: ChainStore, height: bigint, cfg: CbfsChainConfig, perBlock = RENT_PAYOUT_VOLUMES_PER_BLOCK): RentPayment[] {
  const cursor = store.get(CURSOR_KEY);
  const starts = cfg.rentPayoutInterval > 0n && height !== 0n && height % cfg.rentPayoutInterval === 0n;
  if (cursor === undefined && !starts) return [];
  const volumes = heldVolumes(store);
  let i = 0;
  if (cursor !== undefined) {
    let hi = volumes.length;
    while (i < hi) {
      const mid = (i + hi) >>> 1;
      if (compareBytes(volumes[mid]!, cursor) < 0) i = mid + 1;
      else hi = mid;
    }
  }
  const end = Math.min(volumes.length, i + perBlock);
  const paid: RentPayment[] = [];
  for (; i < end; i++) paid.push(...payVolumeRent(store, volumes[i]!, height, cfg));
  if (i < volumes.length) store.set(CURSOR_KEY, volumes[i]!);
  else store.delete(CURSOR_KEY);
  return paid;
}
