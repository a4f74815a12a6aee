// Random-access reads (`client.open`, what a FUSE mount serves; cips/cbfs.md §12) against six in-process relays over
// loopback HTTP: a read fetches only the stripes it needs, ranges across segment and stripe boundaries come back byte
// for byte, a corrupted shard and a stopped relay are read around, a wrong key and bad arguments are refused.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createCbfsClient, createHttpTransport, type PutResult } from "@cowboy/cbfs/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningRelay } from "../../src/index.js";
import { type LocalRelays, startLocalRelays } from "../utils/local-relays.js";

const owner = new Uint8Array(32).fill(7);
let local: LocalRelays;
let relays: RunningRelay[];
let put: PutResult;
const transport = createHttpTransport();
const client = createCbfsClient({ transport });
// Three stripes at K=4 and 1 MiB blocks: 4 MiB, 4 MiB, and the rest.
const plaintext = Uint8Array.from({ length: 9 * 1024 * 1024 + 777 }, (_, i) => (i * 197 + (i >> 11)) & 0xff);
const hex = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString("hex");
const same = (a: Uint8Array, b: Uint8Array) => Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(b);

beforeAll(async () => {
  local = await startLocalRelays("cbfs-reader-", 6, { stake: (i) => BigInt(1000 + i * 500) });
  relays = local.relays;
  put = await client.put(plaintext, { relays: relays.map((r) => r.url), ownerKey: owner });
});
afterAll(async () => {
  transport.close();
  await local.close();
});

describe("random-access reads of a volume", () => {
  it("fetches only the stripes a read needs and returns the exact bytes", async () => {
    expect(put.manifest.shardRoots).toHaveLength(3);
    const reader = await client.open(put.root, put.key, { relays: put.relays });
    expect(reader.size).toBe(plaintext.length);
    // Inside stripe 1 only (stream bytes 4 MiB .. 8 MiB hold plaintext from about 4 MiB − 1 KiB on).
    const mid = 6 * 1024 * 1024 + 4321;
    expect(hex(await reader.read(mid, 5000))).toBe(hex(plaintext.subarray(mid, mid + 5000)));
    expect(reader.stripesFetched).toBe(1);
    // Again from the cache: no new fetch.
    expect(hex(await reader.read(mid + 100, 200))).toBe(hex(plaintext.subarray(mid + 100, mid + 300)));
    expect(reader.stripesFetched).toBe(1);
    // Across the stripe 1 / stripe 2 boundary and across segment boundaries: stripe 2 is fetched.
    const across = 8 * 1024 * 1024 - 200_000;
    expect(same(await reader.read(across, 400_000), plaintext.subarray(across, across + 400_000))).toBe(true);
    expect(reader.stripesFetched).toBe(2);
    // The tail, cut at the end of the file; past the end, nothing.
    expect(hex(await reader.read(plaintext.length - 10, 4096))).toBe(hex(plaintext.subarray(plaintext.length - 10)));
    expect(await reader.read(plaintext.length, 10)).toHaveLength(0);
    expect(await reader.read(0, 0)).toHaveLength(0);
    await expect(reader.read(-1, 10)).rejects.toMatchObject({ code: "INVALID_PARAMS" });
    await expect(reader.read(0.5, 10)).rejects.toMatchObject({ code: "INVALID_PARAMS" });
  });

  it("reads the whole file in 128 KiB pieces with read-ahead, each stripe fetched once", async () => {
    const reader = await client.open(put.root, put.key, { relays: put.relays, readAhead: 1 });
    const out = new Uint8Array(plaintext.length);
    for (let at = 0; at < plaintext.length; at += 131072) out.set(await reader.read(at, 131072), at);
    expect(same(out, plaintext)).toBe(true);
    expect(reader.stripesFetched).toBe(3);
  });

  it("reads around a corrupted shard and a stopped relay; a wrong key fails authentication", async () => {
    // Corrupt every shard relay 0 holds; stop relay 3.
    const victim = join(local.dir, "r0", "shards");
    for (const name of readdirSync(victim)) {
      const bytes = readFileSync(join(victim, name));
      bytes[200]! ^= 0xff;
      writeFileSync(join(victim, name), bytes);
    }
    await relays[3]!.close();
    const reader = await client.open(put.root, put.key, { relays: put.relays });
    const at = 2 * 1024 * 1024 + 99;
    expect(hex(await reader.read(at, 70_000))).toBe(hex(plaintext.subarray(at, at + 70_000)));
    const wrong = await client.open(put.root, new Uint8Array(32).fill(1), { relays: put.relays });
    await expect(wrong.read(at, 10)).rejects.toMatchObject({ code: "DECRYPT_FAILED" });
    await expect(client.open(put.root, new Uint8Array(31), { relays: put.relays })).rejects.toMatchObject({ code: "INVALID_PARAMS" });
  });
});
