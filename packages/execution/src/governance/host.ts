// Execution's side of governance (cips/governance.md "Electorate"): the GovernanceHost over a block's state —
// the electorate from staking's epoch set (or, on a chain without staking, the governance config's list), and
// parameter checks through the registry's table, with §8.2's inflation guardrails.
import { toHex } from "@cowboy/codec";
import { checkInflationChange, noteInflationChange, proposalEvent, type Electorate, type GovernanceConfig, type GovernanceHost, type Json } from "@cowboy/governance";
import { epochSetAt } from "@cowboy/staking";
import type { Event } from "@cowboy/types";
import type { ChainParams, StateAccess } from "../types.js";
import { Accounts } from "../world.js";
import { checkParamChanges, resolveChainParams } from "./resolve.js";

const INFLATION_KEY = "system:gov:param:inflation";

function electorateOf(state: StateAccess, params: ChainParams, config: GovernanceConfig, height: bigint): Electorate {
  if (params.staking !== undefined) {
    const set = epochSetAt(state, params.staking, height);
    const stakes = new Map((set?.members ?? []).map((m) => [toHex(m.address), m.stake]));
    return {
      totalStake: set?.totalStake ?? 0n,
      totalValidators: BigInt(stakes.size),
      stakeOf: (a) => stakes.get(toHex(a)) ?? 0n,
      isValidator: (a) => stakes.has(toHex(a)),
    };
  }
  const weights = new Map(config.electorate.map((v) => [v.address, v.weight]));
  return {
    totalStake: config.electorate.reduce((sum, v) => sum + v.weight, 0n),
    totalValidators: BigInt(weights.size),
    stakeOf: (a) => weights.get(toHex(a)) ?? 0n,
    isValidator: (a) => weights.has(toHex(a)),
  };
}

/**
 * The governance host of the block at `height` running under `params` (which must have `governance`); proposal
 * transitions are appended to `events` as chain events (cips/governance.md "Events").
 */
export function governanceHost(state: StateAccess, params: ChainParams, height: bigint, events: Event[] = []): GovernanceHost {
  const config = params.governance as GovernanceConfig;
  const accounts = new Accounts(state, params.accountKey);
  const changesInflation = (changes: readonly { key: string }[]): boolean => changes.some((c) => c.key === INFLATION_KEY);
  return {
    state,
    config,
    height,
    accounts: { balanceOf: (a) => accounts.get(a).balance, debit: (a, n) => accounts.debit(a, n), credit: (a, n) => accounts.credit(a, n) },
    electorate: (h) => electorateOf(state, params, config, h),
    checkParams: (changes: readonly { key: string; value: Json }[]) => {
      // Against the registry as it is now, not as the block began: two proposals activating in one block are
      // checked together (each valid alone is not enough; cips/governance.md "Lifecycle").
      const now = resolveChainParams(state, params);
      const { tier, params: after } = checkParamChanges(now, changes);
      if (changesInflation(changes) && now.staking !== undefined && after.staking !== undefined) {
        const rates = (s: NonNullable<ChainParams["staking"]>) => ({ scheduleBps: s.inflationScheduleBps, floorBps: s.inflationFloorBps });
        checkInflationChange(state, rates(now.staking), rates(after.staking), height, now.staking.blocksPerYear);
      }
      return tier;
    },
    paramsApplied: (changes) => {
      if (changesInflation(changes)) noteInflationChange(state, height);
    },
    emit: (event) => {
      events.push(proposalEvent(event));
    },
  };
}
