// Canonical CBOR against the shared vectors (test-vectors/cbor/canonical.json, which @cowboy/pvm's
// tests load too) and the encoder's refusals.
import { describe, expect, it } from "vitest";
import { CBOR_REASONS, CborError, CborSet, CborTuple, CodecError, cborFromJson, decodeCbor, encodeCbor, type CborValue } from "../../src/index.js";
import { build, bytes, hex, vectors } from "../utils/cbor-vectors.js";

function thrown(f: () => unknown): CborError {
  try {
    f();
  } catch (e) {
    if (e instanceof CborError) return e;
    throw e;
  }
  throw new Error("expected a CborError");
}

describe("canonical CBOR vectors", () => {
  it(`encodes each valid vector's value to its bytes and decodes the bytes to that value (${vectors.valid.length})`, () => {
    expect(vectors.version).toBe(2);
    expect(vectors.valid.length).toBeGreaterThan(60);
    for (const v of vectors.valid) {
      const value = build(v.value);
      expect(hex(encodeCbor(value)), v.python).toBe(v.hex);
      expect(decodeCbor(bytes(v.hex)), v.python).toEqual(value);
      if (v.json !== undefined) expect(hex(encodeCbor(cborFromJson(v.json))), v.json).toBe(v.hex);
    }
  });

  it(`refuses each invalid vector with its reason, code and offset (${vectors.invalid.length})`, () => {
    expect(vectors.invalid.length).toBeGreaterThan(60);
    for (const v of vectors.invalid) {
      const e = thrown(() => decodeCbor(bytes(v.hex)));
      expect(e).toBeInstanceOf(CodecError);
      expect([e.reason, e.code, e.offset], v.why).toEqual([v.reason, v.code, v.offset]);
      expect(CBOR_REASONS[e.reason]).toBe(e.code);
      expect(e.message, v.why).toContain(`at byte ${v.offset}: ${v.reason}: `);
    }
  });
});

describe("encodeCbor", () => {
  it("treats a JS number as a float64 and a bigint as an int", () => {
    expect(hex(encodeCbor(1))).toBe("fb3ff0000000000000");
    expect(hex(encodeCbor(1n))).toBe("01");
    expect(hex(encodeCbor(-0))).toBe("fb8000000000000000");
  });

  it("encodes plain objects as maps with string keys, sorted by encoding", () => {
    expect(hex(encodeCbor({ b: 1n, a: 2n, aa: 3n }))).toBe("a361610261620162616103");
    expect(hex(encodeCbor(JSON.parse('{"__proto__": 1}') as CborValue))).toBe("a1695f5f70726f746f5f5ffb3ff0000000000000");
  });

  it("refuses what has no canonical encoding, with a reason", () => {
    const cases: [() => unknown, string, string][] = [
      [() => encodeCbor(Number.NaN), "nan", "nan has no canonical encoding"],
      [() => encodeCbor("\uD800"), "not-encodable", "lone surrogates"],
      [() => encodeCbor(undefined as unknown as CborValue), "not-encodable", "a undefined has"],
      [() => encodeCbor((() => 1) as unknown as CborValue), "not-encodable", "a function has"],
      [() => encodeCbor(new Date(0) as unknown as CborValue), "not-encodable", "a Date has"],
      [() => encodeCbor([1n, [new Uint16Array(1) as unknown as CborValue]]), "not-encodable", "a Uint16Array has"],
      [() => encodeCbor(2n ** 4096n), "int-too-large", "2**4096"],
      [() => encodeCbor(new Map<CborValue, CborValue>([[[1n], 1n]])), "unhashable-key", "a Array cannot be a map key"],
      [() => encodeCbor(new CborSet([new CborSet([])])), "unhashable-key", "a CborSet cannot"],
      [
        () =>
          encodeCbor(
            new Map<CborValue, CborValue>([
              [1n, 0n],
              [true, 0n],
            ]),
          ),
        "duplicate-key",
        "equal in Python",
      ],
      [
        () =>
          encodeCbor(
            new Map<CborValue, CborValue>([
              [0n, 0n],
              [-0, 0n],
            ]),
          ),
        "duplicate-key",
        "equal in Python",
      ],
      [() => encodeCbor(new CborSet([new CborTuple([1n]), new CborTuple([1])])), "duplicate-key", "equal in Python"],
      [() => encodeCbor(new CborSet([new Uint8Array([1]), new Uint8Array([1])])), "duplicate-key", "equal in Python"],
    ];
    for (const [f, reason, text] of cases) {
      const e = thrown(f);
      expect([e.reason, e.code], text).toEqual([reason, CBOR_REASONS[reason as keyof typeof CBOR_REASONS]]);
      expect(e.message).toContain(text);
    }
  });

  it("accepts exactly 64 levels of nesting", () => {
    let v: CborValue = [];
    for (let i = 0; i < 64; i++) v = [v];
    expect(hex(encodeCbor(v))).toBe("81".repeat(64) + "80");
    expect(thrown(() => encodeCbor([v])).reason).toBe("too-deep");
  });
});

describe("decodeCbor options and guards", () => {
  it("refuses input longer than maxBytes before decoding", () => {
    const e = thrown(() => decodeCbor(bytes("4100"), { maxBytes: 1 }));
    expect([e.reason, e.code, e.offset]).toEqual(["too-large", "LENGTH_OUT_OF_RANGE", 0]);
    expect(decodeCbor(bytes("4100"), { maxBytes: 2 })).toEqual(new Uint8Array([0]));
  });

  it("guards its arguments with CodecError naming them", () => {
    expect(() => decodeCbor("00" as unknown as Uint8Array)).toThrow(/decodeCbor: bytes must be a Uint8Array/);
    expect(() => decodeCbor(bytes("00"), { maxBytes: -1 })).toThrow(/opts.maxBytes/);
  });

  it("returns fresh byte strings that do not alias the input", () => {
    const input = bytes("42abcd");
    const out = decodeCbor(input) as Uint8Array;
    input[1] = 0;
    expect(hex(out)).toBe("abcd");
  });
});
