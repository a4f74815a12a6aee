import { ArgumentError } from "@cowboy/codec";
import { describe, expect, it } from "vitest";
import { keccak256 } from "@cowboy/crypto";
import { decodeTimerRecord, encodeTimerRecord, SchedulerError, timerId, type TimerRecord } from "../../src/index.js";

const owner = new Uint8Array(20).fill(0x11);
const base: TimerRecord = {
  owner,
  target: owner,
  handler: "on_tick",
  data: new Uint8Array([1, 2, 3]),
  fireHeight: 100n,
  interval: 0n,
  feePayer: owner,
  gasLimitPerFire: 50_000n,
  maxCellsPerFire: 1_000n,
  expiresAt: (1n << 64n) - 1n,
  maxFeePerCycle: 0n,
  maxPriorityFeePerCycle: 0n,
  tier: 1,
  gba: null,
  createdAt: 99n,
};

function code(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    if (e instanceof SchedulerError || e instanceof ArgumentError) return e.code;
    throw e;
  }
  return "none";
}

describe("timer records", () => {
  it("round-trips and re-encodes identically", () => {
    const bytes = encodeTimerRecord(base);
    expect(bytes[0]).toBe(1);
    const back = decodeTimerRecord(bytes);
    expect(back).toEqual(base);
    expect(encodeTimerRecord(back)).toEqual(bytes);
  });

  it("refuses bad fields with INVALID_ARGUMENT", () => {
    expect(code(() => encodeTimerRecord({ ...base, handler: "1abc" }))).toBe("INVALID_ARGUMENT");
    expect(code(() => encodeTimerRecord({ ...base, owner: new Uint8Array(19) }))).toBe("INVALID_ARGUMENT");
    expect(code(() => encodeTimerRecord({ ...base, interval: -1n }))).toBe("INVALID_ARGUMENT");
    expect(code(() => encodeTimerRecord({ ...base, tier: 4 as 1 }))).toBe("INVALID_ARGUMENT");
  });

  it("refuses truncated, extended and unknown-version bytes with CORRUPT_STATE", () => {
    const bytes = encodeTimerRecord(base);
    expect(code(() => decodeTimerRecord(bytes.subarray(0, bytes.length - 1)))).toBe("CORRUPT_STATE");
    expect(code(() => decodeTimerRecord(new Uint8Array([...bytes, 0])))).toBe("CORRUPT_STATE");
    const v2 = bytes.slice();
    v2[0] = 2;
    expect(code(() => decodeTimerRecord(v2))).toBe("CORRUPT_STATE");
  });

  it("derives ids as keccak256(domain ‖ owner ‖ nonce)", () => {
    const pre = new Uint8Array([...new TextEncoder().encode("cowboy:timer:v1"), ...owner, 0, 0, 0, 0, 0, 0, 0, 7]);
    expect(timerId(owner, 7n)).toEqual(keccak256(pre));
    expect(timerId(owner, 7n)).not.toEqual(timerId(owner, 8n));
    expect(code(() => timerId(owner, -1n))).toBe("INVALID_ARGUMENT");
  });
});
