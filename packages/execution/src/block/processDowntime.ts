// Downtime (spec §6 "Slashing"; cips/staking.md "Downtime"): before rewards and the epoch boundary, the
// block's certificate (its parent's) is counted: absent signers miss a vote, and at a window's last block a
// validator above the limit is jailed (no slash), so the boundary of that block already leaves it out.
import { recordDowntime } from "@cowboy/staking";
import { stakingAccounts } from "../transaction/stakingInstruction.js";
import type { BlockEnv, ChainParams, StateAccess } from "../types.js";
import { Accounts } from "../world.js";

export function processDowntime(state: StateAccess, env: BlockEnv, params: ChainParams): void {
  if (params.staking === undefined) return;
  const ctx = { state, accounts: stakingAccounts(new Accounts(state, params.accountKey)), config: params.staking, height: env.height };
  recordDowntime(ctx, env.certificate ?? new Uint8Array(0));
}
