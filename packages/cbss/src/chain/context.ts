// What a Secrets Manager instruction runs against (cips/cbss.md §6): the state fork, balances, the
// config, the block height, the chain id and the sender. Execution builds it; tests use a Map.
import { compareBytes, encode, equalBytes, toHex } from "@cowboy/codec";
import { systemAddress, SYSTEM_ACTORS } from "@cowboy/types";
import { CbssError } from "../errors.js";
import type { CbssConfig } from "./config.js";
import { committeeKey, currentEpochKey, proxyIndexKey, proxyKey, secretKey, versionKey } from "./keys.js";
import {
  type Committee,
  type ProxyRecord,
  type SecretHead,
  type SecretVersion,
  addressListCodec,
  committeeCodec,
  decodeRecord,
  proxyRecordCodec,
  secretHeadCodec,
  secretVersionCodec,
} from "./records.js";

/** Keyed bytes (a @cowboy/state Fork satisfies it). */
export interface CbssState {
  get(key: Uint8Array): Uint8Array | undefined;
  set(key: Uint8Array, value: Uint8Array): void;
  delete(key: Uint8Array): void;
}

/** Balances in the same state. */
export interface CbssAccounts {
  balanceOf(address: Uint8Array): bigint;
  debit(address: Uint8Array, amount: bigint): void;
  credit(address: Uint8Array, amount: bigint): void;
}

export interface CbssContext {
  readonly state: CbssState;
  readonly accounts: CbssAccounts;
  readonly config: CbssConfig;
  readonly height: bigint;
  readonly chainId: bigint;
  readonly sender: Uint8Array;
}

/** 0x04: holds proxy stakes and secret deposits. */
export const SECRETS_MANAGER_ADDRESS: Uint8Array = systemAddress(SYSTEM_ACTORS.secretsManager);
export const TREASURY_ADDRESS: Uint8Array = systemAddress(SYSTEM_ACTORS.treasury);

/** Moves `amount` from `from` to `to`; INSUFFICIENT_BALANCE if short. */
export function move(ctx: CbssContext, from: Uint8Array, to: Uint8Array, amount: bigint): void {
  if (amount === 0n) return;
  const balance = ctx.accounts.balanceOf(from);
  if (balance < amount) throw new CbssError("INSUFFICIENT_BALANCE", `0x${toHex(from)}: balance ${balance} does not cover ${amount}`);
  ctx.accounts.debit(from, amount);
  ctx.accounts.credit(to, amount);
}

export function getProxy(state: CbssState, address: Uint8Array): ProxyRecord | undefined {
  const b = state.get(proxyKey(address));
  return b === undefined ? undefined : decodeRecord(proxyRecordCodec, "proxy record", b);
}

export function putProxy(state: CbssState, address: Uint8Array, record: ProxyRecord): void {
  state.set(proxyKey(address), encode(proxyRecordCodec, record));
}

export function proxyAddresses(state: CbssState): readonly Uint8Array[] {
  const b = state.get(proxyIndexKey());
  return b === undefined ? [] : decodeRecord(addressListCodec, "proxy index", b);
}

export function writeProxyIndex(state: CbssState, list: readonly Uint8Array[]): void {
  const sorted = [...list].sort(compareBytes);
  if (sorted.length === 0) state.delete(proxyIndexKey());
  else state.set(proxyIndexKey(), encode(addressListCodec, sorted));
}

export function currentEpoch(state: CbssState): bigint | undefined {
  const b = state.get(currentEpochKey());
  return b === undefined ? undefined : new DataView(b.buffer, b.byteOffset, b.byteLength).getBigUint64(0);
}

export function getCommittee(state: CbssState, epoch: bigint): Committee | undefined {
  const b = state.get(committeeKey(epoch));
  return b === undefined ? undefined : decodeRecord(committeeCodec, "committee", b);
}

/** The current committee, or undefined before the first is published. */
export function currentCommittee(state: CbssState): Committee | undefined {
  const e = currentEpoch(state);
  return e === undefined ? undefined : getCommittee(state, e);
}

/** 1-based index of `address` in `committee`, or 0. */
export function memberIndex(committee: Committee, address: Uint8Array): number {
  return committee.members.findIndex((m) => equalBytes(m, address)) + 1;
}

export function getSecretHead(state: CbssState, owner: Uint8Array, name: string): SecretHead | undefined {
  const b = state.get(secretKey(owner, name));
  return b === undefined ? undefined : decodeRecord(secretHeadCodec, "secret", b);
}

export function getSecretVersion(state: CbssState, owner: Uint8Array, name: string, version: number): SecretVersion | undefined {
  const b = state.get(versionKey(owner, version, name));
  return b === undefined ? undefined : decodeRecord(secretVersionCodec, "secret version", b);
}
