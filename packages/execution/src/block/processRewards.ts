// Mint Rewards (spec STF step 6, §8.2; cips/staking.md "Rewards" and "Supply"): the block's basefee
// burn joins the supply record, then the block's issuance is paid to the epoch's validators by stake,
// at the rates in force (raised while §8.2's security-floor trigger is on; cips/governance.md).
import { processRewards as mintRewards } from "@cowboy/staking";
import { rewardStakingConfig } from "../governance/securityFloor.js";
import { stakingAccounts } from "../transaction/stakingInstruction.js";
import type { BlockEnv, ChainParams, StateAccess } from "../types.js";
import { Accounts } from "../world.js";

export function processRewards(state: StateAccess, env: BlockEnv, params: ChainParams, burned: bigint): void {
  const staking = rewardStakingConfig(state, params);
  if (staking === undefined) return;
  mintRewards(state, stakingAccounts(new Accounts(state, params.accountKey)), staking, env.height, burned);
}
