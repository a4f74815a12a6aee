// Spec §8.2's security-floor trigger (cips/governance.md "Security-floor trigger"): when the staked ratio falls below a
// governance-defined threshold, gross inflation rises by a bounded boost; the boost ends by itself once the ratio is
// back at the threshold. Evaluated once per staking epoch (at its boundary); the state is a record at 0x09.
import { encodeCbor } from "@cowboy/codec";
import type { Event } from "@cowboy/types";
import { GovernanceError } from "./errors.js";
import { INFLATION_CAP_BPS, INFLATION_MAX_CHANGE_BPS, type InflationRates } from "./inflation.js";
import { GOVERNANCE_ADDRESS, securityFloorKey } from "./keys.js";
import { readJson, writeJson, type GovernanceState, type StateReader } from "./store.js";

/** The trigger's parameters (registry `system:gov:param:security_floor`, Tier 3). */
export interface SecurityFloorConfig {
  /** Staked share of the total supply, bps, below which the boost is on; 0 turns the trigger off. */
  readonly thresholdBps: bigint;
  /** Added to every yearly rate and the floor while on (at most 200 bps, guardrail (b)); never past the 10% cap. */
  readonly boostBps: bigint;
}

/** Off until governance defines the threshold (§8.2: "a governance-defined threshold"); a 2-point boost when on. */
export const DEFAULT_SECURITY_FLOOR: SecurityFloorConfig = Object.freeze({ thresholdBps: 0n, boostBps: 200n });

/** The trigger's standing, as last evaluated. */
export interface SecurityFloorStatus {
  readonly active: boolean;
  /** Height of the evaluation that last switched the boost on or off. */
  readonly since: bigint;
  /** The staked ratio (bps) the last evaluation measured, and its height. */
  readonly ratioBps: bigint;
  readonly evaluatedAt: bigint;
}

export function validateSecurityFloor(cfg: SecurityFloorConfig): SecurityFloorConfig {
  if (cfg === null || typeof cfg !== "object") throw new GovernanceError("INVALID_ARGUMENT", "securityFloor: expected an object");
  if (typeof cfg.thresholdBps !== "bigint" || cfg.thresholdBps < 0n || cfg.thresholdBps > 10_000n)
    throw new GovernanceError("INVALID_ARGUMENT", `securityFloor.thresholdBps: expected a bigint in [0, 10000], got ${String(cfg.thresholdBps)}`);
  if (typeof cfg.boostBps !== "bigint" || cfg.boostBps < 0n || cfg.boostBps > INFLATION_MAX_CHANGE_BPS)
    throw new GovernanceError(
      "INVALID_ARGUMENT",
      `securityFloor.boostBps: expected a bigint in [0, ${INFLATION_MAX_CHANGE_BPS}] (§8.2 guardrail (b)), got ${String(cfg.boostBps)}`,
    );
  return cfg;
}

/** ⌊staked · 10⁴ / supply⌋; 0 for an empty supply. */
export function stakedRatioBps(staked: bigint, supply: bigint): bigint {
  return supply <= 0n ? 0n : (staked * 10_000n) / supply;
}

export function getSecurityFloor(state: StateReader): SecurityFloorStatus | undefined {
  const j = readJson(state, securityFloorKey(), "security floor") as Record<string, unknown> | undefined;
  if (j === undefined) return undefined;
  const dec = (v: unknown): bigint => {
    if (typeof v !== "string" || !/^(0|[1-9][0-9]*)$/.test(v)) throw new GovernanceError("CORRUPT_STATE", "security floor: bad record");
    return BigInt(v);
  };
  if (typeof j.active !== "boolean") throw new GovernanceError("CORRUPT_STATE", "security floor: bad record");
  return { active: j.active, since: dec(j.since), ratioBps: dec(j.ratio_bps), evaluatedAt: dec(j.evaluated_at) };
}

/** What an evaluation did: the new standing, and the event of a switch (none when the boost stays as it was). */
export interface SecurityFloorOutcome {
  readonly status: SecurityFloorStatus | undefined;
  readonly event: Event | undefined;
}

/**
 * One evaluation at `height` with the new epoch's total stake and the total supply: on when the ratio is below the
 * threshold, off when it is at or above it (or the threshold is 0). A trigger that is off and disabled writes nothing.
 */
export function evaluateSecurityFloor(state: GovernanceState, cfg: SecurityFloorConfig, staked: bigint, supply: bigint, height: bigint): SecurityFloorOutcome {
  const before = getSecurityFloor(state);
  const wasActive = before?.active === true;
  if (cfg.thresholdBps === 0n && !wasActive) return { status: before, event: undefined };
  const ratioBps = stakedRatioBps(staked, supply);
  const active = cfg.thresholdBps > 0n && ratioBps < cfg.thresholdBps;
  const status: SecurityFloorStatus = { active, since: active === wasActive && before !== undefined ? before.since : height, ratioBps, evaluatedAt: height };
  writeJson(state, securityFloorKey(), { active, since: status.since.toString(), ratio_bps: ratioBps.toString(), evaluated_at: height.toString() });
  if (active === wasActive) return { status, event: undefined };
  const data = encodeCbor({ active, ratio_bps: ratioBps, threshold_bps: cfg.thresholdBps, boost_bps: active ? cfg.boostBps : 0n });
  return { status, event: { emitter: GOVERNANCE_ADDRESS.slice(), topic: new TextEncoder().encode("cowboy:gov_security_floor"), data } };
}

/** The rates rewards are paid at: the schedule and floor, each raised by the boost while it is on, capped at 10%. */
export function boostedRates(rates: InflationRates, cfg: SecurityFloorConfig, status: SecurityFloorStatus | undefined): InflationRates {
  if (status?.active !== true || cfg.boostBps === 0n) return rates;
  const up = (bps: bigint): bigint => (bps >= INFLATION_CAP_BPS ? bps : bps + cfg.boostBps > INFLATION_CAP_BPS ? INFLATION_CAP_BPS : bps + cfg.boostBps);
  return { scheduleBps: rates.scheduleBps.map(up), floorBps: up(rates.floorBps) };
}
