// test-vectors/cbfs/por-schedule.json (cips/cbfs.md §11.2): the chain's scheduled PoR draw — which receipted holding
// the beacon picks at a scheduled height — is reproduced for every case.
import { readVector } from "@cowboy/checks/vectors";
import { describe, expect, it } from "vitest";
import { scheduledHoldingIndex } from "../../src/index.js";

interface ScheduleVector {
  cases: { beacon: string; height: string; count: number; digest: string; index: number }[];
}

const v = readVector<ScheduleVector>("cbfs/por-schedule.json");

describe("cbfs vectors: por-schedule.json", () => {
  it("draws the vector's holding index", () => {
    expect(v.cases.length).toBeGreaterThan(0);
    for (const c of v.cases) {
      expect(scheduledHoldingIndex(new Uint8Array(Buffer.from(c.beacon, "hex")), BigInt(c.height), c.count)).toBe(c.index);
    }
  });
});
