// Mint Rewards (spec STF step 6, §8.2; cips/staking.md "Rewards" and "Supply"): the block's basefee
// burn joins the supply record, then the block's issuance is paid to the epoch's validators by stake.
import { processRewards as mintRewards } from "@cowboy/staking";
import { stakingAccounts } from "../transaction/stakingInstruction.js";
import type { BlockEnv, ChainParams, StateAccess } from "../types.js";
import { Accounts } from "../world.js";

export function processRewards(state: StateAccess, env: BlockEnv, params: ChainParams, burned: bigint): void {
  if (params.staking === undefined) return;
  mintRewards(state, stakingAccounts(new Accounts(state, params.accountKey)), params.staking, env.height, burned);
}
