// Repair (cips/cbfs.md §9 first step): with one of seven relays dead, every stripe that lost a shard is rebuilt
// from K survivors without the file key, verified against the manifest and re-placed on a relay that held no
// shard of that stripe, each with the new holder's storage receipt; afterwards the file survives two more losses.
import { verifyStorageReceipt } from "@cowboy/cbfs";
import { createCbfsClient, createHttpTransport } from "@cowboy/cbfs/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningRelay } from "../../src/index.js";
import { type LocalRelays, startLocalRelays } from "../utils/local-relays.js";

let local: LocalRelays;
let relays: RunningRelay[];
const transport = createHttpTransport();
const client = createCbfsClient({ transport });
const same = (a: Uint8Array, b: Uint8Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(b);

beforeAll(async () => {
  local = await startLocalRelays("cbfs-repair-", 7);
  relays = local.relays;
});
afterAll(async () => {
  transport.close();
  await local.close();
});

describe("repair", () => {
  it("rebuilds and re-places the shards of a dead relay; the file then survives two more losses", async () => {
    const data = Uint8Array.from({ length: 9 * 1024 * 1024 }, (_, i) => (i * 7 + (i >> 11)) & 0xff);
    const put = await client.put(data, { relays: relays.map((r) => r.url), ownerKey: new Uint8Array(32).fill(7) });
    expect(await client.repair(put.root, { placedOn: put.relays, candidates: put.relays })).toEqual([]);
    const victim = put.relays[0]!;
    await relays.find((r) => r.url === victim.endpoint)!.close();
    const moves = await client.repair(put.root, { placedOn: put.relays, candidates: put.relays });
    expect(moves.length).toBeGreaterThan(0);
    for (const mv of moves) expect(mv.to.endpoint).not.toBe(victim.endpoint);
    // Each move carries the new holder's storage receipt for the rebuilt shard (what storage_record_repair records).
    for (const mv of moves) {
      expect(mv.receipt).toBeDefined();
      expect(verifyStorageReceipt(mv.to.address, put.root, mv.shardRoot, mv.chunkCount, mv.receipt!)).toBe(true);
      expect(verifyStorageReceipt(mv.to.address, put.root, mv.shardRoot, mv.chunkCount + 1, mv.receipt!)).toBe(false);
    }
    // Every stripe is whole again: a second pass has nothing to do.
    expect(await client.repair(put.root, { placedOn: put.relays, candidates: put.relays })).toEqual([]);
    // Two more relays go: every stripe still has K of its K+M shards somewhere.
    const others = relays.filter((r) => r.url !== victim.endpoint).slice(0, 2);
    for (const r of others) await r.close();
    expect(same(await client.get(put.root, put.key, { relays: put.relays }), data)).toBe(true);
  });
});
