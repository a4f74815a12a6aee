import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CodecError,
  atMost,
  bool,
  bytes,
  decode,
  encode,
  fixedBytes,
  map,
  option,
  struct,
  toHex,
  tuple,
  u16,
  u32,
  u64,
  u8,
  uint,
  utf8,
  variant,
  vec,
  type Codec,
} from "../../src/index.js";
import { VECTOR_CODECS } from "../utils/vector-codecs.js";

const U64 = fc.bigInt({ min: 0n, max: (1n << 64n) - 1n });
const tx = struct({
  chainId: uint,
  nonce: uint,
  to: fixedBytes(20),
  amount: u64,
  memo: option(bytes(atMost(64))),
  tags: vec(utf8(atMost(64)), atMost(4)),
});
const txArb = fc.record({
  chainId: U64,
  nonce: U64,
  to: fc.uint8Array({ minLength: 20, maxLength: 20 }),
  amount: U64,
  memo: fc.option(fc.uint8Array({ maxLength: 64 }), { nil: null }),
  tags: fc.array(fc.string({ unit: "grapheme", maxLength: 4 }), { maxLength: 4 }),
});

const cases: Array<[string, Codec<any>, fc.Arbitrary<any>]> = [
  ["u8", u8, fc.integer({ min: 0, max: 255 })],
  ["u16", u16, fc.integer({ min: 0, max: 0xffff })],
  ["u32", u32, fc.integer({ min: 0, max: 0xffff_ffff })],
  ["u64", u64, U64],
  ["uint", uint, U64],
  ["bool", bool, fc.boolean()],
  ["bytes", bytes(atMost(300)), fc.uint8Array({ maxLength: 300 })],
  ["option<uint>", option(uint), fc.option(U64, { nil: null })],
  ["tuple", tuple([u8, uint, bool]), fc.tuple(fc.integer({ min: 0, max: 255 }), U64, fc.boolean())],
  [
    "variant",
    variant({ a: { tag: 0, codec: uint }, b: { tag: 9, codec: bool } }),
    fc.oneof(fc.record({ type: fc.constant("a"), value: U64 }), fc.record({ type: fc.constant("b"), value: fc.boolean() })),
  ],
  ["struct", tx, txArb],
];

describe("decode(encode(x)) = x", () => {
  it.each(cases)("%s", (_name, codec, arb) => {
    fc.assert(
      fc.property(arb, (x) => {
        const enc = encode(codec, x);
        expect(enc.length).toBe(codec.encodeSize(x));
        expect(decode(codec, enc)).toEqual(x);
      }),
      { numRuns: 300 },
    );
  });
  it("map (sorted on encode, so compare as sorted)", () => {
    const c = map(u16, uint, atMost(32));
    fc.assert(
      fc.property(fc.uniqueArray(fc.tuple(fc.integer({ min: 0, max: 0xffff }), U64), { selector: (e) => e[0], maxLength: 32 }), (entries) => {
        const out = decode(c, encode(c, entries));
        expect(out).toEqual([...entries].sort((a, b) => a[0] - b[0]));
      }),
    );
  });
});

describe("encode(decode(b)) = b for every b that decodes", () => {
  const all: Array<[string, Codec<any>]> = [
    ...cases.map(([n, c]) => [n, c] as [string, Codec<any>]),
    ...Object.entries(VECTOR_CODECS).map(([n, v]) => [n, v.codec] as [string, Codec<any>]),
  ];
  it.each(all)("%s", (_name, codec) => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 48 }), (b) => {
        let value: unknown;
        try {
          value = decode(codec, b);
        } catch (err) {
          expect(err).toBeInstanceOf(CodecError);
          return;
        }
        expect(toHex(encode(codec, value))).toBe(toHex(b));
      }),
      { numRuns: 500 },
    );
  });
});
