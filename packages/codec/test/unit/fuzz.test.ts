import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CodecError, atMost, decode, encode, type Codec, map, option, struct, uint, u64, utf8, vec, bytes, fixedBytes, variant, unit, u8 } from "../../src/index.js";
import { VECTOR_CODECS } from "../utils/vector-codecs.js";

// Random and mutated inputs must only ever fail with a CodecError: never a RangeError from an
// oversized allocation, a TypeError, or a hang.
const nested = struct({
  a: vec(option(struct({ k: bytes(atMost(32)), v: uint })), atMost(16)),
  b: map(utf8(atMost(8)), vec(u64, atMost(4)), atMost(8)),
  c: variant({ x: { tag: 0, codec: unit }, y: { tag: 1, codec: fixedBytes(4) }, z: { tag: 2, codec: u8 } }),
});
const seedValue = {
  a: [{ k: new Uint8Array([1, 2, 3]), v: 300n }, null, { k: new Uint8Array(0), v: 1n << 60n }],
  b: [
    ["k1", [1n, 2n]],
    ["k2", []],
  ] as Array<readonly [string, readonly bigint[]]>,
  c: { type: "y" as const, value: new Uint8Array([9, 8, 7, 6]) },
};

function onlyCodecErrors(run: () => unknown): void {
  try {
    run();
  } catch (err) {
    if (!(err instanceof CodecError)) throw err;
  }
}

describe("fuzz", () => {
  const codecs = [nested, ...Object.values(VECTOR_CODECS).map((v) => v.codec)];
  it("random bytes", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 256 }), (b) => {
        for (const c of codecs) onlyCodecErrors(() => decode(c, b));
      }),
      { numRuns: 2000 },
    );
  });
  it("mutated valid encodings", () => {
    const valid = encode(nested, seedValue);
    expect(decode(nested, valid)).toEqual(seedValue);
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 2 })), { minLength: 1, maxLength: 6 }), (edits) => {
        const b = Array.from(valid);
        for (const [pos, byte, op] of edits) {
          const at = pos % (b.length + 1);
          if (op === 0) b[at] = byte;
          else if (op === 1) b.splice(at, 0, byte);
          else b.splice(at, 1);
        }
        onlyCodecErrors(() => decode(nested, Uint8Array.from(b)));
      }),
      { numRuns: 3000 },
    );
  });
  it("hostile length prefixes fail without allocating", () => {
    const huge = Uint8Array.from([0xff, 0xff, 0xff, 0xff, 0x0f]);
    const hostile: Array<Codec<any>> = [bytes(atMost(0xffff_ffff)), vec(u64, atMost(0xffff_ffff)), utf8(atMost(0xffff_ffff))];
    for (const c of hostile) {
      expect(() => decode(c, huge)).toThrow(CodecError);
    }
  });
});
