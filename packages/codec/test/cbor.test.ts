import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CborSet, CborTuple, CodecError, cborFromJson, cborToJson, decodeCbor, encodeCbor, type CborValue } from "../src/index.js";

const vectors = JSON.parse(readFileSync(fileURLToPath(new URL("../../../test-vectors/cbor/cbor.json", import.meta.url)), "utf8")) as {
  valid: { python: string; json?: string; hex: string }[];
  invalid: { hex: string; why: string; code: string }[];
};
const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");
const bytes = (h: string) => Uint8Array.from(Buffer.from(h, "hex"));

describe("canonical CBOR vectors", () => {
  it(`decode then re-encode every valid vector to the same bytes (${vectors.valid.length})`, () => {
    expect(vectors.valid.length).toBeGreaterThan(30);
    for (const v of vectors.valid) {
      expect(hex(encodeCbor(decodeCbor(bytes(v.hex)))), v.python).toBe(v.hex);
      if (v.json !== undefined) expect(hex(encodeCbor(cborFromJson(v.json))), v.json).toBe(v.hex);
    }
  });
  it(`refuses every invalid vector with its code (${vectors.invalid.length})`, () => {
    for (const v of vectors.invalid) {
      let err: unknown;
      try {
        decodeCbor(bytes(v.hex));
      } catch (e) {
        err = e;
      }
      expect(err, v.why).toBeInstanceOf(CodecError);
      expect((err as CodecError).code, v.why).toBe(v.code);
    }
  });
});

describe("encodeCbor", () => {
  it("sorts map keys by their encoding and set items likewise", () => {
    expect(hex(encodeCbor({ b: 1n, a: 2n, aa: 3n }))).toBe("a3616102616201626161" + "03");
    expect(hex(encodeCbor(new CborSet([3n, 1n, 2n])))).toBe("d9010283010203");
  });
  it("refuses nan, duplicate keys and lone surrogates", () => {
    expect(() => encodeCbor(Number.NaN)).toThrow(/nan/);
    expect(() => encodeCbor(new Map<CborValue, CborValue>([[new CborTuple([]), 1n], [new CborTuple([]), 2n]]))).toThrow(/twice/);
    expect(() => encodeCbor("\uD800")).toThrow(/surrogates/);
  });
  it("round-trips random values (property)", () => {
    const leaf = fc.oneof(fc.constant(null), fc.boolean(), fc.bigInt({ min: -(2n ** 300n), max: 2n ** 300n }), fc.double({ noNaN: true }), fc.string(), fc.uint8Array({ maxLength: 8 }));
    const value = fc.letrec((tie) => ({
      v: fc.oneof({ depthSize: "small" }, leaf, fc.array(tie("v"), { maxLength: 4 }), fc.array(tie("v"), { maxLength: 3 }).map((a) => new CborTuple(a as CborValue[])), fc.dictionary(fc.string(), tie("v"), { maxKeys: 3 })),
    })).v;
    fc.assert(
      fc.property(value, (v) => {
        const b = encodeCbor(v as CborValue);
        expect(hex(encodeCbor(decodeCbor(b)))).toBe(hex(b));
      }),
      { numRuns: 300 },
    );
  });
});

describe("JSON form", () => {
  it("keeps big integers exact and tells ints from floats", () => {
    expect(cborFromJson("[18446744073709551617, 1.0, -5]")).toEqual([18446744073709551617n, 1, -5n]);
    expect(cborToJson(cborFromJson('{"a": [1, 2.5, "x"]}'))).toBe('{"a":[1,2.5,"x"]}');
    expect(cborToJson(new Uint8Array([1, 2]))).toBe('"0x0102"');
    expect(cborToJson(new Map<CborValue, CborValue>([[1n, "one"]]))).toBe('[[1,"one"]]');
  });
  it("refuses malformed JSON with the position", () => {
    expect(() => cborFromJson("[1,")).toThrow(/character 3/);
    expect(() => cborFromJson('{"a":1,"a":2}')).toThrow(/duplicate key/);
    expect(() => cborFromJson("01")).toThrow(/trailing/);
  });
});
