import { describe, expect, it } from "vitest";
import { GCM_TAG_BYTES, ciphertextLength, decryptSegments, encryptSegments } from "../../src/index.js";

const key = new Uint8Array(32).fill(9);
const S = 32;
const plaintext = Uint8Array.from({ length: 100 }, (_, i) => i);
const sealed = S + GCM_TAG_BYTES;

describe("segment stream", () => {
  it("round-trips, sizes ciphertext as length + tags", () => {
    const ct = encryptSegments(key, plaintext, S);
    expect(ct.length).toBe(ciphertextLength(100, S));
    expect(ct.length).toBe(100 + 4 * GCM_TAG_BYTES);
    expect(decryptSegments(key, ct, S)).toEqual(plaintext);
    expect(decryptSegments(key, encryptSegments(key, new Uint8Array(0), S), S)).toEqual(new Uint8Array(0));
  });

  it("detects a flipped bit, a wrong key, swapped segments", () => {
    const ct = encryptSegments(key, plaintext, S);
    const flipped = ct.slice();
    flipped[40]! ^= 1;
    expect(() => decryptSegments(key, flipped, S)).toThrow(expect.objectContaining({ code: "DECRYPT_FAILED" }));
    expect(() => decryptSegments(new Uint8Array(32), ct, S)).toThrow(expect.objectContaining({ code: "DECRYPT_FAILED" }));
    const swapped = ct.slice();
    swapped.set(ct.subarray(sealed, 2 * sealed), 0);
    swapped.set(ct.subarray(0, sealed), sealed);
    expect(() => decryptSegments(key, swapped, S)).toThrow(/segment 0 of 4/);
  });

  it("detects truncation at every segment boundary and inside a segment (final flag)", () => {
    const ct = encryptSegments(key, plaintext, S);
    for (let n = 1; n < 4; n++) expect(() => decryptSegments(key, ct.subarray(0, n * sealed), S)).toThrow(expect.objectContaining({ code: "DECRYPT_FAILED" }));
    expect(() => decryptSegments(key, ct.subarray(0, ct.length - 1), S)).toThrow(expect.objectContaining({ code: "DECRYPT_FAILED" }));
    // A full-size last segment cut off exactly: the new last segment was sealed as non-final.
    const even = encryptSegments(key, plaintext.subarray(0, 96), S);
    expect(() => decryptSegments(key, even.subarray(0, 2 * sealed), S)).toThrow(/segment 1 of 2/);
  });
});
