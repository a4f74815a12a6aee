import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { atMost, bool, bytes, encode, fixedBytes, map, option, struct, u16, u32, u64, u8, uint, utf8, variant, vec, unit, type Codec } from "../../src/index.js";

// The format-stability gate (after commonware's conformance tests): for each type, encode many
// deterministically generated values and hash all the encodings. A change to any wire format moves
// a hash, so such a change can only land as a deliberate edit of the table below.

/** splitmix64: a tiny seeded generator, so every run builds exactly the same values. */
function rng(seed: bigint): () => bigint {
  let state = seed;
  return () => {
    state = (state + 0x9e3779b97f4a7c15n) & 0xffff_ffff_ffff_ffffn;
    let z = state;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & 0xffff_ffff_ffff_ffffn;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & 0xffff_ffff_ffff_ffffn;
    return z ^ (z >> 31n);
  };
}

type Gen<T> = (next: () => bigint) => T;
const small = (next: () => bigint, n: number): number => Number(next() % BigInt(n));
// Bias toward varint byte-length boundaries, where format bugs live.
const genU64: Gen<bigint> = (next) => next() >> BigInt(small(next, 64));
const genBytes =
  (max: number): Gen<Uint8Array> =>
  (next) =>
    Uint8Array.from({ length: small(next, max + 1) }, () => small(next, 256));

const cases: Array<[string, Codec<any>, Gen<any>, string]> = [
  ["u8", u8, (n) => small(n, 256), "850a568b9b19856f"],
  ["u16", u16, (n) => small(n, 0x10000), "efb183d771a2eb47"],
  ["u32", u32, (n) => small(n, 0x1_0000_0000), "c91b682ab5ae76da"],
  ["u64", u64, genU64, "3e6b930875f9dd0d"],
  ["uint", uint, genU64, "3e43bfc33992d821"],
  ["bool", bool, (n) => small(n, 2) === 1, "19c1e47a7bc1f676"],
  ["fixedBytes(20)", fixedBytes(20), (n) => Uint8Array.from({ length: 20 }, () => small(n, 256)), "3152df04228c1cfb"],
  ["bytes<=64", bytes(atMost(64)), genBytes(64), "b9435496cb8fe5df"],
  ["bytes<=300", bytes(atMost(300)), genBytes(300), "1f28a0bb3013b9bf"],
  ["utf8<=32", utf8(atMost(32)), (n) => String.fromCodePoint(...Array.from({ length: small(n, 8) }, () => 0x20 + small(n, 0x3000))), "84fd880e5fc62a7e"],
  ["option<uint>", option(uint), (n) => (small(n, 3) === 0 ? null : genU64(n)), "f9fc689bdbd5705d"],
  ["vec<u16>", vec(u16, atMost(20)), (n) => Array.from({ length: small(n, 21) }, () => small(n, 0x10000)), "13efa480c0efa4ab"],
  [
    "map<u8,uint>",
    map(u8, uint, atMost(256)),
    (n) => {
      const keys = [...new Set(Array.from({ length: small(n, 12) }, () => small(n, 256)))];
      return keys.map((k) => [k, genU64(n)] as const);
    },
    "c8a9aff871d31641",
  ],
  [
    "variant",
    variant({ a: { tag: 0, codec: unit }, b: { tag: 1, codec: uint }, c: { tag: 200, codec: bytes(atMost(8)) } }),
    (n) => {
      const t = small(n, 3);
      return t === 0 ? { type: "a", value: null } : t === 1 ? { type: "b", value: genU64(n) } : { type: "c", value: genBytes(8)(n) };
    },
    "1cb9dbf0d9405b0e",
  ],
  [
    "struct",
    struct({ x: uint, y: option(fixedBytes(4)), z: vec(bool, atMost(4)) }),
    (n) => ({
      x: genU64(n),
      y: small(n, 2) === 0 ? null : Uint8Array.from({ length: 4 }, () => small(n, 256)),
      z: Array.from({ length: small(n, 5) }, () => small(n, 2) === 1),
    }),
    "3909b29050698077",
  ],
];

const PER_TYPE = 512;

function digestOf(codec: Codec<any>, gen: Gen<any>, seed: bigint): string {
  const next = rng(seed);
  const h = createHash("sha256");
  for (let i = 0; i < PER_TYPE; i++) h.update(encode(codec, gen(next)));
  return h.digest("hex").slice(0, 16);
}

describe("format stability", () => {
  it.each(cases.map(([name, codec, gen, expected], i) => [name, codec, gen, expected, i] as const))("%s", (name, codec, gen, expected, i) => {
    const got = digestOf(codec, gen, BigInt(i + 1));
    expect({ name, hash: got }).toEqual({ name, hash: expected });
  });
});
