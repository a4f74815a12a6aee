import { describe, expect, it } from "vitest";
import { DEFAULT_FEE_MARKET_CONFIG as C, FeeMarketError, createFeeMarketConfig, validateFeeMarketConfig, type FeeMarketConfig } from "../../src/index.js";

function rejects(config: unknown, message: RegExp): void {
  try {
    validateFeeMarketConfig(config as FeeMarketConfig);
  } catch (e) {
    expect(e).toBeInstanceOf(FeeMarketError);
    expect((e as FeeMarketError).code).toBe("INVALID_CONFIG");
    expect((e as Error).message).toMatch(message);
    return;
  }
  throw new Error("accepted an invalid config");
}

describe("FeeMarketConfig", () => {
  it("carries the spec's genesis defaults, frozen", () => {
    expect(C).toMatchObject({ cyclesTarget: 20_000_000n, cellsTarget: 4_000_000n, alpha: 96n, maxChangeDenominator: 96n, minBasefee: 10_000n, cellsCap: 16_000_000n });
    expect(C.laneMultipliersBps).toEqual({ system: 10_000n, timer: 10_000n, runner: 10_000n, user: 10_000n });
    expect(Object.isFrozen(C) && Object.isFrozen(C.laneBudgets)).toBe(true);
    expect(validateFeeMarketConfig(C)).toBe(C);
  });

  it("names the first bad field", () => {
    rejects({ ...C, alpha: 0n }, /^alpha must lie in \[1, /);
    rejects({ ...C, cyclesTarget: 5 }, /^cyclesTarget must be a bigint, got number/);
    rejects({ ...C, laneBudgets: { ...C.laneBudgets, user: 0n } }, /^laneBudgets.user must lie in/);
    rejects({ ...C, laneMultipliersBps: { ...C.laneMultipliersBps, timer: 1_000_001n } }, /^laneMultipliersBps.timer must lie in \[1, 1000000\]/);
    rejects({ ...C, cyclesTarget: 80_000_001n }, /must cover cyclesTarget/);
    rejects({ ...C, cellsCap: 3_999_999n }, /cellsCap 3999999 must be at least cellsTarget/);
    rejects({ ...C, laneBudgets: undefined }, /laneBudgets must be an object/);
    rejects(null, /config must be an object/);
  });

  it("builds a validated configuration from overrides, merging lane tables lane by lane", () => {
    const c = createFeeMarketConfig({ alpha: 8n, laneBudgets: { timer: 0n } });
    expect(c.alpha).toBe(8n);
    expect(c.laneBudgets).toEqual({ ...C.laneBudgets, timer: 0n });
    expect(() => createFeeMarketConfig({ minBasefee: 0n })).toThrow(/minBasefee must lie in/);
  });
});
