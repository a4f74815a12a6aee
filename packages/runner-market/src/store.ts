// The state the runner market reads and writes, balances it moves, and the canonical-CBOR record helpers its
// record modules share (cips/runner-market.md "State layout").
import { CborError, decodeCbor, encodeCbor, type CborValue } from "@cowboy/codec";
import { RunnerMarketError } from "./errors.js";

/** Keyed bytes (a @cowboy/state Fork, or a Map-backed one in tests). */
export interface MarketState {
  get(key: Uint8Array): Uint8Array | undefined;
  set(key: Uint8Array, value: Uint8Array): void;
  delete(key: Uint8Array): void;
}

/** Balances as execution keeps them. `burn` destroys `amount` already debited (the supply records it). */
export interface MarketAccounts {
  balanceOf(address: Uint8Array): bigint;
  /** Removes `amount` (≤ balance, checked first by the caller). */
  debit(address: Uint8Array, amount: bigint): void;
  credit(address: Uint8Array, amount: bigint): void;
  /** Records `amount` as burned (it was debited and credited to nobody). */
  burn(amount: bigint): void;
}

export type CborMap = Map<CborValue, CborValue>;

export function readCbor(state: MarketState, key: Uint8Array, what: string): CborValue | undefined {
  const bytes = state.get(key);
  if (bytes === undefined) return undefined;
  try {
    return decodeCbor(bytes);
  } catch (error) {
    if (error instanceof CborError) throw new RunnerMarketError("CORRUPT_STATE", `${what}: ${error.message}`);
    throw error;
  }
}

export function writeCbor(state: MarketState, key: Uint8Array, value: CborValue): void {
  state.set(key, encodeCbor(value));
}

/** Field readers for stored maps: a wrong shape is a corrupt state. */
export function field(map: CborMap, key: string, what: string): CborValue {
  if (!map.has(key)) throw new RunnerMarketError("CORRUPT_STATE", `${what}: missing ${key}`);
  return map.get(key)!;
}

export function fieldInt(map: CborMap, key: string, what: string): bigint {
  const v = field(map, key, what);
  if (typeof v !== "bigint") throw new RunnerMarketError("CORRUPT_STATE", `${what}.${key}: expected an int`);
  return v;
}

export function fieldBytes(map: CborMap, key: string, what: string): Uint8Array {
  const v = field(map, key, what);
  if (!(v instanceof Uint8Array)) throw new RunnerMarketError("CORRUPT_STATE", `${what}.${key}: expected bytes`);
  return v;
}

export function fieldText(map: CborMap, key: string, what: string): string {
  const v = field(map, key, what);
  if (typeof v !== "string") throw new RunnerMarketError("CORRUPT_STATE", `${what}.${key}: expected a str`);
  return v;
}

export function fieldList(map: CborMap, key: string, what: string): CborValue[] {
  const v = field(map, key, what);
  if (!Array.isArray(v)) throw new RunnerMarketError("CORRUPT_STATE", `${what}.${key}: expected a list`);
  return v;
}

export function asMap(value: CborValue | undefined, what: string): CborMap {
  if (!(value instanceof Map)) throw new RunnerMarketError("CORRUPT_STATE", `${what}: expected a map`);
  return value;
}

export const texts = (list: CborValue[], what: string): string[] =>
  list.map((v) => {
    if (typeof v !== "string") throw new RunnerMarketError("CORRUPT_STATE", `${what}: expected strs`);
    return v;
  });

export const byteList = (list: CborValue[], what: string): Uint8Array[] =>
  list.map((v) => {
    if (!(v instanceof Uint8Array)) throw new RunnerMarketError("CORRUPT_STATE", `${what}: expected bytes`);
    return v;
  });
