// Releasing orphaned shards (spec §7.3 ORPHAN_SHARD_TTL; cips/cbfs.md §7): a root superseded by `storage_replace` is an
// orphan at 0x0A until height + orphanShardTtl; from then a relay may drop the manifest and its shards. A relay checks
// the manifests it holds against the chain, VOLUME_QUERY_LIMIT roots per `cowboy_getVolumes` call (an orphan carries
// its release height), and reads manifests from disk only when one is due. Anchored
// volumes, deleted ones and roots the chain never saw are kept (the owner's `rm` removes those); a shard another held
// manifest still names is kept.
import { VOLUME_QUERY_LIMIT, decodeManifest } from "@cowboy/cbfs";
import { fromHex, toHex } from "@cowboy/codec";
import type { DiskStore } from "./store.js";

/**
 * The release heights 0x0A gives up to VOLUME_QUERY_LIMIT roots, in order (undefined for a root that is not an
 * orphan): one `cowboy_getVolumes` call.
 */
export type OrphanRelease = (roots: readonly Uint8Array[]) => Promise<readonly (bigint | undefined)[]>;

/** Drops every held manifest whose orphan release height is ≤ `height`, with the shards no other held manifest names. Returns the roots released. */
export async function releaseOrphans(store: DiskStore, height: bigint, releaseAt: OrphanRelease): Promise<string[]> {
  const held = await store.list("manifests");
  const due = new Set<string>();
  for (let i = 0; i < held.length; i += VOLUME_QUERY_LIMIT) {
    const batch = held.slice(i, i + VOLUME_QUERY_LIMIT);
    const heights = await releaseAt(batch.map(fromHex));
    batch.forEach((rootHex, j) => {
      const at = heights[j];
      if (at !== undefined && at <= height) due.add(rootHex);
    });
  }
  const released: string[] = [];
  if (due.size === 0) return released;
  const kept = new Set<string>();
  const dropped = new Map<string, readonly (readonly Uint8Array[])[]>();
  for (const rootHex of held) {
    const stored = await store.get("manifests", rootHex);
    if (stored === undefined) continue;
    const shards = decodeManifest(stored.body).shardRoots;
    if (due.has(rootHex)) dropped.set(rootHex, shards);
    else for (const stripe of shards) for (const s of stripe) kept.add(toHex(s));
  }
  for (const [rootHex, shards] of dropped) {
    for (const stripe of shards) for (const s of stripe) if (!kept.has(toHex(s))) await store.delete("shards", toHex(s));
    await store.delete("manifests", rootHex);
    released.push(rootHex);
  }
  return released;
}
