// The CIP-1 pricing rules (§5.1b) against test-vectors/scheduler/auction.json.
import { readVector } from "@cowboy/checks/vectors";
import { describe, expect, it } from "vitest";
import { DEFAULT_SCHEDULER_CONFIG, defaultGasBid, fairnessWeight, nextLaneBasefee, type PriorityTier } from "../../src/index.js";
import { codeOf } from "../utils/helpers.js";

describe("CIP-1 pricing vectors", () => {
  const v = readVector<{
    laneBasefee: Array<{ parent: string; used: string; expected: string }>;
    defaultGba: Array<{ p50: string; basefee: string; tier: PriorityTier; maxFee: string; maxTip: string }>;
    weight: Array<{ fires: string; median: string; expected: string }>;
  }>("scheduler/auction.json");
  it("lane basefee", () => {
    for (const t of v.laneBasefee) expect(nextLaneBasefee(BigInt(t.parent), BigInt(t.used), DEFAULT_SCHEDULER_CONFIG)).toBe(BigInt(t.expected));
  });
  it("default GBA", () => {
    for (const t of v.defaultGba)
      expect(defaultGasBid(BigInt(t.basefee), BigInt(t.p50), t.tier)).toEqual({ maxFeePerCycle: BigInt(t.maxFee), maxPriorityFeePerCycle: BigInt(t.maxTip) });
  });
  it("fairness weight", () => {
    for (const t of v.weight) expect(fairnessWeight(BigInt(t.fires), BigInt(t.median))).toBe(BigInt(t.expected));
  });
  it("refuses bad pricing input with codes", () => {
    expect(codeOf(() => defaultGasBid(1n, 1n, 4 as PriorityTier))).toBe("INVALID_ARGUMENT");
    expect(codeOf(() => nextLaneBasefee(0n, 0n, DEFAULT_SCHEDULER_CONFIG))).toBe("INVALID_ARGUMENT");
    expect(codeOf(() => fairnessWeight(-1n, 0n))).toBe("INVALID_ARGUMENT");
  });
});
