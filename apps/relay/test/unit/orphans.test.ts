// Orphaned shards released by a relay (spec §7.3; cips/cbfs.md §7): after `storage_replace` the old root is an orphan
// at 0x0A until height + orphanShardTtl; from then the relay drops its manifest and the shards no other held manifest
// names. The release height comes from the real 0x0A state machine; the files are the relay's real store. The relay
// asks about its manifests VOLUME_QUERY_LIMIT roots per call (cowboy_getVolumes) and reads none from disk unless one
// is due.
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEFAULT_CBFS_CHAIN_CONFIG as C, type ChainStore, VOLUME_QUERY_LIMIT, anchorVolume, orphanReleaseAt, replaceVolume } from "@cowboy/cbfs";
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
    const calls: number[] = [];
    const releaseAt = async (roots: readonly Uint8Array[]) => {
      calls.push(roots.length);
      return roots.map((root) => orphanReleaseAt(store, root));
    };
    const release = 20n + C.orphanShardTtl;
    expect(orphanReleaseAt(store, old.root)).toBe(release);
    const shardsOf = (p: typeof old) => p.manifest.shardRoots.flat().map((r) => toHex(r));
    const held = () => readdirSync(join(dir, "r", "shards")).sort();
    const before = held();
    expect(before).toEqual([...shardsOf(old), ...shardsOf(next)].sort());

    // Not yet due: one call for both roots, and no manifest read from disk.
    let reads = 0;
    const counted = new Proxy(relay.store, {
      get(target, name) {
        if (name === "get") return (...args: Parameters<typeof target.get>) => (reads++, target.get(...args));
        const value = Reflect.get(target, name) as unknown;
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    expect(await releaseOrphans(counted, release - 1n, releaseAt)).toEqual([]);
    expect(calls).toEqual([2]);
    expect(reads).toBe(0);
    expect(held()).toEqual(before);
    calls.length = 0;
    expect(await releaseOrphans(relay.store, release, releaseAt)).toEqual([toHex(old.root)]);
    expect(held()).toEqual(shardsOf(next).sort());
    expect(calls).toEqual([2]);
    expect(await relay.store.list("manifests")).toEqual([toHex(next.root)]);
  });

  it(`asks about at most ${VOLUME_QUERY_LIMIT} roots per call`, async () => {
    const many = mkdtempSync(join(tmpdir(), "cbfs-orphans-many-"));
    const other = await startRelay({ privateKey: new Uint8Array(32).fill(2), stake: 1000n, dataDir: many });
    try {
      // Manifest files named by 300 roots (never decoded: none is due).
      for (let i = 0; i < 300; i++)
        await other.store.put("manifests", toHex(new Uint8Array(32).fill(0).map((_, j) => (j < 2 ? (i >> (8 * j)) & 0xff : 9))), new Uint8Array(20), new Uint8Array(1));
      const calls: number[] = [];
      expect(
        await releaseOrphans(other.store, 10n, async (roots) => {
          calls.push(roots.length);
          return roots.map(() => undefined);
        }),
      ).toEqual([]);
      expect(calls).toEqual([VOLUME_QUERY_LIMIT, 300 - VOLUME_QUERY_LIMIT]);
    } finally {
      await other.close();
      rmSync(many, { recursive: true, force: true });
    }
  });
});
