// §8.2's security-floor trigger as pure rules (cips/governance.md "Security-floor trigger"): the ratio, the switch and
// its hysteresis-free expiry, the boost bounded by the 10% cap and the 2-point guardrail.
import { decodeCbor } from "@cowboy/codec";
import { describe, expect, it } from "vitest";
import { boostedRates, createGovernanceConfig, evaluateSecurityFloor, GovernanceError, getSecurityFloor, stakedRatioBps, validateSecurityFloor } from "../../src/index.js";
import { MapState } from "../utils/fixture.js";

const CFG = { thresholdBps: 3_000n, boostBps: 200n };

describe("security-floor trigger", () => {
  it("measures the staked ratio in whole bps, rounding down", () => {
    expect(stakedRatioBps(2_999n, 10_000n)).toBe(2_999n);
    expect(stakedRatioBps(1n, 3n)).toBe(3_333n);
    expect(stakedRatioBps(5n, 0n)).toBe(0n);
  });

  it("switches on strictly below the threshold and off at it, with an event on each switch only", () => {
    const s = new MapState();
    const a = evaluateSecurityFloor(s, CFG, 2_999n, 10_000n, 100n);
    expect(a.status).toEqual({ active: true, since: 100n, ratioBps: 2_999n, evaluatedAt: 100n });
    expect(new TextDecoder().decode(a.event!.topic)).toBe("cowboy:gov_security_floor");
    expect(Object.fromEntries(decodeCbor(a.event!.data) as Map<string, unknown>)).toEqual({ active: true, ratio_bps: 2_999n, threshold_bps: 3_000n, boost_bps: 200n });
    const b = evaluateSecurityFloor(s, CFG, 2_000n, 10_000n, 200n);
    expect([b.status, b.event]).toEqual([{ active: true, since: 100n, ratioBps: 2_000n, evaluatedAt: 200n }, undefined]);
    const c = evaluateSecurityFloor(s, CFG, 3_000n, 10_000n, 300n);
    expect(c.status).toEqual({ active: false, since: 300n, ratioBps: 3_000n, evaluatedAt: 300n });
    expect(Object.fromEntries(decodeCbor(c.event!.data) as Map<string, unknown>)).toEqual({ active: false, ratio_bps: 3_000n, threshold_bps: 3_000n, boost_bps: 0n });
    expect(getSecurityFloor(s)).toEqual(c.status);
  });

  it("a threshold of 0 writes nothing while off, and switches an active boost off", () => {
    const s = new MapState();
    expect(evaluateSecurityFloor(s, { thresholdBps: 0n, boostBps: 200n }, 0n, 10_000n, 5n)).toEqual({ status: undefined, event: undefined });
    expect(s.map.size).toBe(0);
    evaluateSecurityFloor(s, CFG, 0n, 10_000n, 10n);
    const off = evaluateSecurityFloor(s, { thresholdBps: 0n, boostBps: 200n }, 0n, 10_000n, 20n);
    expect(off.status?.active).toBe(false);
    expect(off.event).toBeDefined();
  });

  it("boosts every year and the floor, never past the 10% cap; nothing while off", () => {
    const rates = { scheduleBps: [800n, 900n, 1_000n, 300n], floorBps: 200n };
    const on = { active: true, since: 1n, ratioBps: 0n, evaluatedAt: 1n };
    expect(boostedRates(rates, CFG, on)).toEqual({ scheduleBps: [1_000n, 1_000n, 1_000n, 500n], floorBps: 400n });
    expect(boostedRates(rates, CFG, { ...on, active: false })).toBe(rates);
    expect(boostedRates(rates, CFG, undefined)).toBe(rates);
  });

  it("refuses a boost above 200 bps or a threshold above 10,000 bps; the default is off", () => {
    const code = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return e instanceof GovernanceError ? e.code : "other";
      }
      return "none";
    };
    expect(code(() => validateSecurityFloor({ thresholdBps: 3_000n, boostBps: 201n }))).toBe("INVALID_ARGUMENT");
    expect(code(() => validateSecurityFloor({ thresholdBps: 10_001n, boostBps: 0n }))).toBe("INVALID_ARGUMENT");
    expect(code(() => createGovernanceConfig({ securityFloor: { thresholdBps: 1n, boostBps: 300n } }))).toBe("INVALID_ARGUMENT");
    expect(createGovernanceConfig().securityFloor).toEqual({ thresholdBps: 0n, boostBps: 200n });
  });
});
