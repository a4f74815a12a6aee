import { describe, expect, it } from "vitest";
import { StakingError, decodeEpochGroupKey, encodeEpochGroupKey, epochGroupKey, groupKeyKey, GroupKeyOutcome, putEpochGroupKey, type EpochGroupKey } from "../../src/index.js";
import { addr, newFork, poolKey } from "../utils/fixture.js";

const key = (over: Partial<EpochGroupKey> = {}): EpochGroupKey => ({
  epoch: 3n,
  outcome: GroupKeyOutcome.Ok,
  threshold: 2n,
  commitments: [poolKey(0).publicKey, poolKey(1).publicKey],
  members: [addr(1), addr(2), addr(3)],
  dealings: 3n,
  ...over,
});

describe("epoch group key record", () => {
  it("round-trips through the state under kind 07 ‖ epoch", () => {
    const fork = newFork();
    expect(epochGroupKey(fork, 3n)).toBeUndefined();
    putEpochGroupKey(fork, key());
    const back = epochGroupKey(fork, 3n)!;
    expect(back.threshold).toBe(2n);
    expect(back.members.map((m) => m[0])).toEqual([1, 2, 3]);
    expect(back.commitments[0]).toEqual(poolKey(0).publicKey);
    expect(epochGroupKey(fork, 4n)).toBeUndefined();
    expect(Array.from(groupKeyKey(3n).slice(-9))).toEqual([7, 0, 0, 0, 0, 0, 0, 0, 3]);
  });

  it("has the documented byte layout", () => {
    const bytes = encodeEpochGroupKey(key());
    // epoch 3, outcome 0, threshold 2, 2 commitments of 48, 3 members of 20, dealings 3
    expect(bytes.length).toBe(1 + 1 + 1 + 1 + 96 + 1 + 60 + 1);
    expect(Array.from(bytes.slice(0, 4))).toEqual([3, 0, 2, 2]);
    expect(bytes[bytes.length - 1]).toBe(3);
  });

  it("refuses inconsistent records on write and reports them as corrupt on read", () => {
    expect(() => encodeEpochGroupKey(key({ threshold: 3n }))).toThrow(StakingError);
    expect(() => encodeEpochGroupKey(key({ members: [addr(1)] }))).toThrow(/cannot reach threshold/);
    const bytes = encodeEpochGroupKey(key());
    bytes[2] = 1; // threshold 1 but two commitments
    expect(() => decodeEpochGroupKey(bytes)).toThrow(expect.objectContaining({ code: "CORRUPT_STATE" }));
    const bad = encodeEpochGroupKey(key());
    bad[1] = 2; // no such outcome
    expect(() => decodeEpochGroupKey(bad)).toThrow(expect.objectContaining({ code: "CORRUPT_STATE" }));
  });
});
