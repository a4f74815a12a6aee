// The `storage` namespace (issue 26; cips/cbfs.md §7): CBFS volumes at 0x0A and relays at 0x0B, read at the head
// through @cowboy/cbfs (which owns the layouts, the rent rule and placement). 0x0A keys volumes by root only, so the
// list comes from the roots the chain's storage_anchor / storage_replace instructions named (scanned once, then block
// by block as the head moves), each read back from the head state: a deleted or replaced volume is not listed.
import {
  DEFAULT_BLOCK_SIZE,
  DEFAULT_CBFS_CHAIN_CONFIG,
  DEFAULT_SEGMENT_SIZE,
  VOLUME_QUERY_LIMIT,
  CbfsError,
  getVolume,
  orphanReleaseAt,
  placementSet,
  rentPaidOutTo,
  volumeHoldings,
  placeStripe,
  rentFor,
  storedMiB,
  stripeCount,
  type CbfsChainConfig,
  type ChainStore,
  type VolumeRecord,
} from "@cowboy/cbfs";
import { equalBytes, fromHex, toHex } from "@cowboy/codec";
import { z } from "zod";
import type { Chain } from "../../chain/chain.js";
import { RpcError, RpcErrorCode } from "../errors.js";
import { defineMethod, type RpcMethod } from "../registry.js";
import type { NodeContext } from "./context.js";
import { hex } from "./json.js";
import { address, hash32 } from "./params.js";

/** Stripes whose placement cowboy_getVolume lists (a volume has ceil(size / (K · 1 MiB)) of them). */
const MAX_PLACED_STRIPES = 64;

const volumeFilter = z.object({ owner: address.optional(), limit: z.number().int().min(1).max(1_000).optional() }).strict();

function headStore(chain: Chain): ChainStore {
  const refuse = (): never => {
    throw new RpcError(RpcErrorCode.InternalError, "the RPC reads the state only");
  };
  return { get: (key) => chain.state.get(key), set: refuse, delete: refuse };
}

const configOf = (chain: Chain): CbfsChainConfig => chain.params.cbfs ?? DEFAULT_CBFS_CHAIN_CONFIG;

/** Every root an anchor or replace named, newest first by the block that last named it. */
class AnchoredRoots {
  #scanned = -1n;
  readonly #lastNamed = new Map<string, bigint>();

  constructor(private readonly chain: Chain) {}

  newestFirst(): Uint8Array[] {
    const head = this.chain.head.height;
    for (let height = this.#scanned + 1n; height <= head; height++) {
      for (const tx of this.chain.blocks.blockAt(height)?.transactions ?? []) {
        const ins = tx.instruction;
        if (ins.type === "storage_anchor" || ins.type === "storage_replace") {
          const key = toHex(ins.root);
          this.#lastNamed.delete(key);
          this.#lastNamed.set(key, height);
        }
      }
      this.#scanned = height;
    }
    return [...this.#lastNamed.keys()].reverse().map(fromHex);
  }
}

function volumeJson(v: VolumeRecord, height: bigint, cfg: CbfsChainConfig) {
  return {
    root: hex(v.root),
    owner: hex(v.owner),
    size: v.size.toString(),
    k: v.k,
    m: v.m,
    stored_mib: storedMiB(v.size, v.k, v.m).toString(),
    rent_per_block: rentFor(v.size, v.k, v.m, 1n, cfg).toString(),
    anchored_at: v.anchoredAt.toString(),
    paid_until: v.paidUntil.toString(),
    /** After this height anyone may delete the volume (rentGraceBlocks past its paid-up height). */
    grace_ends_at: (v.paidUntil + cfg.rentGraceBlocks).toString(),
    paid_blocks_left: (v.paidUntil > height ? v.paidUntil - height : 0n).toString(),
    repairs: v.repairs.toString(),
  };
}

/** The receipted holdings at 0x0A (cips/cbfs.md §11.1) and how far the volume's rent is paid out to them (§7.1). */
function holdingsJson(store: ChainStore, v: VolumeRecord) {
  return {
    rent_paid_out_to: rentPaidOutTo(store, v).toString(),
    holdings: volumeHoldings(store, v.root).map((h) => ({ shard_root: hex(h.shard), relay: hex(h.relay), chunk_count: h.chunkCount, recorded_at: h.recordedAt.toString() })),
  };
}

/**
 * Where each stripe's K+M shards go: placeStripe over 0x0B's placement set at the head. The manifest (with its
 * segment and block sizes) lives with the relays, not on chain, so the stripe count assumes the client's defaults.
 */
function placementJson(store: ChainStore, v: VolumeRecord, height: bigint, cfg: CbfsChainConfig) {
  const stripes = stripeCount(Number(v.size), { k: v.k, segmentSize: DEFAULT_SEGMENT_SIZE, blockSize: DEFAULT_BLOCK_SIZE });
  const relays = placementSet(store, height, cfg);
  const layout = { segment_size: DEFAULT_SEGMENT_SIZE, block_size: DEFAULT_BLOCK_SIZE, stripes, shards_per_stripe: v.k + v.m };
  try {
    const placed = [];
    for (let s = 0; s < Math.min(stripes, MAX_PLACED_STRIPES); s++) {
      placed.push({ stripe: s, relays: placeStripe(relays, v.root, s, v.k + v.m).map((i) => hex(relays[i]!.address)) });
    }
    return { layout, placement: placed, placement_error: null };
  } catch (error) {
    if (error instanceof CbfsError) return { layout, placement: null, placement_error: `${error.code}: ${error.message}` };
    throw error;
  }
}

export function storageMethods({ chain }: NodeContext): RpcMethod[] {
  const roots = new AnchoredRoots(chain);
  return [
    defineMethod({
      name: "cowboy_listVolumes",
      summary: "the volumes anchored at 0x0A at the head, newest anchor first, optionally of one owner (limit 1..1000, default 100)",
      params: [["filter", volumeFilter.optional()]],
      handler: ([filter]) => {
        const store = headStore(chain);
        const cfg = configOf(chain);
        const height = chain.head.height;
        const owner = filter?.owner === undefined ? undefined : fromHex(filter.owner);
        const out = [];
        for (const root of roots.newestFirst()) {
          const v = getVolume(store, root);
          if (v === undefined || (owner !== undefined && !equalBytes(v.owner, owner))) continue;
          out.push(volumeJson(v, height, cfg));
          if (out.length >= (filter?.limit ?? 100)) break;
        }
        return out;
      },
    }),
    defineMethod({
      name: "cowboy_getVolumes",
      summary: `many roots at 0x0A in one call (1..${VOLUME_QUERY_LIMIT}), in order: { root, status: "anchored", owner, size, k, m, paid_until } or { root, status: "orphan", orphan_release_at } or null; what a relay's orphan check asks`,
      params: [["roots", z.array(hash32).min(1).max(VOLUME_QUERY_LIMIT)]],
      handler: ([list]) => {
        const store = headStore(chain);
        return {
          height: chain.head.height.toString(),
          volumes: list.map((r) => {
            const root = fromHex(r);
            const v = getVolume(store, root);
            if (v !== undefined) return { root: r, status: "anchored", owner: hex(v.owner), size: v.size.toString(), k: v.k, m: v.m, paid_until: v.paidUntil.toString() };
            const releaseAt = orphanReleaseAt(store, root);
            return releaseAt === undefined ? null : { root: r, status: "orphan", orphan_release_at: releaseAt.toString() };
          }),
        };
      },
    }),
    defineMethod({
      name: "cowboy_getVolume",
      summary:
        "one volume at 0x0A: owner, size, K/M, rent, repairs, receipted holdings and rent paid out to them, its stripes and each stripe's relays by placement at the head; a replaced root's orphan release height; or null",
      params: [["root", hash32]],
      handler: ([r]) => {
        const store = headStore(chain);
        const cfg = configOf(chain);
        const height = chain.head.height;
        const root = fromHex(r);
        const v = getVolume(store, root);
        if (v === undefined) {
          const releaseAt = orphanReleaseAt(store, root);
          return releaseAt === undefined ? null : { root: r, status: "orphan", orphan_release_at: releaseAt.toString() };
        }
        return { ...volumeJson(v, height, cfg), status: "anchored", height: height.toString(), ...holdingsJson(store, v), ...placementJson(store, v, height, cfg) };
      },
    }),
  ];
}
