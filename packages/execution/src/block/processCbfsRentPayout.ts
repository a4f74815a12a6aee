// CBFS rent paid out to relays (cips/cbfs.md §7.1): every rentPayoutInterval blocks 0x0A pays each volume's rent
// accrued since its last payout, in equal shares, to the relays holding its receipted shards.
import { DEFAULT_CBFS_CHAIN_CONFIG, STORAGE_MANAGER_ADDRESS, scheduledRentPayout } from "@cowboy/cbfs";
import type { BlockEnv, ChainParams, StateAccess } from "../types.js";
import { Accounts } from "../world.js";

export function processCbfsRentPayout(state: StateAccess, env: BlockEnv, params: ChainParams): void {
  const payments = scheduledRentPayout(state, env.height, params.cbfs ?? DEFAULT_CBFS_CHAIN_CONFIG);
  if (payments.length === 0) return;
  const accounts = new Accounts(state, params.accountKey);
  for (const p of payments) {
    accounts.debit(STORAGE_MANAGER_ADDRESS, p.amount);
    accounts.credit(p.relay, p.amount);
  }
}
