// Reading and writing staking records through the state a block executes on (cips/staking.md
// "State layout"). Execution hands in its fork; tests hand in a Map-backed one.
import { CodecError, atMost, compareBytes, decode, encode, equalBytes, fixedBytes, vec } from "@cowboy/codec";
import { decodeEpochSet, encodeEpochSet, type EpochSet } from "./epochSet.js";
import { StakingError } from "./errors.js";
import { blsKeyOwnerKey, epochSetKey, networkKeyKey, networkKeyOwnerKey, validatorIndexKey, validatorKey } from "./keys.js";
import { decodeValidatorRecord, encodeValidatorRecord, type ValidatorRecord } from "./validator.js";

/** What staking needs of a state: keyed bytes (a @cowboy/state Fork satisfies it). */
export interface StakingState {
  get(key: Uint8Array): Uint8Array | undefined;
  set(key: Uint8Array, value: Uint8Array): void;
  delete(key: Uint8Array): void;
}

/** Balances as execution keeps them, in the same state. Amounts are u64 base units. */
export interface StakingAccounts {
  balanceOf(address: Uint8Array): bigint;
  /** Removes `amount` (≤ balance, checked by staking first). */
  debit(address: Uint8Array, amount: bigint): void;
  credit(address: Uint8Array, amount: bigint): void;
}

const MAX_INDEX = 1 << 20;
const indexCodec = vec(fixedBytes(20), atMost(MAX_INDEX));

export function getValidator(state: StakingState, address: Uint8Array): ValidatorRecord | undefined {
  const bytes = state.get(validatorKey(address));
  return bytes === undefined ? undefined : decodeValidatorRecord(bytes);
}

export function putValidator(state: StakingState, address: Uint8Array, record: ValidatorRecord): void {
  state.set(validatorKey(address), encodeValidatorRecord(record));
}

/** Every address with a validator record, ascending. */
export function validatorAddresses(state: StakingState): readonly Uint8Array[] {
  const bytes = state.get(validatorIndexKey());
  if (bytes === undefined) return [];
  try {
    return decode(indexCodec, bytes);
  } catch (error) {
    if (error instanceof CodecError) throw new StakingError("CORRUPT_STATE", `validator index: ${error.message}`);
    throw error;
  }
}

function writeIndex(state: StakingState, addresses: readonly Uint8Array[]): void {
  if (addresses.length === 0) state.delete(validatorIndexKey());
  else state.set(validatorIndexKey(), encode(indexCodec, addresses));
}

/** Adds a new record: the record, its place in the index and its BLS key's owner. */
export function insertValidator(state: StakingState, address: Uint8Array, record: ValidatorRecord): void {
  const index = [...validatorAddresses(state)];
  let at = 0;
  while (at < index.length && compareBytes(index[at]!, address) < 0) at++;
  index.splice(at, 0, address.slice());
  writeIndex(state, index);
  putValidator(state, address, record);
  state.set(blsKeyOwnerKey(record.blsPublicKey), address.slice());
}

/** Removes a record, its index entry and its BLS key's owner (the key becomes free again). */
export function removeValidator(state: StakingState, address: Uint8Array, record: ValidatorRecord): void {
  writeIndex(
    state,
    validatorAddresses(state).filter((a) => !equalBytes(a, address)),
  );
  state.delete(validatorKey(address));
  state.delete(blsKeyOwnerKey(record.blsPublicKey));
  clearNetworkKey(state, address);
}

export function blsKeyOwner(state: StakingState, blsPublicKey: Uint8Array): Uint8Array | undefined {
  return state.get(blsKeyOwnerKey(blsPublicKey));
}

export function getEpochSet(state: StakingState, epoch: bigint): EpochSet | undefined {
  const bytes = state.get(epochSetKey(epoch));
  return bytes === undefined ? undefined : decodeEpochSet(bytes);
}

export function putEpochSet(state: StakingState, set: EpochSet): void {
  state.set(epochSetKey(set.epoch), encodeEpochSet(set));
}

export function deleteEpochSet(state: StakingState, epoch: bigint): void {
  state.delete(epochSetKey(epoch));
}

/** Forgets `address`'s network key (a replaced key, a withdrawn validator; networkKey.ts). */
export function clearNetworkKey(state: StakingState, address: Uint8Array): void {
  const old = state.get(networkKeyKey(address));
  if (old === undefined) return;
  state.delete(networkKeyOwnerKey(old));
  state.delete(networkKeyKey(address));
}
