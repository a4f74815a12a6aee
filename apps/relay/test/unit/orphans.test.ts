// Orphaned shards released by a relay (spec §7.3; cips/cbfs.md §7): after `storage_replace` the old root is an orphan
// at 0x0A until height + orphanShardTtl; from then the relay drops its manifest and the shards no other held manifest
// names. The release height comes from the real 0x0A state machine; the files are the relay's real store.
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEFAULT_CBFS_CHAIN_CONFIG as C, type ChainStore, anchorVolume, orphanReleaseAt, replaceVolume } from "@cowboy/cbfs";
import { createCbfsClient, createHttpTransport } from "@cowboy/cbfs/client";
import { toHex } from "@cowboy/codec";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningRelay, releaseOrphans, startRelay } from "../../src/index.js";

const chainState = new Map<string, Uint8Array>();
const store: ChainStore = {
  get: (k) => chainState.get(toHex(k)),
  set: (k, v) => void chainState.set(toHex(k), v.slice()),
  delete: (k) => void chainState.delete(toHex(k)),
};
const owner = new Uint8Array(32).fill(7);
const ownerAddress = new Uint8Array(20).fill(0x77);
let dir: string;
let relay: RunningRelay;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "cbfs-orphans-"));
  relay = await startRelay({ privateKey: new Uint8Array(32).fill(1), stake: 1000n, dataDir: join(dir, "r") });
});
afterAll(async () => {
  await relay.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("orphaned shards", () => {
  it("are released at the orphan's release height, not before; the replacing volume stays", async () => {
    const transport = createHttpTransport();
    const client = createCbfsClient({ transport });
    const put = (text: string) => client.put(new TextEncoder().encode(text.repeat(3000)), { relays: [relay.url], ownerKey: owner, k: 1, m: 0 });
    const old = await put("first version ");
    const next = await put("second version ");
    transport.close();
    anchorVolume(store, 10n, ownerAddress, { root: old.root, size: 1000n, k: 1, m: 0, blocks: 100n }, C);
    replaceVolume(store, 20n, ownerAddress, old.root, { root: next.root, size: 1000n, k: 1, m: 0, blocks: 100n }, C);
    const releaseAt = async (root: Uint8Array) => orphanReleaseAt(store, root);
    const release = 20n + C.orphanShardTtl;
    expect(await releaseAt(old.root)).toBe(release);
    const shardsOf = (p: typeof old) => p.manifest.shardRoots.flat().map((r) => toHex(r));
    const held = () => readdirSync(join(dir, "r", "shards")).sort();
    const before = held();
    expect(before).toEqual([...shardsOf(old), ...shardsOf(next)].sort());

    expect(await releaseOrphans(relay.store, release - 1n, releaseAt)).toEqual([]);
    expect(held()).toEqual(before);
    expect(await releaseOrphans(relay.store, release, releaseAt)).toEqual([toHex(old.root)]);
    expect(held()).toEqual(shardsOf(next).sort());
    expect(await relay.store.list("manifests")).toEqual([toHex(next.root)]);
  });
});
