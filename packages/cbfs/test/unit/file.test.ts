import { describe, expect, it } from "vitest";
import { chunkProof, decodeFile, decodeManifest, encodeFile, recoverStripe, shardRoot, verifyChunkProof, verifyShard } from "../../src/index.js";

const key = new Uint8Array(32).fill(3);
const params = { k: 4, m: 2, segmentSize: 256, blockSize: 512, chunkSize: 64 };
const plaintext = Uint8Array.from({ length: 5000 }, (_, i) => (i * 7) & 0xff);

describe("whole file", () => {
  const f = encodeFile(plaintext, { key, ...params });

  it("encodes into stripes of K+M content-addressed shards and decodes from any K per stripe", () => {
    expect(f.shards.length).toBe(f.manifest.shardRoots.length);
    expect(f.shards.length).toBe(3); // (5000 + 20·16) / (4·512) → 3 stripes
    for (const [s, stripe] of f.shards.entries()) for (const [i, shard] of stripe.entries()) expect(f.manifest.shardRoots[s]![i]).toEqual(shardRoot(shard, 64));
    const lossy = f.shards.map((stripe, s) => stripe.map((shard, i) => (i === s || i === (s + 3) % 6 ? undefined : shard)));
    expect(decodeFile(f.manifest, key, lossy)).toEqual(plaintext);
  });

  it("a tampered shard is refused with SHARD_MISMATCH; dropping it instead still decodes", () => {
    const bad = f.shards.map((stripe) => stripe.slice());
    const t = bad[1]![2]!.slice();
    t[100]! ^= 0x40;
    bad[1]![2] = t;
    expect(verifyShard(f.manifest, 1, 2, t)).toBe(false);
    expect(() => decodeFile(f.manifest, key, bad)).toThrow(expect.objectContaining({ code: "SHARD_MISMATCH" }));
    bad[1]![2] = undefined as unknown as Uint8Array;
    expect(decodeFile(f.manifest, key, bad)).toEqual(plaintext);
  });

  it("three lost shards of one stripe cannot be rebuilt", () => {
    const slots = f.shards[0]!.map((s, i) => (i < 3 ? undefined : s));
    expect(() => recoverStripe(f.manifest, 0, slots)).toThrow(expect.objectContaining({ code: "NOT_ENOUGH_SHARDS" }));
  });

  it("a truncated manifest or a manifest claiming a shorter file is refused", () => {
    expect(() => decodeManifest(f.manifestBytes.subarray(0, f.manifestBytes.length - 32))).toThrow(expect.objectContaining({ code: "INVALID_MANIFEST" }));
    const shorter = f.manifestBytes.slice();
    shorter[22] = 0; // plaintextLength's low byte: 5000 → 4864, same stripe count
    const m = decodeManifest(shorter);
    // The stream now splits into other segment boundaries: the GCM tags no longer line up.
    expect(() => decodeFile(m, key, f.shards)).toThrow();
    expect(() => decodeManifest(Uint8Array.of(2, ...f.manifestBytes.subarray(1)))).toThrow(/version 2/);
  });

  it("chunk proofs over a real shard verify, and fail for another index", () => {
    const shard = f.shards[0]![4]!;
    const root = f.manifest.shardRoots[0]![4]!;
    const proof = chunkProof(shard, 64, 5);
    expect(verifyChunkProof(root, 8, 5, shard.subarray(320, 384), proof)).toBe(true);
    expect(verifyChunkProof(root, 8, 4, shard.subarray(320, 384), proof)).toBe(false);
  });

  it("no plaintext run appears in any shard", () => {
    const marker = new TextEncoder().encode("PLAINTEXT-MARKER-1234567890");
    const text = new Uint8Array(20_000);
    for (let i = 0; i + marker.length <= text.length; i += marker.length) text.set(marker, i);
    const g = encodeFile(text, { key, ...params });
    const needle = Buffer.from(marker.subarray(0, 12));
    for (const stripe of g.shards) for (const shard of stripe) expect(Buffer.from(shard).indexOf(needle)).toBe(-1);
    expect(Buffer.from(g.manifestBytes).indexOf(needle)).toBe(-1);
  });
});
