import { atMost, bool, bytes, fromHex, map, option, toHex, u16, u32, u64, u8, uint, unit, utf8, variant, vec, type Codec } from "../../src/index.js";

// The codecs named by test-vectors/codec/*.json, with converters between their JSON form
// (u64 as decimal strings, bytes as 0x-hex) and their TypeScript values.
export interface NamedCodec {
  codec: Codec<any>;
  fromJson(v: unknown): unknown;
  toJson(v: any): unknown;
}

const same = { fromJson: (v: unknown) => v, toJson: (v: unknown) => v };
const big = { fromJson: (v: unknown) => BigInt(v as string), toJson: (v: bigint) => v.toString() };

export const VECTOR_CODECS: Record<string, NamedCodec> = {
  u8: { codec: u8, ...same },
  u16: { codec: u16, ...same },
  u32: { codec: u32, ...same },
  u64: { codec: u64, ...big },
  uint: { codec: uint, ...big },
  bool: { codec: bool, ...same },
  "bytes<=8": { codec: bytes(atMost(8)), fromJson: (v) => fromHex(v as string), toJson: (v: Uint8Array) => `0x${toHex(v)}` },
  "option<uint>": {
    codec: option(uint),
    fromJson: (v) => (v === null ? null : BigInt(v as string)),
    toJson: (v: bigint | null) => (v === null ? null : v.toString()),
  },
  "vec<u16><=3": { codec: vec(u16, atMost(3)), ...same },
  "map<u8,bool><=4": { codec: map(u8, bool, atMost(4)), ...same },
  "utf8<=8": { codec: utf8(atMost(8)), ...same },
  "variant{a:0=unit,b:1=u8}": { codec: variant({ a: { tag: 0, codec: unit }, b: { tag: 1, codec: u8 } }), ...same },
};
