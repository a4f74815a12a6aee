// Relays and the client in one process over real loopback HTTP and real files: put, lose relays, read back,
// tampered shards skipped, ranged reads, owner-only deletes, hash-verified writes.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { shardRoot, signOwnerAction } from "@cowboy/cbfs";
import { createCbfsClient, createHttpTransport } from "@cowboy/cbfs/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningRelay, startRelay } from "../../src/index.js";

const owner = new Uint8Array(32).fill(7);
const stranger = new Uint8Array(32).fill(8);
let dir: string;
let relays: RunningRelay[];
const transport = createHttpTransport();
const client = createCbfsClient({ transport });
const plaintext = Uint8Array.from({ length: 3 * 1024 * 1024 + 12345 }, (_, i) => (i * 131 + (i >> 9)) & 0xff);

// vitest's deep equality walks a typed array element by element: far too slow for megabytes.
const same = (a: Uint8Array, b: Uint8Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(b);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "cbfs-relay-"));
  relays = await Promise.all(
    Array.from({ length: 6 }, (_, i) => startRelay({ privateKey: new Uint8Array(32).fill(i + 1), stake: BigInt(1000 + i * 500), dataDir: join(dir, `r${i}`) })),
  );
});
afterAll(async () => {
  transport.close();
  await Promise.all(relays.map((r) => r.close()));
  rmSync(dir, { recursive: true, force: true });
});

describe("relays + client over loopback HTTP", () => {
  it("puts a file, spreads one shard per relay per stripe, and reads it back after losing two relays", async () => {
    const put = await client.put(plaintext, { relays: relays.map((r) => r.url), ownerKey: owner });
    expect(put.relays).toHaveLength(6);
    const stripes = put.manifest.shardRoots.length;
    // Every relay holds exactly one shard of every stripe (6 relays, 4+2), plus the manifest.
    for (let i = 0; i < 6; i++) expect(readdirSync(join(dir, `r${i}`, "shards"))).toHaveLength(stripes);
    await relays[1]!.close();
    await relays[4]!.close();
    const back = await client.get(put.root, put.key, { relays: put.relays });
    expect(same(back, plaintext)).toBe(true);
  });

  it("skips a shard corrupted on a relay's disk and rebuilds from parity", async () => {
    const put = await client.put(plaintext, { relays: [0, 2, 3, 5].map((i) => relays[i]!.url), ownerKey: owner, k: 2, m: 2 });
    const victim = join(dir, "r0", "shards");
    for (const name of readdirSync(victim)) {
      const bytes = readFileSync(join(victim, name));
      bytes[100]! ^= 0xff;
      writeFileSync(join(victim, name), bytes);
    }
    expect(same(await client.get(put.root, put.key, { relays: put.relays }), plaintext)).toBe(true);
    await expect(client.get(put.root, new Uint8Array(32), { relays: put.relays })).rejects.toMatchObject({ code: "DECRYPT_FAILED" });
  });

  it("refuses a shard whose bytes do not match its root; serves ranges", async () => {
    const shard = Uint8Array.from({ length: 10_000 }, (_, i) => i & 0xff);
    const root = shardRoot(shard, 4096);
    await expect(transport.putShard(relays[0]!.url, root, 4096, shard.subarray(1))).rejects.toMatchObject({ code: "RELAY_REFUSED" });
    await expect(transport.putShard(relays[0]!.url, root, 1024, shard)).rejects.toMatchObject({ code: "RELAY_REFUSED" });
    await transport.putShard(relays[0]!.url, root, 4096, shard);
    expect(await transport.getShard(relays[0]!.url, root, { start: 5000, end: 5009 })).toEqual(shard.subarray(5000, 5010));
    expect(await transport.getShard(relays[0]!.url, root, { start: 9990, end: 20_000 })).toEqual(shard.subarray(9990));
    expect(await transport.getShard(relays[2]!.url, root)).toBeUndefined();
  });

  it("only the owner deletes; afterwards the file is gone", async () => {
    const live = [0, 2, 3, 5].map((i) => relays[i]!.url);
    const small = new TextEncoder().encode("a small file");
    const put = await client.put(small, { relays: live, ownerKey: owner, k: 2, m: 1 });
    await expect(client.remove(put.root, stranger, put.relays)).rejects.toMatchObject({ code: "RELAY_REFUSED" });
    await expect(transport.putManifest(live[0]!, put.root, new Uint8Array(40), signOwnerAction("put", put.root, owner))).rejects.toMatchObject({
      code: "RELAY_REFUSED",
    });
    expect(await client.get(put.root, put.key, { relays: put.relays })).toEqual(small);
    expect(await client.remove(put.root, owner, put.relays)).toBe(4);
    await expect(client.get(put.root, put.key, { relays: put.relays })).rejects.toMatchObject({ code: "MANIFEST_NOT_FOUND" });
  });
});
