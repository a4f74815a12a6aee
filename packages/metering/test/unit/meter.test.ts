import { describe, expect, it } from "vitest";
import { COST_TABLE_V1, Meter, MeteringError, OutOfCells, OutOfCycles, costTableToJson, intrinsicCost, linearCost } from "../../src/index.js";
import { readVector } from "@cowboy/checks/vectors";

describe("Meter", () => {
  it("counts cycles and cells independently", () => {
    const m = new Meter({ cyclesLimit: 100n, cellsLimit: 10n });
    m.consumeCycles(40n);
    m.consumeCells(3n);
    expect(m.cyclesUsed).toBe(40n);
    expect(m.cellsUsed).toBe(3n);
    expect(m.cyclesRemaining).toBe(60n);
    expect(m.cellsRemaining).toBe(7n);
  });
  it("throws OutOfCycles and pins usage at the limit", () => {
    const m = new Meter({ cyclesLimit: 100n, cellsLimit: 10n });
    m.consumeCycles(100n);
    expect(() => m.consumeCycles(1n)).toThrow(OutOfCycles);
    const m2 = new Meter({ cyclesLimit: 100n, cellsLimit: 10n });
    m2.consumeCycles(60n);
    try {
      m2.consumeCycles(41n);
      expect.unreachable();
    } catch (e) {
      expect((e as OutOfCycles).code).toBe("OutOfCycles");
      expect((e as OutOfCycles).requested).toBe(41n);
    }
    expect(m2.cyclesUsed).toBe(100n);
  });
  it("throws OutOfCells", () => {
    const m = new Meter({ cyclesLimit: 1n, cellsLimit: 10n });
    expect(() => m.consumeCells(11n)).toThrow(OutOfCells);
    expect(m.cellsUsed).toBe(10n);
  });
  it("rejects bad arguments with InvalidArgument and changes nothing", () => {
    const m = new Meter({ cyclesLimit: 5n, cellsLimit: 5n });
    expect(() => m.consumeCycles(-1n)).toThrow(/amount must be non-negative/);
    expect(() => m.consumeCycles(1 as unknown as bigint)).toThrow(MeteringError);
    expect(m.cyclesUsed).toBe(0n);
    expect(() => new Meter({ cyclesLimit: -1n, cellsLimit: 0n })).toThrow(/opts.cyclesLimit/);
  });
});

describe("cost table v1", () => {
  it("has the spec's host costs", () => {
    expect(linearCost(COST_TABLE_V1.host.sha256, 0)).toBe(500n);
    expect(linearCost(COST_TABLE_V1.host.sha256, 65)).toBe(516n);
    expect(linearCost(COST_TABLE_V1.host.keccak256, 32)).toBe(6n);
    expect(linearCost(COST_TABLE_V1.host.keccak256, 33)).toBe(12n);
    expect(linearCost(COST_TABLE_V1.host.emitEvent, 10)).toBe(550n);
    expect(linearCost(COST_TABLE_V1.host.storageRead)).toBe(100n);
    expect(linearCost(COST_TABLE_V1.host.storageWrite)).toBe(200n);
    expect(linearCost(COST_TABLE_V1.host.ed25519Verify)).toBe(5000n);
    expect(linearCost(COST_TABLE_V1.host.secp256k1Verify)).toBe(10000n);
    expect(linearCost(COST_TABLE_V1.host.blsVerify)).toBe(8000n);
  });
  it("has CIP-3 interpreter costs", () => {
    expect(linearCost(COST_TABLE_V1.pvm.importFirst)).toBe(100n);
    expect(linearCost(COST_TABLE_V1.pvm.importCached)).toBe(5n);
    expect(linearCost(COST_TABLE_V1.pvm.importFailed)).toBe(50n);
    expect(linearCost(COST_TABLE_V1.pvm.encodeDecode, 7)).toBe(17n);
    expect(linearCost(COST_TABLE_V1.pvm.serialize, 100)).toBe(120n);
    expect(linearCost(COST_TABLE_V1.pvm.bigIntArithmetic, 4096)).toBe(65n);
  });
  it("computes intrinsic costs (§17.2)", () => {
    expect(intrinsicCost("transfer")).toEqual({ cycles: 21000n, cells: 0n });
    expect(intrinsicCost("deploy", 1234)).toEqual({ cycles: 100000n, cells: 1234n });
    expect(intrinsicCost("actorMessage", 9n)).toEqual({ cycles: 21000n, cells: 9n });
    expect(intrinsicCost("timerSchedule", 500)).toEqual({ cycles: 5000n, cells: 64n });
  });
  it("matches test-vectors/metering/cost-table-v1.json", () => {
    const file = readVector("metering/cost-table-v1.json");
    expect(file).toEqual(costTableToJson());
  });
});
