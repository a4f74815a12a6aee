// Shared by the cbss tests: a Map-backed state and balances, proxies with real secp256k1, BLS and
// X25519 keys, and a dealt 3-of-5 committee.
import { toHex } from "@cowboy/codec";
import { BASE_UNITS_PER_CBY } from "@cowboy/types";
import { addressFromPrivateKey, blsPopProve, nobleBls } from "@cowboy/crypto";
import { type CbssAccounts, type CbssConfig, type CbssContext, type CbssState, createCbssConfig, transportKeyPair } from "../../src/index.js";

export class MapState implements CbssState {
  readonly m = new Map<string, Uint8Array>();
  get(k: Uint8Array): Uint8Array | undefined {
    return this.m.get(toHex(k));
  }
  set(k: Uint8Array, v: Uint8Array): void {
    this.m.set(toHex(k), v.slice());
  }
  delete(k: Uint8Array): void {
    this.m.delete(toHex(k));
  }
}

export class MapAccounts implements CbssAccounts {
  readonly b = new Map<string, bigint>();
  balanceOf(a: Uint8Array): bigint {
    return this.b.get(toHex(a)) ?? 0n;
  }
  debit(a: Uint8Array, n: bigint): void {
    this.b.set(toHex(a), this.balanceOf(a) - n);
  }
  credit(a: Uint8Array, n: bigint): void {
    this.b.set(toHex(a), this.balanceOf(a) + n);
  }
}

export interface ProxyKeys {
  readonly privateKey: Uint8Array;
  readonly address: Uint8Array;
  readonly blsSecret: Uint8Array;
  readonly blsPublicKey: Uint8Array;
  readonly pop: Uint8Array;
  readonly transport: { secretKey: Uint8Array; publicKey: Uint8Array };
}

export function accountKey(i: number): { privateKey: Uint8Array; address: Uint8Array } {
  const privateKey = new Uint8Array(32).fill(0x30 + i);
  return { privateKey, address: addressFromPrivateKey(privateKey) };
}

export function proxyKeys(i: number): ProxyKeys {
  const { privateKey, address } = accountKey(i);
  const blsSecret = new Uint8Array(32).fill(0x10 + i);
  return {
    privateKey,
    address,
    blsSecret,
    blsPublicKey: nobleBls.getPublicKey(blsSecret),
    pop: blsPopProve(blsSecret),
    transport: transportKeyPair(new Uint8Array(32).fill(0x50 + i)),
  };
}

export const CBY = BASE_UNITS_PER_CBY;

export function makeWorld(overrides: Partial<CbssConfig> = {}) {
  const state = new MapState();
  const accounts = new MapAccounts();
  const config = createCbssConfig(overrides);
  const ctx = (sender: Uint8Array, height: bigint): CbssContext => ({ state, accounts, config, height, chainId: 7n, sender });
  return { state, accounts, config, ctx };
}
