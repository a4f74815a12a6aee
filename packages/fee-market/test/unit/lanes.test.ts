import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEFAULT_FEE_MARKET_CONFIG as C, LANES, allocateLanes, createFeeMarketConfig, laneBasefee, laneBasefees, laneCapacity, type LaneId } from "../../src/index.js";
import { big } from "../utils/vectors.js";
import { readVector } from "@cowboy/checks/vectors";

const idle = { system: 0n, timer: 0n, runner: 0n, user: 0n };
const HARD_CAP = 80_000_000n;

describe("lanes", () => {
  it("use the §17.9 budgets, summing to the 80,000,000-Cycle hard cap", () => {
    expect(C.laneBudgets).toEqual({ system: 40_000_000n, timer: 8_888_890n, runner: 8_888_888n, user: 22_222_222n });
    expect(LANES.reduce((s, l) => s + C.laneBudgets[l], 0n)).toBe(HARD_CAP);
    expect(big(readVector<any>("fee-market/lanes.json").budgets)).toEqual(C.laneBudgets);
  });

  it("reproduce the capacity and allocation vectors", () => {
    const v = readVector<any>("fee-market/lanes.json");
    for (const raw of v.capacity_cases) {
      const c = big(raw);
      for (const lane of LANES) expect(laneCapacity(lane, c.usage, C)).toBe(c.capacity[lane]);
    }
    for (const raw of v.allocation_cases) {
      const c = big(raw);
      const a = allocateLanes(c.demand, C);
      expect({ admitted: a.admitted, user_capacity: a.userCapacity, borrowed: a.borrowed, total: a.total }).toEqual({
        admitted: c.admitted,
        user_capacity: c.user_capacity,
        borrowed: c.borrowed,
        total: c.total,
      });
    }
  });

  it("cascade unused system and runner capacity to the user lane, never the other way", () => {
    expect(laneCapacity("user", idle, C)).toBe(22_222_222n + 40_000_000n + 8_888_888n);
    expect(laneCapacity("system", { ...idle, user: 60_000_000n }, C)).toBe(40_000_000n);
    expect(laneCapacity("timer", { ...idle, user: 70_000_000n }, C)).toBe(8_888_890n);
    expect(laneCapacity("user", { ...idle, system: 40_000_000n, runner: 8_888_888n }, C)).toBe(22_222_222n);
    expect(laneCapacity("user", { ...idle, timer: 0n, system: 40_000_000n, runner: 8_888_888n, user: 22_222_222n }, C)).toBe(0n);
    const a = allocateLanes({ system: 10n ** 9n, timer: 1n, runner: 0n, user: 10n ** 9n }, C);
    expect(a.admitted).toEqual({ system: 40_000_000n, timer: 1n, runner: 0n, user: 22_222_222n + 8_888_888n });
    expect(a.borrowed).toBe(8_888_888n);
  });

  it("never admit more than demanded, more than a reserved budget, or more than the hard cap", () => {
    const demand = fc.record({
      system: fc.bigInt({ min: 0n, max: 10n ** 9n }),
      timer: fc.bigInt({ min: 0n, max: 10n ** 9n }),
      runner: fc.bigInt({ min: 0n, max: 10n ** 9n }),
      user: fc.bigInt({ min: 0n, max: 10n ** 9n }),
    });
    fc.assert(
      fc.property(demand, (d) => {
        const a = allocateLanes(d, C);
        for (const lane of LANES) expect(a.admitted[lane] <= d[lane]).toBe(true);
        for (const lane of ["system", "timer", "runner"] as LaneId[]) expect(a.admitted[lane]).toBe(d[lane] < C.laneBudgets[lane] ? d[lane] : C.laneBudgets[lane]);
        expect(a.total <= HARD_CAP).toBe(true);
        expect(a.admitted.user >= (d.user < C.laneBudgets.user ? d.user : C.laneBudgets.user)).toBe(true);
        // The incremental view agrees: after the reserved lanes, the user lane can take exactly userCapacity.
        expect(laneCapacity("user", { ...a.admitted, user: 0n }, C)).toBe(a.userCapacity);
      }),
    );
  });

  it("scale a lane's basefee by its multiplier, rounding up", () => {
    expect(laneBasefee(10_001n, "user", C)).toBe(10_001n);
    const config = createFeeMarketConfig({ laneMultipliersBps: { timer: 15_000n, runner: 5_000n } });
    expect(laneBasefee(10_001n, "timer", config)).toBe(15_002n);
    expect(laneBasefees({ cycle: 10_001n, cell: 20_000n }, "runner", config)).toEqual({ cycle: 5_001n, cell: 10_000n });
  });

  it("refuse an unknown lane or bad usage", () => {
    expect(() => laneCapacity("bogus" as LaneId, idle, C)).toThrow(/lane must be one of system, timer, runner, user/);
    expect(() => laneCapacity("user", { ...idle, timer: -1n }, C)).toThrow(/usage.timer must be a u64/);
    expect(() => allocateLanes({ ...idle, user: undefined as unknown as bigint }, C)).toThrow(/demand.user must be a bigint/);
  });
});
