// The rent vectors of test-vectors/rent/ (cips/rent.md): storage roots and restoration payloads,
// the record encoding and keys, the instruction bytes, a lifecycle replayed on a fresh state, and the segments of a
// chunked restoration.
import { readVector } from "@cowboy/checks/vectors";
import { compareBytes, decode, encode, fromHex, toHex } from "@cowboy/codec";
import { keccak256 } from "@cowboy/crypto";
import { instructionCodec, instructionFromJson, instructionToJson } from "@cowboy/types";
import { describe, expect, it } from "vitest";
import {
  decodeRentRecord,
  decodeStoragePairs,
  encodeRentRecord,
  encodeStoragePairs,
  rentMetaKey,
  rentRecordKey,
  RESTORE_SEGMENT_BYTES,
  segmentHashes,
  storageRoot,
  storageStream,
  type StoragePair,
} from "../../src/index.js";
import { patternPairs, type PatternPair } from "../utils/pattern.js";
import { replay, type EpochState, type Scenario } from "../utils/scenario.js";

describe("storage roots (test-vectors/rent/storage-root.json)", () => {
  const v = readVector<{ cases: { name: string; pairs: [string, string][]; payload: string; root: string }[] }>("rent/storage-root.json");
  it.each(v.cases.map((c) => [c.name, c] as const))("%s", (_n, c) => {
    const pairs: StoragePair[] = c.pairs.map(([s, val]) => [fromHex(s), fromHex(val)]);
    expect(toHex(encodeStoragePairs(pairs))).toBe(c.payload);
    expect(toHex(storageRoot(pairs))).toBe(c.root);
    expect(toHex(storageRoot(decodeStoragePairs(fromHex(c.payload))))).toBe(c.root);
  });
});

describe("records (test-vectors/rent/records.json)", () => {
  const v = readVector<{ record: { actor: string; encoded: string; key: string }; meta_key: string }>("rent/records.json");
  it("decodes and re-encodes the record, and derives the keys", () => {
    const record = decodeRentRecord(fromHex(v.record.encoded));
    expect(toHex(encodeRentRecord(record))).toBe(v.record.encoded);
    expect(record.debt.map((d) => d.amount)).toEqual([500n, 9_000n]);
    expect(toHex(rentRecordKey(fromHex(v.record.actor)))).toBe(v.record.key);
    expect(toHex(rentMetaKey())).toBe(v.meta_key);
  });
});

describe("instructions (test-vectors/rent/instructions.json)", () => {
  const v = readVector<{ valid: { json: unknown; encoded: string }[] }>("rent/instructions.json");
  it.each(v.valid.map((c) => [(c.json as { type: string }).type, c] as const))("%s: JSON ↔ bytes", (_t, c) => {
    const ins = instructionFromJson(c.json as Parameters<typeof instructionFromJson>[0]);
    expect(toHex(encode(instructionCodec, ins))).toBe(c.encoded);
    expect(instructionToJson(decode(instructionCodec, fromHex(c.encoded)))).toEqual(c.json);
  });
});

describe("lifecycle (test-vectors/rent/lifecycle.json)", () => {
  const v = readVector<{ scenarios: { scenario: Scenario; result: EpochState[] }[] }>("rent/lifecycle.json");
  it("replays to the pinned states, ending evicted", () => {
    for (const { scenario, result } of v.scenarios) {
      expect(replay(scenario)).toEqual(result);
      expect(result.map((r) => r.status)).toContain("warning");
      expect(result.at(-1)!.status).toBe("dormant");
    }
  });
});

describe("segments (test-vectors/rent/segments.json)", () => {
  const v = readVector<{
    cases: { name: string; pairs: PatternPair[]; stream_length: number; segment_lengths: number[]; segment_hashes: string[]; root: string }[];
  }>("rent/segments.json");
  it.each(v.cases.map((c) => [c.name, c] as const))("%s", (_n, c) => {
    const pairs = patternPairs(c.pairs);
    // The stream written out by hand here: u32be(|slot|) ‖ slot ‖ u32be(|value|) ‖ value, slots ascending.
    const parts: number[] = [];
    const u32 = (n: number) => parts.push((n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff);
    for (const [slot, value] of [...pairs].sort((a, b) => compareBytes(a[0], b[0]))) {
      u32(slot.length);
      parts.push(...slot);
      u32(value.length);
      for (const b of value) parts.push(b);
    }
    const stream = Uint8Array.from(parts);
    expect(stream.length).toBe(c.stream_length);
    expect(toHex(storageStream(pairs))).toBe(toHex(stream));
    const cuts = c.segment_lengths.map((_, i) => stream.subarray(i * RESTORE_SEGMENT_BYTES, (i + 1) * RESTORE_SEGMENT_BYTES));
    expect(cuts.map((x) => x.length)).toEqual(c.segment_lengths);
    expect(cuts.map((x) => toHex(keccak256(x)))).toEqual(c.segment_hashes);
    expect(segmentHashes(pairs).map(toHex)).toEqual(c.segment_hashes);
    expect(toHex(storageRoot(pairs))).toBe(c.root);
  });
});
