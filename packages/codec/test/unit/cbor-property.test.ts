// Properties of canonical CBOR: encode∘decode is the identity on bytes, and the decoder accepts
// only canonical bytes: whatever it accepts re-encodes to exactly the same bytes, so any mutation
// of a valid encoding is either refused or is itself the canonical encoding of another value.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CborError, CborFloat, CborSet, CborTuple, cborFromJson, cborToJson, decodeCbor, encodeCbor, type CborValue } from "../../src/index.js";
import { hex } from "../utils/cbor-vectors.js";

const float = fc.double().filter((x) => !Number.isNaN(x));
const int = fc.oneof(
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }),
  fc.bigInt({ min: -30n, max: 30n }),
  fc.constantFrom(2n ** 64n - 1n, 2n ** 64n, -(2n ** 64n), -(2n ** 64n) - 1n, 2n ** 4095n),
);
const text = fc.string({ unit: "grapheme", maxLength: 8 });
const scalar = fc.oneof(fc.constant(null), fc.boolean(), int, float, text, fc.uint8Array({ maxLength: 8 }));
// Keys: strings and ints never compare equal in Python, and tuples of them are hashable.
const key = fc.oneof(
  text,
  int,
  fc.array(fc.oneof(text, int), { maxLength: 2 }).map((a) => new CborTuple(a)),
);

const { value } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    scalar,
    fc.array(tie("value"), { maxLength: 4 }),
    fc.array(tie("value"), { maxLength: 3 }).map((a) => new CborTuple(a as CborValue[])),
    fc.uniqueArray(fc.tuple(key, tie("value")), { maxLength: 4, selector: ([k]) => hex(encodeCbor(k)) }).map((e) => new Map(e as [CborValue, CborValue][])),
    fc.uniqueArray(key, { maxLength: 4, selector: (k) => hex(encodeCbor(k)) }).map((a) => new CborSet(a)),
    fc.uniqueArray(key, { maxLength: 4, selector: (k) => hex(encodeCbor(k)) }).map((a) => new CborSet(a, true)),
  ),
}));

/** True when decoding `b` fails with a CborError, or succeeds and re-encodes to `b` exactly. */
function acceptsOnlyCanonical(b: Uint8Array): boolean {
  let v: CborValue;
  try {
    v = decodeCbor(b);
  } catch (e) {
    if (e instanceof CborError) return true;
    throw e;
  }
  return hex(encodeCbor(v)) === hex(b);
}

describe("canonical CBOR properties", () => {
  it("decode then encode gives back the same bytes", () => {
    fc.assert(
      fc.property(value, (v) => {
        const b = encodeCbor(v as CborValue);
        expect(hex(encodeCbor(decodeCbor(b)))).toBe(hex(b));
      }),
      { numRuns: 250 },
    );
  });

  it("refuses or re-encodes identically every one-byte change, insertion or deletion of a valid encoding", () => {
    fc.assert(
      fc.property(value, fc.nat(), fc.integer({ min: 0, max: 255 }), fc.constantFrom("set", "insert", "delete"), (v, pos, byte, op) => {
        const b = encodeCbor(v as CborValue);
        const i = pos % (b.length + (op === "insert" ? 1 : 0));
        const m =
          op === "set"
            ? Uint8Array.from(b, (x, j) => (j === i ? byte : x))
            : op === "insert"
              ? Uint8Array.from([...b.subarray(0, i), byte, ...b.subarray(i)])
              : Uint8Array.from([...b.subarray(0, i), ...b.subarray(i + 1)]);
        expect(acceptsOnlyCanonical(m)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it("refuses or re-encodes identically arbitrary short byte strings", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 12 }), (b) => {
        expect(acceptsOnlyCanonical(b)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it("refuses every longer-than-needed head for ints and lengths", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 64n - 1n }), fc.constantFrom(0, 1, 4, 5), (n, major) => {
        const minimal = n < 24n ? 0 : n < 0x100n ? 1 : n < 0x10000n ? 2 : n < 0x100000000n ? 4 : 8;
        for (const size of [1, 2, 4, 8]) {
          if (size <= minimal) continue;
          const head = new Uint8Array(1 + size);
          head[0] = (major << 5) | (24 + Math.log2(size));
          for (let j = 0; j < size; j++) head[size - j] = Number((n >> BigInt(8 * j)) & 0xffn);
          let e: unknown;
          try {
            decodeCbor(head);
          } catch (err) {
            e = err;
          }
          expect((e as CborError).reason, `${n} in ${size} bytes`).toBe("non-minimal-head");
        }
      }),
      { numRuns: 300 },
    );
  });

  it("keeps every float's bits, boxed or not", () => {
    fc.assert(
      fc.property(float, (x) => {
        const b = encodeCbor(x);
        expect(b.length).toBe(9);
        expect(hex(encodeCbor(new CborFloat(x)))).toBe(hex(b));
        expect(Object.is(decodeCbor(b), x)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe("JSON form", () => {
  it("parses integers exactly and floats as floats", () => {
    expect(cborFromJson("[18446744073709551617, 1.0, -5, 1e2, -0.0, -0]")).toEqual([18446744073709551617n, 1, -5n, 100, -0, 0n]);
    expect(cborFromJson('{"a": {"b": [true, null, "x"]}}')).toEqual({ a: { b: [true, null, "x"] } });
    expect(Object.keys(cborFromJson('{"__proto__": 1}') as object)).toEqual(["__proto__"]);
  });

  it("prints exact ints, floats with a fraction, bytes as hex, keys sorted by code point", () => {
    expect(cborToJson(cborFromJson('{"b": [1, 2.5, "x"], "a": 1.0, "\u{1F600}": 0, "\uFFFF": 0}'))).toBe('{"a":1.0,"b":[1,2.5,"x"],"\uFFFF":0,"\u{1F600}":0}');
    expect(cborToJson([2n ** 70n, -0, Infinity, -Infinity, 1e300, 5e-324])).toBe('[1180591620717411303424,-0.0,"Infinity","-Infinity",1e+300,5e-324]');
    expect(cborToJson(new Uint8Array([1, 0xab]))).toBe('"0x01ab"');
    expect(
      cborToJson(
        new Map<CborValue, CborValue>([
          [1n, "one"],
          [new CborTuple([]), null],
        ]),
      ),
    ).toBe('[[1,"one"],[[],null]]');
    expect(cborToJson(new CborSet([1n, 2n], true))).toBe("[1,2]");
    expect(cborToJson({ a: [1n, { b: null }] }, 2)).toBe('{\n  "a": [\n    1,\n    {\n      "b": null\n    }\n  ]\n}');
  });

  it("refuses malformed JSON with the character offset", () => {
    const cases: [string, string][] = [
      ["[1,", "character 3"],
      ['{"a":1,"a":2}', 'duplicate key "a"'],
      ["01", "trailing characters"],
      ["1e999", "float out of range"],
      ["[1 2]", "expected ',' or ']'"],
      ['"\\x"', "malformed string"],
      ["[".repeat(70) + "]".repeat(70), "nested deeper than 64"],
      ["", "expected a value"],
    ];
    for (const [text, msg] of cases) expect(() => cborFromJson(text), text).toThrow(msg);
  });

  it("round-trips JSON-expressible values exactly through text", () => {
    const jsonValue = fc.letrec((tie) => ({
      v: fc.oneof(
        { depthSize: "small" },
        fc.constant(null),
        fc.boolean(),
        int,
        float.filter(Number.isFinite),
        text,
        fc.array(tie("v"), { maxLength: 3 }),
        fc.dictionary(text, tie("v"), { maxKeys: 3 }),
      ),
    })).v;
    fc.assert(
      fc.property(jsonValue, (v) => {
        const b = encodeCbor(v as CborValue);
        expect(hex(encodeCbor(cborFromJson(cborToJson(decodeCbor(b)))))).toBe(hex(b));
      }),
      { numRuns: 300 },
    );
  });
});
