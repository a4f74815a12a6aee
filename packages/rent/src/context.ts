// What the rent rules are given (cips/rent.md): the state, execution's balances and storage counts,
// the parameters and the height. Execution builds one per step or instruction.
import { isSystemAddress } from "@cowboy/types";
import type { RentConfig } from "./config.js";
import { RentError } from "./errors.js";
import type { RentState } from "./store.js";

/** Balances and storage byte counts as execution keeps them (the account record). Amounts are u64 base units. */
export interface RentAccounts {
  balanceOf(address: Uint8Array): bigint;
  /** Removes `amount` (≤ balance, checked by rent first). */
  debit(address: Uint8Array, amount: bigint): void;
  credit(address: Uint8Array, amount: bigint): void;
  /** The actor's storage bytes (keys + values), as the host counts them. */
  storageBytes(address: Uint8Array): bigint;
  setStorageBytes(address: Uint8Array, bytes: bigint): void;
  /** Whether code is deployed at the address. */
  isActor(address: Uint8Array): boolean;
}

export interface RentContext {
  readonly state: RentState;
  readonly accounts: RentAccounts;
  readonly config: RentConfig;
  readonly height: bigint;
  /** Where rent, catch-up fees and forfeited bonds go (the Treasury, 0x08). */
  readonly treasury: Uint8Array;
  /** The base storage quota of every actor (ActorLimits.storageQuotaBytes, 1 MiB). */
  readonly baseQuota: bigint;
}

/** The rent epoch of a height. */
export function rentEpochOf(height: bigint, config: RentConfig): bigint {
  return height / config.epochLength;
}

/** Throws unless `actor` is a rent-liable actor (code deployed, outside the reserved system band). */
export function assertRentable(ctx: RentContext, actor: Uint8Array): void {
  if (!(actor instanceof Uint8Array) || actor.length !== 20) throw new RentError("INVALID_ARGUMENT", "actor: expected a 20-byte address");
  if (isSystemAddress(actor)) throw new RentError("SYSTEM_ADDRESS", "system addresses below 0x100 are exempt from rent and quotas");
  if (!ctx.accounts.isActor(actor)) throw new RentError("NOT_AN_ACTOR", "no actor is deployed at this address");
}
