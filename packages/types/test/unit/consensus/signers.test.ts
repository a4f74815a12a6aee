import { CodecError, decode, encode, toHex } from "@cowboy/codec";
import { describe, expect, it } from "vitest";
import { compareRounds, signerIndices, signerSet, signerSetCodec, MAX_VALIDATORS } from "../../../src/index.js";

describe("signer bitmaps", () => {
  it("round-trips any member set, MSB first", () => {
    const set = signerSet(12, [0, 7, 8, 11]);
    expect(toHex(set.bits)).toBe("8190");
    expect(signerIndices(decode(signerSetCodec, encode(signerSetCodec, set)))).toEqual([0, 7, 8, 11]);
    const full = signerSet(
      MAX_VALIDATORS,
      Array.from({ length: MAX_VALIDATORS }, (_, i) => i),
    );
    expect(signerIndices(decode(signerSetCodec, encode(signerSetCodec, full)))).toHaveLength(MAX_VALIDATORS);
  });
  it("refuses members outside the set and bitmaps of the wrong length", () => {
    expect(() => signerSet(4, [4])).toThrow(CodecError);
    expect(() => encode(signerSetCodec, { size: 9, bits: Uint8Array.of(0xff) })).toThrow(CodecError);
  });
});

describe("round order", () => {
  it("orders by epoch, then view", () => {
    expect(compareRounds({ epoch: 1n, view: 1n }, { epoch: 0n, view: 99n })).toBe(1);
    expect(compareRounds({ epoch: 1n, view: 1n }, { epoch: 1n, view: 2n })).toBe(-1);
    expect(compareRounds({ epoch: 2n, view: 5n }, { epoch: 2n, view: 5n })).toBe(0);
  });
});
