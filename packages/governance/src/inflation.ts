// Spec §8.2's inflation guardrails (cips/governance.md "Inflation guardrails"): (a) no rate above 10% gross,
// (b) no rate moves by more than 2 percentage points, and at most one change activates per issuance year,
// (c) timelock and supermajority: the inflation group is Tier 3.
import { GovernanceError } from "./errors.js";
import { inflationChangedKey } from "./keys.js";
import { readJson, writeJson, type GovernanceState } from "./store.js";

/** The rates governance may change: the yearly schedule and the floor, in bps of the year's base supply. */
export interface InflationRates {
  readonly scheduleBps: readonly bigint[];
  readonly floorBps: bigint;
}

export const INFLATION_CAP_BPS = 1_000n;
export const INFLATION_MAX_CHANGE_BPS = 200n;

const abs = (x: bigint): bigint => (x < 0n ? -x : x);

/**
 * Throws INFLATION_GUARDRAIL unless moving from `current` to `proposed` at `height` keeps §8.2's guardrails;
 * `blocksPerYear` is the issuance year's length (staking's).
 */
export function checkInflationChange(state: GovernanceState, current: InflationRates, proposed: InflationRates, height: bigint, blocksPerYear: bigint): void {
  const rate = (r: InflationRates, year: number): bigint => (year < r.scheduleBps.length ? r.scheduleBps[year]! : r.floorBps);
  const years = Math.max(current.scheduleBps.length, proposed.scheduleBps.length);
  for (let y = 0; y <= years; y++) {
    const after = y === years ? proposed.floorBps : rate(proposed, y);
    const before = y === years ? current.floorBps : rate(current, y);
    const what = y === years ? "the floor" : `year ${y + 1}'s rate`;
    if (after > INFLATION_CAP_BPS) throw new GovernanceError("INFLATION_GUARDRAIL", `${what} ${after} bps exceeds the 10% (1000 bps) cap`);
    if (abs(after - before) > INFLATION_MAX_CHANGE_BPS)
      throw new GovernanceError("INFLATION_GUARDRAIL", `${what} moves by ${abs(after - before)} bps; at most 200 bps (2 points) a year`);
  }
  const last = readJson(state, inflationChangedKey(), "inflation change height");
  if (typeof last === "string" && height < BigInt(last) + blocksPerYear) {
    throw new GovernanceError("INFLATION_GUARDRAIL", `the last inflation change activated at ${last}; the next may activate from ${BigInt(last) + blocksPerYear}`);
  }
}

/** Records that an inflation change activated at `height`. */
export function noteInflationChange(state: GovernanceState, height: bigint): void {
  writeJson(state, inflationChangedKey(), height.toString());
}
