// The rent vectors of test-vectors/rent/ (cips/rent.md): storage roots and restoration payloads,
// the record encoding and keys, the instruction bytes, and a lifecycle replayed on a fresh state.
import { readVector } from "@cowboy/checks/vectors";
import { decode, encode, fromHex, toHex } from "@cowboy/codec";
import { instructionCodec, instructionFromJson, instructionToJson } from "@cowboy/types";
import { describe, expect, it } from "vitest";
import { decodeRentRecord, decodeStoragePairs, encodeRentRecord, encodeStoragePairs, rentMetaKey, rentRecordKey, storageRoot, type StoragePair } from "../../src/index.js";
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
