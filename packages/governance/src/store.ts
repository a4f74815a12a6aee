// Typed access to governance records in a state (cips/governance.md "State layout"). Execution hands in its fork.
import { GovernanceError } from "./errors.js";
import { decodeJson, encodeJson, type Json } from "./json.js";

/** What governance needs of a state: keyed bytes (a @cowboy/state Fork satisfies it). */
export interface GovernanceState {
  get(key: Uint8Array): Uint8Array | undefined;
  set(key: Uint8Array, value: Uint8Array): void;
  delete(key: Uint8Array): void;
}

/** Reading is all the registry's readers (RPC, parameter resolution) need. */
export type StateReader = Pick<GovernanceState, "get">;

/** Balances as execution keeps them. */
export interface GovernanceAccounts {
  balanceOf(address: Uint8Array): bigint;
  debit(address: Uint8Array, amount: bigint): void;
  credit(address: Uint8Array, amount: bigint): void;
}

export function readJson(state: StateReader, key: Uint8Array, what: string): Json | undefined {
  const bytes = state.get(key);
  if (bytes === undefined) return undefined;
  try {
    return decodeJson(bytes, what);
  } catch (error) {
    if (error instanceof GovernanceError) throw new GovernanceError("CORRUPT_STATE", `${what}: ${error.message}`);
    throw error;
  }
}

export function writeJson(state: GovernanceState, key: Uint8Array, value: Json): void {
  state.set(key, encodeJson(value));
}

export function readCount(state: StateReader, key: Uint8Array, what: string): bigint {
  const v = readJson(state, key, what);
  if (v === undefined) return 0n;
  if (typeof v !== "string" || !/^(0|[1-9][0-9]*)$/.test(v)) throw new GovernanceError("CORRUPT_STATE", `${what}: expected a decimal string`);
  return BigInt(v);
}
