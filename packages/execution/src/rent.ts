// Execution's side of state rent (cips/rent.md): the config in force, and @cowboy/rent's context over
// the account records (balances, storage byte counts, code) with the Treasury as the payee.
import { DEFAULT_RENT_CONFIG, type RentAccounts, type RentConfig, type RentContext } from "@cowboy/rent";
import { SYSTEM_ACTORS, systemAddress } from "@cowboy/types";
import type { ChainParams, StateAccess } from "./types.js";
import type { Accounts } from "./world.js";

const TREASURY = systemAddress(SYSTEM_ACTORS.treasury);

export function rentConfigOf(params: ChainParams): RentConfig {
  return params.rent ?? DEFAULT_RENT_CONFIG;
}

/** Execution's account records as @cowboy/rent sees them. */
export function rentAccounts(accounts: Accounts): RentAccounts {
  return {
    balanceOf: (a) => accounts.get(a).balance,
    debit: (a, n) => accounts.debit(a, n),
    credit: (a, n) => accounts.credit(a, n),
    storageBytes: (a) => accounts.get(a).storage_bytes,
    setStorageBytes: (a, n) => accounts.put(a, { ...accounts.get(a), storage_bytes: n }),
    isActor: (a) => accounts.get(a).code_hash !== null,
  };
}

export function rentContext(state: StateAccess, accounts: Accounts, params: ChainParams, height: bigint): RentContext {
  return {
    state,
    accounts: rentAccounts(accounts),
    config: rentConfigOf(params),
    height,
    treasury: TREASURY,
    baseQuota: BigInt(params.actors.storageQuotaBytes),
  };
}
