import { describe, expect, it } from "vitest";
import { StreamDecryptor, createReedSolomon, encodeFile, encodeStripe, resolveParams, stripeCount, stripePlainRange, stripeStreamParts } from "../../src/index.js";

const key = new Uint8Array(32).fill(9);
const shapes = [
  { k: 4, m: 2, segmentSize: 256, blockSize: 512, chunkSize: 64 },
  { k: 3, m: 2, segmentSize: 100, blockSize: 333, chunkSize: 32 },
  { k: 10, m: 4, segmentSize: 64, blockSize: 128, chunkSize: 16 },
];
const lengths = [0, 1, 255, 256, 257, 2047, 5000, 12_345];

function plaintextOf(n: number): Uint8Array {
  return Uint8Array.from({ length: n }, (_, i) => (i * 31 + (i >> 8)) & 0xff);
}

/** Decodes stripe by stripe through StreamDecryptor, feeding pieces of `piece` bytes. */
function streamDecode(shards: Uint8Array[][], length: number, p: ReturnType<typeof resolveParams>, piece: number): Uint8Array {
  const dec = new StreamDecryptor(key, length, p.segmentSize);
  const out: number[] = [];
  shards.forEach((stripe, s) => {
    for (const part of stripeStreamParts(length, p, s, stripe.slice(0, p.k))) {
      for (let at = 0; at < part.length; at += piece) out.push(...dec.push(part.subarray(at, at + piece)));
    }
  });
  dec.finish();
  return Uint8Array.from(out);
}

describe("stripe-at-a-time encode and decode", () => {
  for (const shape of shapes) {
    it(`makes encodeFile's shards and roots byte for byte (K=${shape.k}, M=${shape.m}, segment ${shape.segmentSize}, block ${shape.blockSize})`, () => {
      const p = resolveParams(shape);
      const rs = createReedSolomon(p.k, p.m);
      for (const n of lengths) {
        const plain = plaintextOf(n);
        const whole = encodeFile(plain, { key, ...shape });
        expect(stripeCount(n, p)).toBe(whole.shards.length);
        for (let s = 0; s < whole.shards.length; s++) {
          const r = stripePlainRange(n, p, s);
          const got = encodeStripe(key, n, p, s, plain.subarray(r.start, r.end), rs);
          expect(got.shards).toEqual(whole.shards[s]);
          expect(got.roots).toEqual(whole.manifest.shardRoots[s]);
        }
        for (const piece of [1, 7, 1000]) expect(streamDecode(whole.shards, n, p, piece)).toEqual(plain);
      }
    });
  }

  it("refuses a plaintext slice of the wrong size", () => {
    const p = resolveParams(shapes[0]!);
    expect(() => encodeStripe(key, 5000, p, 0, new Uint8Array(10), createReedSolomon(4, 2))).toThrow(expect.objectContaining({ code: "INVALID_PARAMS" }));
  });

  it("a stream cut short, a tampered byte, a wrong key or bytes past the end are refused", () => {
    const p = resolveParams(shapes[0]!);
    const whole = encodeFile(plaintextOf(5000), { key, ...shapes[0]! });
    const parts = whole.shards.flatMap((stripe, s) => stripeStreamParts(5000, p, s, stripe.slice(0, p.k)));
    const cut = new StreamDecryptor(key, 5000, p.segmentSize);
    for (const part of parts.slice(0, -1)) cut.push(part);
    expect(() => cut.finish()).toThrow(expect.objectContaining({ code: "DECRYPT_FAILED" }));

    const tampered = new StreamDecryptor(key, 5000, p.segmentSize);
    const bad = parts[0]!.slice();
    bad[3]! ^= 1;
    expect(() => tampered.push(bad)).toThrow(expect.objectContaining({ code: "DECRYPT_FAILED" }));

    const wrong = new StreamDecryptor(new Uint8Array(32).fill(1), 5000, p.segmentSize);
    expect(() => wrong.push(parts[0]!)).toThrow(expect.objectContaining({ code: "DECRYPT_FAILED" }));

    const over = new StreamDecryptor(key, 5000, p.segmentSize);
    for (const part of parts) over.push(part);
    over.finish();
    expect(() => over.push(new Uint8Array(1))).toThrow(expect.objectContaining({ code: "DECRYPT_FAILED" }));
  });

  it("a stripe whose padding is not zero is refused", () => {
    const p = resolveParams(shapes[0]!);
    const whole = encodeFile(plaintextOf(5001), { key, ...shapes[0]! });
    const last = whole.shards.length - 1;
    // 5001 + 20·16 = 5321 stream bytes: the last stripe carries 1225 in four 307-byte blocks (3 bytes of padding).
    const blocks = whole.shards[last]!.slice(0, p.k).map((b) => b.slice());
    blocks[p.k - 1]![blocks[p.k - 1]!.length - 1] = 1;
    expect(() => stripeStreamParts(5001, p, last, blocks)).toThrow(expect.objectContaining({ code: "SHARD_MISMATCH" }));
  });
});
