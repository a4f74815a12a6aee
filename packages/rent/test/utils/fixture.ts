// A Map-backed state and account book for rent's rules (no execution involved).
import { bytesKey } from "@cowboy/codec";
import { actorStorageKey } from "@cowboy/state";
import { systemAddress, SYSTEM_ACTORS } from "@cowboy/types";
import { DEFAULT_RENT_CONFIG, trackStorage, type RentAccounts, type RentConfig, type RentContext, type RentState } from "../../src/index.js";

export const TREASURY = systemAddress(SYSTEM_ACTORS.treasury);
export const BASE_QUOTA = 1n << 20n;
export const CONFIG: RentConfig = { ...DEFAULT_RENT_CONFIG, epochLength: 10n, blocksPerYear: 3650n, ratePerByteYear: 365n };

export class World implements RentState, RentAccounts {
  readonly kv = new Map<string, Uint8Array>();
  readonly balances = new Map<string, bigint>();
  readonly bytes = new Map<string, bigint>();
  readonly actors = new Set<string>();
  get(key: Uint8Array): Uint8Array | undefined {
    return this.kv.get(bytesKey(key));
  }
  set(key: Uint8Array, value: Uint8Array): void {
    this.kv.set(bytesKey(key), value.slice());
  }
  delete(key: Uint8Array): void {
    this.kv.delete(bytesKey(key));
  }
  balanceOf(a: Uint8Array): bigint {
    return this.balances.get(bytesKey(a)) ?? 0n;
  }
  debit(a: Uint8Array, n: bigint): void {
    if (this.balanceOf(a) < n) throw new Error("overdraft");
    this.balances.set(bytesKey(a), this.balanceOf(a) - n);
  }
  credit(a: Uint8Array, n: bigint): void {
    this.balances.set(bytesKey(a), this.balanceOf(a) + n);
  }
  storageBytes(a: Uint8Array): bigint {
    return this.bytes.get(bytesKey(a)) ?? 0n;
  }
  setStorageBytes(a: Uint8Array, n: bigint): void {
    this.bytes.set(bytesKey(a), n);
  }
  isActor(a: Uint8Array): boolean {
    return this.actors.has(bytesKey(a));
  }
  /** A storage write as the host makes it. */
  write(actor: Uint8Array, slot: Uint8Array, value: Uint8Array, height: bigint, config: RentConfig = CONFIG): void {
    const old = this.get(actorStorageKey(actor, slot));
    const delta = BigInt(slot.length + value.length) - (old === undefined ? 0n : BigInt(slot.length + old.length));
    this.setStorageBytes(actor, this.storageBytes(actor) + delta);
    this.set(actorStorageKey(actor, slot), value);
    trackStorage(this, actor, slot, true, delta, config, height, BASE_QUOTA);
  }
  ctx(height: bigint, config: RentConfig = CONFIG): RentContext {
    return { state: this, accounts: this, config, height, treasury: TREASURY, baseQuota: BASE_QUOTA };
  }
}

export const addr = (n: number): Uint8Array => new Uint8Array(20).fill(n);
