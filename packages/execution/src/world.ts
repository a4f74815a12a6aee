import { decodeAccount, encodeAccount, EMPTY_ACCOUNT, isEmptyAccount, type Account } from "@cowboy/types";

/**
 * What the state transition needs of a state: a fork of @cowboy/state (or anything shaped like
 * one) with nested checkpoints, so a failed transaction reverts exactly its own writes.
 */
export interface StateAccess {
  get(key: Uint8Array): Uint8Array | undefined;
  set(key: Uint8Array, value: Uint8Array): void;
  delete(key: Uint8Array): void;
  checkpoint(): number;
  revertTo(id: number): void;
  commitCheckpoint(id: number): void;
  computeRoot(): Uint8Array;
}

/** Maps addresses to the state keys of their account records. */
export type AccountKeyFn = (address: Uint8Array) => Uint8Array;

/** Typed account access over a StateAccess: the only place account records are (de)serialised. */
export class Accounts {
  constructor(
    readonly state: StateAccess,
    private readonly keyOf: AccountKeyFn,
  ) {}

  get(address: Uint8Array): Account {
    const raw = this.state.get(this.keyOf(address));
    return raw === undefined ? EMPTY_ACCOUNT : decodeAccount(raw);
  }

  put(address: Uint8Array, account: Account): void {
    const key = this.keyOf(address);
    if (isEmptyAccount(account)) this.state.delete(key);
    else this.state.set(key, encodeAccount(account));
  }

  /** Adds `amount` to the balance; u64 overflow is impossible while total supply fits in u64. */
  credit(address: Uint8Array, amount: bigint): void {
    if (amount === 0n) return;
    const account = this.get(address);
    this.put(address, { ...account, balance: account.balance + amount });
  }

  /** Subtracts `amount`; the caller has checked the balance covers it. */
  debit(address: Uint8Array, amount: bigint): void {
    if (amount === 0n) return;
    const account = this.get(address);
    if (account.balance < amount) throw new RangeError(`debit of ${amount} exceeds balance ${account.balance}`);
    this.put(address, { ...account, balance: account.balance - amount });
  }
}
