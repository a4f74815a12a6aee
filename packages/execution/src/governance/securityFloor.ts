// Execution's side of §8.2's security-floor trigger (cips/governance.md "Security-floor trigger"): at the last block of
// each staking epoch, once the next epoch's set is fixed, its total stake over the total supply decides the boost;
// the block rewards of every block read the boost in force (staking is handed the boosted rates, not changed).
import { boostedRates, evaluateSecurityFloor, getSecurityFloor } from "@cowboy/governance";
import { epochSetAt, getSupply, isEpochEnd, totalSupply, type StakingConfig } from "@cowboy/staking";
import type { Event } from "@cowboy/types";
import type { ChainParams, StateAccess } from "../types.js";

/** The evaluation of block `height`'s end (after the epoch boundary): only at the last block of a staking epoch. */
export function evaluateSecurityFloorAt(state: StateAccess, params: ChainParams, height: bigint, events: Event[]): void {
  const { staking, governance } = params;
  if (staking === undefined || governance === undefined || !isEpochEnd(staking, height)) return;
  const next = epochSetAt(state, staking, height + 1n);
  const supply = getSupply(state);
  if (next === undefined || supply === undefined) return;
  const { event } = evaluateSecurityFloor(state, governance.securityFloor, next.totalStake, totalSupply(supply), height);
  if (event !== undefined) events.push(event);
}

/** The staking config block rewards are paid under: the chain's, with the boost applied while the trigger is on. */
export function rewardStakingConfig(state: Pick<StateAccess, "get">, params: ChainParams): StakingConfig | undefined {
  const { staking, governance } = params;
  if (staking === undefined || governance === undefined) return staking;
  const status = getSecurityFloor(state);
  if (status?.active !== true) return staking;
  const rates = boostedRates({ scheduleBps: staking.inflationScheduleBps, floorBps: staking.inflationFloorBps }, governance.securityFloor, status);
  return { ...staking, inflationScheduleBps: rates.scheduleBps, inflationFloorBps: rates.floorBps };
}
