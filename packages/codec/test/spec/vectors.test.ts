import { describe, expect, it } from "vitest";
import { CodecError, decode, encode, fromHex, toHex } from "../../src/index.js";
import { VECTOR_CODECS } from "../utils/vector-codecs.js";
import { readVector } from "@cowboy/checks/vectors";

interface Vectors {
  version: number;
  valid: Array<{ type: string; value: unknown; hex: string }>;
  invalid: Array<{ type: string; hex: string; code: string; reason: string }>;
}

const vectors = readVector<Vectors>("codec/primitives.json");

function codecFor(type: string) {
  const named = VECTOR_CODECS[type];
  // Strict like Lodestar's spec runner: an unknown type name fails instead of being skipped.
  if (named === undefined) throw new Error(`vector names unknown type ${type}`);
  return named;
}

describe("test-vectors/codec/primitives.json", () => {
  it("has cases", () => {
    expect(vectors.version).toBe(1);
    expect(vectors.valid.length).toBeGreaterThan(50);
    expect(vectors.invalid.length).toBeGreaterThan(25);
  });

  it.each(vectors.valid.map((v, i) => [i, v.type, v] as const))("valid #%i %s", (_i, _t, v) => {
    const { codec, fromJson, toJson } = codecFor(v.type);
    const value = fromJson(v.value);
    expect(toHex(encode(codec, value))).toBe(v.hex);
    expect(toJson(decode(codec, fromHex(v.hex)))).toEqual(v.value);
  });

  it.each(vectors.invalid.map((v, i) => [i, v.type, v] as const))("invalid #%i %s", (_i, _t, v) => {
    const { codec } = codecFor(v.type);
    let caught: unknown;
    try {
      decode(codec, fromHex(v.hex));
    } catch (err) {
      caught = err;
    }
    expect(caught, v.reason).toBeInstanceOf(CodecError);
    expect((caught as CodecError).code, v.reason).toBe(v.code);
  });
});
