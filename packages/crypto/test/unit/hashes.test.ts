import { describe, expect, it } from "vitest";
import { CryptoError, blake3, keccak256, loadFastHashes, nobleHashes, sha256 } from "../../src/index.js";
import { seededBytes, toHex, utf8 } from "../utils/helpers.js";

// Published answers: Keccak team / Ethereum (keccak256("")), FIPS 180-2 examples (sha256),
// the BLAKE3 README (blake3("") and blake3("abc")).
const KAT: Array<[string, "keccak256" | "sha256" | "blake3", string]> = [
  ["", "keccak256", "c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470"],
  ["abc", "keccak256", "4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45"],
  ["", "sha256", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"],
  ["abc", "sha256", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"],
  ["abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "sha256", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"],
  ["", "blake3", "af1349b9f5f9a1a6a0404dea36dcc9499bcb25c9adc112b7cc9a93cae41f3262"],
  ["abc", "blake3", "6437b3ac38465133ffb63b75273a8db548c558465d79db03fd359c6cd5bd9d85"],
];

describe("hash known answers", async () => {
  const fast = await loadFastHashes();
  it.each(KAT)("%j %s", (input, fn, expected) => {
    expect(toHex(nobleHashes[fn](utf8(input)))).toBe(expected);
    expect(toHex(fast[fn](utf8(input)))).toBe(expected);
    const root = { keccak256, sha256, blake3 }[fn];
    expect(toHex(root(utf8(input)))).toBe(expected);
  });

  it("fast and noble agree on seeded inputs of many lengths", () => {
    const rand = seededBytes(3);
    for (const len of [0, 1, 31, 32, 63, 64, 65, 135, 136, 137, 1023, 1024, 1025, 4096, 70_000]) {
      const data = rand(len);
      for (const fn of ["keccak256", "sha256", "blake3"] as const) {
        expect(toHex(fast[fn](data)), `${fn} len ${len}`).toBe(toHex(nobleHashes[fn](data)));
      }
    }
  });

  it("rejects non-bytes with a typed error naming the argument", () => {
    for (const h of [nobleHashes, fast]) {
      expect(() => h.keccak256("abc" as unknown as Uint8Array)).toThrow(CryptoError);
      expect(() => h.blake3(null as unknown as Uint8Array)).toThrow(/data/);
    }
  });
});

describe("CryptoError", () => {
  it("carries the CowboyError brand (crypto cannot import @cowboy/codec, its layer-0 sibling)", () => {
    const error = new CryptoError("INVALID_TYPE", "x");
    expect((error as unknown as Record<symbol, unknown>)[Symbol.for("@cowboy/error")]).toBe(true);
    expect(error.code).toBe("INVALID_TYPE");
    expect(error.meta).toEqual({});
  });
});
