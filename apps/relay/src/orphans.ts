// Releasing orphaned shards (spec §7.3 ORPHAN_SHARD_TTL; cips/cbfs.md §7): a root superseded by `storage_replace` is an
// orphan at 0x0A until height + orphanShardTtl; from then a relay may drop the manifest and its shards. A relay checks
// each manifest it holds against the chain (`cowboy_getVolume`: an orphan carries its release height). Anchored
// volumes, deleted ones and roots the chain never saw are kept (the owner's `rm` removes those); a shard another held
// manifest still names is kept.
import { decodeManifest } from "@cowboy/cbfs";
import { fromHex, toHex } from "@cowboy/codec";
import type { DiskStore } from "./store.js";

/** The release height 0x0A gives an orphaned root, or undefined when the root is not an orphan. */
export type OrphanRelease = (root: Uint8Array) => Promise<bigint | undefined>;

/** Drops every held manifest whose orphan release height is ≤ `height`, with the shards no other held manifest names. Returns the roots released. */
export async function releaseOrphans(store: DiskStore, height: bigint, releaseAt: OrphanRelease): Promise<string[]> {
  const held = await store.list("manifests");
  const released: string[] = [];
  const kept = new Set<string>();
  const dropped = new Map<string, readonly (readonly Uint8Array[])[]>();
  for (const rootHex of held) {
    const stored = await store.get("manifests", rootHex);
    if (stored === undefined) continue;
    const shards = decodeManifest(stored.body).shardRoots;
    const at = await releaseAt(fromHex(rootHex));
    if (at !== undefined && at <= height) dropped.set(rootHex, shards);
    else for (const stripe of shards) for (const s of stripe) kept.add(toHex(s));
  }
  for (const [rootHex, shards] of dropped) {
    for (const stripe of shards) for (const s of stripe) if (!kept.has(toHex(s))) await store.delete("shards", toHex(s));
    await store.delete("manifests", rootHex);
    released.push(rootHex);
  }
  return released;
}
