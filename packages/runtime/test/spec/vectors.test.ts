// Conformance: test-vectors/runtime/ (seeded Rng streams, journal frames and recovery) against this package.
import { readVector } from "@cowboy/checks/vectors";
import { fromHex, toHex } from "@cowboy/codec";
import { describe, expect, it } from "vitest";
import { decodeFrames, encodeFrame } from "../../src/journal-frame.js";
import { seededRng } from "../../src/index.js";

interface RngCase {
  seed_hex?: string;
  seed_bigint?: string;
  u32: number[];
  below: { bound: number; values: number[] }[];
  bytes_hex: string;
}
interface FrameVectors {
  frames: { record_hex: string; frame_hex: string }[];
  recoveries: { name: string; file_hex: string; valid_bytes: number; records_hex: string[] }[];
}

const rng = readVector<{ version: number; cases: RngCase[] }>("runtime/seeded-rng.json");
const frames = readVector<FrameVectors & { version: number }>("runtime/journal-frames.json");

describe("seeded-rng.json", () => {
  it("is version 1 with cases", () => {
    expect(rng.version).toBe(1);
    expect(rng.cases.length).toBeGreaterThan(0);
  });
  for (const c of rng.cases) {
    const seed = c.seed_hex !== undefined ? fromHex(c.seed_hex) : BigInt(c.seed_bigint as string);
    it(`seed ${c.seed_hex ?? `${c.seed_bigint}n`}`, () => {
      const words = seededRng(seed);
      expect(c.u32.map(() => words.nextU32())).toEqual(c.u32);
      const below = seededRng(seed);
      for (const b of c.below) expect(b.values.map(() => below.below(b.bound))).toEqual(b.values);
      expect(toHex(seededRng(seed).bytes(c.bytes_hex.length / 2))).toBe(c.bytes_hex);
    });
  }
});

describe("journal-frames.json", () => {
  it("is version 1", () => expect(frames.version).toBe(1));
  for (const f of frames.frames) {
    it(`frames a ${f.record_hex.length / 2}-byte record`, () => {
      expect(toHex(encodeFrame(fromHex(f.record_hex)))).toBe(f.frame_hex);
      expect(decodeFrames(fromHex(f.frame_hex)).records.map(toHex)).toEqual([f.record_hex]);
    });
  }
  for (const r of frames.recoveries) {
    it(`recovers: ${r.name}`, () => {
      const decoded = decodeFrames(fromHex(r.file_hex));
      expect(decoded.validBytes).toBe(r.valid_bytes);
      expect(decoded.records.map(toHex)).toEqual(r.records_hex);
    });
  }
});
