import { describe, expect, it } from "vitest";
import { CodecError, Writer, Reader, bool, decode, encode, fromHex, toHex, u16, u32, u64, u8, uint, varuint32, range, type Codec, type CodecErrorCode } from "../../src/index.js";

function expectCode(fn: () => unknown, code: CodecErrorCode, offset?: number): void {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(CodecError);
    expect((err as CodecError).code).toBe(code);
    if (offset !== undefined) expect((err as CodecError).offset).toBe(offset);
    return;
  }
  throw new Error(`expected CodecError ${code}`);
}

function hexOf<T>(codec: Codec<T>, value: T): string {
  return toHex(encode(codec, value));
}

describe("fixed-width integers are big-endian", () => {
  it("encodes u8/u16/u32/u64", () => {
    expect(hexOf(u8, 0xab)).toBe("ab");
    expect(hexOf(u16, 0x0102)).toBe("0102");
    expect(hexOf(u32, 0x01020304)).toBe("01020304");
    expect(hexOf(u64, 1n)).toBe("0000000000000001");
    expect(hexOf(u64, 0xffff_ffff_ffff_ffffn)).toBe("ffffffffffffffff");
  });
  it("decodes them back", () => {
    expect(decode(u16, fromHex("beef"))).toBe(0xbeef);
    expect(decode(u32, fromHex("deadbeef"))).toBe(0xdeadbeef);
    expect(decode(u64, fromHex("0102030405060708"))).toBe(0x0102030405060708n);
  });
  it("rejects out-of-range values on encode", () => {
    expectCode(() => encode(u8, 256), "VALUE_OUT_OF_RANGE");
    expectCode(() => encode(u16, -1), "VALUE_OUT_OF_RANGE");
    expectCode(() => encode(u32, 1.5), "VALUE_OUT_OF_RANGE");
    expectCode(() => encode(u64, 1n << 64n), "VALUE_OUT_OF_RANGE");
    expectCode(() => encode(u64, -1n), "VALUE_OUT_OF_RANGE");
  });
  it("rejects truncated input and trailing bytes", () => {
    expectCode(() => decode(u32, fromHex("010203")), "END_OF_BUFFER", 0);
    expectCode(() => decode(u16, fromHex("010203")), "TRAILING_BYTES", 2);
  });
});

describe("uint varint (commonware UInt)", () => {
  const cases: Array<[bigint, string]> = [
    [0n, "00"],
    [1n, "01"],
    [127n, "7f"],
    [128n, "8001"],
    [300n, "ac02"],
    [50000n, "d08603"],
    [0xffff_ffffn, "ffffffff0f"],
    [1n << 49n, "8080808080808001"],
    [1n << 63n, "80808080808080808001"],
    [0xffff_ffff_ffff_ffffn, "ffffffffffffffffff01"],
  ];
  it.each(cases)("%s <-> %s", (value, hex) => {
    expect(hexOf(uint, value)).toBe(hex);
    expect(decode(uint, fromHex(hex))).toBe(value);
    expect(uint.encodeSize(value)).toBe(hex.length / 2);
  });
  it("rejects a non-minimal varint", () => {
    expectCode(() => decode(uint, fromHex("8000")), "NON_CANONICAL_VARINT", 0);
    expectCode(() => decode(uint, fromHex("ff808080808080808000")), "NON_CANONICAL_VARINT", 0);
  });
  it("rejects a varint overflowing u64", () => {
    expectCode(() => decode(uint, fromHex("ffffffffffffffffff02")), "VARINT_OVERFLOW", 0);
    expectCode(() => decode(uint, fromHex("ffffffffffffffffff8100")), "VARINT_OVERFLOW", 0);
  });
  it("rejects a truncated varint", () => {
    expectCode(() => decode(uint, fromHex("80")), "END_OF_BUFFER", 0);
    expectCode(() => decode(uint, fromHex("")), "END_OF_BUFFER", 0);
  });
  it("reports the offset of the offending varint", () => {
    const r = new Reader(fromHex("0102038000"));
    r.u8();
    r.u8();
    r.u8();
    expectCode(() => r.uint(), "NON_CANONICAL_VARINT", 3);
    try {
      new Reader(fromHex("0102038000")).bytes(3);
      const r2 = new Reader(fromHex("0102038000"));
      r2.bytes(3);
      r2.uint();
    } catch (err) {
      expect((err as Error).message).toBe("non-canonical varint at byte 3");
    }
  });
});

describe("varuint32", () => {
  it("bounds the value on both sides", () => {
    const c = varuint32(range(1, 300));
    expect(hexOf(c, 300)).toBe("ac02");
    expectCode(() => decode(c, fromHex("00")), "VALUE_OUT_OF_RANGE", 0);
    expectCode(() => decode(c, fromHex("ad02")), "VALUE_OUT_OF_RANGE", 0);
    expectCode(() => encode(c, 301), "VALUE_OUT_OF_RANGE");
  });
  it("rejects more than 32 bits", () => {
    expectCode(() => decode(varuint32(), fromHex("ffffffff10")), "VARINT_OVERFLOW", 0);
    expect(decode(varuint32(), fromHex("ffffffff0f"))).toBe(0xffff_ffff);
  });
});

describe("bool", () => {
  it("is one byte 0 or 1", () => {
    expect(hexOf(bool, true)).toBe("01");
    expect(hexOf(bool, false)).toBe("00");
    expect(decode(bool, fromHex("01"))).toBe(true);
    expectCode(() => decode(bool, fromHex("02")), "INVALID_BOOL", 0);
  });
});

describe("Writer", () => {
  it("grows and finishes to exactly what was written", () => {
    const w = new Writer(1);
    w.u8(1)
      .u16(2)
      .u32(3)
      .u64(4n)
      .uint(300n)
      .bool(true)
      .bytes(new Uint8Array([9, 9]));
    expect(toHex(w.finish())).toBe("0100020000000300000000000000" + "04" + "ac02" + "01" + "0909");
  });
});
