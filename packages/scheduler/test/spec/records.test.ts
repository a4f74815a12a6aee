// The timer-record encoding against the pinned vectors of test-vectors/scheduler/records.json.
import { readVector } from "@cowboy/checks/vectors";
import { fromHex, toHex } from "@cowboy/codec";
import { describe, expect, it } from "vitest";
import { decodeTimerRecord, encodeTimerRecord, type TimerRecord } from "../../src/index.js";

describe("record vectors (test-vectors/scheduler/records.json)", () => {
  type Raw = Record<string, string | number | null>;
  const { records } = readVector<{ records: Raw[] }>("scheduler/records.json");
  const hex = (v: unknown) => fromHex(String(v));
  const fromRaw = (r: Raw): TimerRecord => ({
    owner: hex(r.owner),
    target: hex(r.target),
    handler: String(r.handler),
    data: hex(r.data),
    fireHeight: BigInt(r.fireHeight!),
    interval: BigInt(r.interval!),
    feePayer: hex(r.feePayer),
    gasLimitPerFire: BigInt(r.gasLimitPerFire!),
    maxCellsPerFire: BigInt(r.maxCellsPerFire!),
    expiresAt: BigInt(r.expiresAt!),
    maxFeePerCycle: BigInt(r.maxFeePerCycle!),
    maxPriorityFeePerCycle: BigInt(r.maxPriorityFeePerCycle!),
    tier: r.tier as TimerRecord["tier"],
    gba: r.gba === null ? null : hex(r.gba),
    createdAt: BigInt(r.createdAt!),
  });
  it.each(records.map((r, i) => [i, r] as const))("record %i encodes to and decodes from its bytes", (_i, raw) => {
    const record = fromRaw(raw);
    expect(toHex(encodeTimerRecord(record))).toBe(raw.encoded);
    expect(decodeTimerRecord(hex(raw.encoded))).toEqual(record);
  });
});
