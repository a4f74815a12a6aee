import { describe, expect, it } from "vitest";
import {
  CodecError,
  atMost,
  bool,
  bytes,
  compareBytes,
  concatBytes,
  decode,
  encode,
  equalBytes,
  exactly,
  fixedBytes,
  fromHex,
  map,
  option,
  range,
  struct,
  toHex,
  transform,
  tuple,
  u16,
  u64,
  u8,
  uint,
  unit,
  utf8,
  variant,
  vec,
  decodePrefix,
  type CodecErrorCode,
} from "../../src/index.js";

function codeOf(fn: () => unknown): CodecErrorCode | undefined {
  try {
    fn();
  } catch (err) {
    if (err instanceof CodecError) return err.code;
    throw err;
  }
  return undefined;
}

describe("byte strings", () => {
  it("fixedBytes has no prefix and an exact size", () => {
    const c = fixedBytes(3);
    expect(toHex(encode(c, fromHex("010203")))).toBe("010203");
    expect(codeOf(() => encode(c, fromHex("0102")))).toBe("INVALID_VALUE");
    expect(codeOf(() => decode(c, fromHex("0102")))).toBe("END_OF_BUFFER");
  });
  it("bytes is length-prefixed and range-checked both ways", () => {
    const c = bytes(range(1, 3));
    expect(toHex(encode(c, fromHex("aabb")))).toBe("02aabb");
    expect(codeOf(() => encode(c, new Uint8Array(0)))).toBe("LENGTH_OUT_OF_RANGE");
    expect(codeOf(() => encode(c, new Uint8Array(4)))).toBe("LENGTH_OUT_OF_RANGE");
    expect(codeOf(() => decode(c, fromHex("00")))).toBe("LENGTH_OUT_OF_RANGE");
  });
  it("decoded bytes do not alias the input", () => {
    const input = fromHex("02aabb");
    const out = decode(bytes(atMost(4)), input);
    input[1] = 0;
    expect(toHex(out)).toBe("aabb");
  });
  it("utf8 refuses lone surrogates on encode", () => {
    expect(codeOf(() => encode(utf8(atMost(8)), "a\ud800"))).toBe("INVALID_UTF8");
    expect(codeOf(() => encode(utf8(atMost(8)), "\udc00"))).toBe("INVALID_UTF8");
    expect(decode(utf8(atMost(8)), encode(utf8(atMost(8)), "😀"))).toBe("😀");
  });
  it("utf8 bounds the byte length, not the character count", () => {
    expect(codeOf(() => encode(utf8(atMost(3)), "日本"))).toBe("LENGTH_OUT_OF_RANGE");
  });
});

describe("option, vec, tuple, struct", () => {
  it("option tags", () => {
    const c = option(u8);
    expect(toHex(encode(c, null))).toBe("00");
    expect(toHex(encode(c, 5))).toBe("0105");
    expect(codeOf(() => decode(c, fromHex("0205")))).toBe("INVALID_OPTION_TAG");
  });
  it("vec refuses a count whose elements cannot fit before allocating", () => {
    const c = vec(u64, atMost(1_000_000));
    expect(codeOf(() => decode(c, fromHex("c0843d")))).toBe("END_OF_BUFFER");
    expect(toHex(encode(c, [1n, 2n]))).toBe("0200000000000000010000000000000002");
  });
  it("vec range is enforced on encode", () => {
    expect(codeOf(() => encode(vec(u8, exactly(2)), [1]))).toBe("LENGTH_OUT_OF_RANGE");
  });
  it("tuple and struct concatenate fields in order", () => {
    const t = tuple([u8, uint, bool]);
    expect(toHex(encode(t, [1, 300n, true]))).toBe("01ac0201");
    expect(decode(t, fromHex("01ac0201"))).toEqual([1, 300n, true]);
    expect(t.fixedSize).toBeUndefined();
    const s = struct({ to: fixedBytes(2), amount: u64 });
    expect(s.fixedSize).toBe(10);
    const bytesOut = encode(s, { to: fromHex("2222"), amount: 1n });
    expect(toHex(bytesOut)).toBe("22220000000000000001");
    expect(decode(s, bytesOut)).toEqual({ to: fromHex("2222"), amount: 1n });
  });
  it("struct refuses index-like field names", () => {
    expect(codeOf(() => struct({ 1: u8 }))).toBe("INVALID_VALUE");
  });
});

describe("variant", () => {
  const c = variant({ none: { tag: 0, codec: unit }, small: { tag: 1, codec: u8 }, big: { tag: 7, codec: u16 } });
  it("writes a u8 discriminant then the body", () => {
    expect(toHex(encode(c, { type: "big", value: 0x0102 }))).toBe("070102");
    expect(decode(c, fromHex("0109"))).toEqual({ type: "small", value: 9 });
    expect(decode(c, fromHex("00"))).toEqual({ type: "none", value: null });
  });
  it("refuses unknown discriminants and unknown types", () => {
    expect(codeOf(() => decode(c, fromHex("02")))).toBe("UNKNOWN_DISCRIMINANT");
    expect(codeOf(() => encode(c, { type: "nope", value: 1 } as never))).toBe("INVALID_VALUE");
    expect(codeOf(() => variant({ a: { tag: 1, codec: u8 }, b: { tag: 1, codec: u8 } }))).toBe("INVALID_VALUE");
  });
});

describe("map", () => {
  const c = map(bytes(atMost(4)), u8, atMost(8));
  it("sorts by key encoding on encode", () => {
    const out = encode(c, [
      [fromHex("02"), 2],
      [fromHex("0101"), 1],
      [fromHex(""), 0],
    ]);
    // Keys compare by their encodings: 00 < 0102 < 020101.
    expect(toHex(out)).toBe("03" + "0000" + "010202" + "02010101");
  });
  it("refuses duplicate keys on encode and decode", () => {
    expect(
      codeOf(() =>
        encode(c, [
          [fromHex("01"), 1],
          [fromHex("01"), 2],
        ]),
      ),
    ).toBe("DUPLICATE_MAP_KEY");
    expect(codeOf(() => decode(c, fromHex("02" + "010100" + "010100")))).toBe("DUPLICATE_MAP_KEY");
  });
  it("refuses unsorted keys", () => {
    expect(codeOf(() => decode(c, fromHex("02" + "010200" + "010100")))).toBe("UNSORTED_MAP");
  });
});

describe("transform and decodePrefix", () => {
  it("maps the wire shape to a domain type and back", () => {
    const even = transform(
      u8,
      (n) => {
        if (n % 2 !== 0) throw new CodecError("VALUE_OUT_OF_RANGE", 0, "odd");
        return n / 2;
      },
      (half: number) => half * 2,
    );
    expect(toHex(encode(even, 3))).toBe("06");
    expect(decode(even, fromHex("08"))).toBe(4);
    expect(codeOf(() => decode(even, fromHex("07")))).toBe("VALUE_OUT_OF_RANGE");
  });
  it("reads a prefix and reports its length", () => {
    expect(decodePrefix(uint, fromHex("ac02ff"))).toEqual({ value: 300n, bytesRead: 2 });
  });
});

describe("byte helpers", () => {
  it("toHex/fromHex", () => {
    expect(toHex(new Uint8Array([0, 15, 16, 255]))).toBe("000f10ff");
    expect(fromHex("0xABcd")).toEqual(new Uint8Array([0xab, 0xcd]));
    expect(fromHex("")).toEqual(new Uint8Array(0));
    expect(codeOf(() => fromHex("abc"))).toBe("INVALID_HEX");
    expect(codeOf(() => fromHex("zz"))).toBe("INVALID_HEX");
    expect(codeOf(() => fromHex("0x0g"))).toBe("INVALID_HEX");
    expect(codeOf(() => fromHex(" 00"))).toBe("INVALID_HEX");
    expect(codeOf(() => fromHex(7 as unknown as string))).toBe("INVALID_HEX");
  });
  it("equal/compare/concat", () => {
    expect(equalBytes(fromHex("0102"), fromHex("0102"))).toBe(true);
    expect(equalBytes(fromHex("0102"), fromHex("0103"))).toBe(false);
    expect(equalBytes(fromHex("01"), fromHex("0100"))).toBe(false);
    expect(Math.sign(compareBytes(fromHex("01"), fromHex("0100")))).toBe(-1);
    expect(Math.sign(compareBytes(fromHex("02"), fromHex("0100")))).toBe(1);
    expect(compareBytes(fromHex("0100"), fromHex("0100"))).toBe(0);
    expect(toHex(concatBytes(fromHex("01"), fromHex(""), fromHex("0203")))).toBe("010203");
    expect(codeOf(() => concatBytes(fromHex("01"), "02" as unknown as Uint8Array))).toBe("INVALID_VALUE");
  });
});
