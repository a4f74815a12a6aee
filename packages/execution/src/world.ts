// Typed account access over a StateAccess: the only place account records are (de)serialised.
import { toHex } from "@cowboy/codec";
import { decodeAccount, encodeAccount, EMPTY_ACCOUNT, isEmptyAccount, type Account } from "@cowboy/types";
import { ExecutionError } from "./errors.js";
import type { AccountKeyFn, StateAccess } from "./types.js";

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

  /**
   * Subtracts `amount`. Every caller has checked the balance covers it (admission for a
   * transaction's value, the host for an actor's, the scheduler for a pre-charge); an overdraft is
   * a broken invariant, thrown as ExecutionError OVERDRAFT, never turned into a receipt.
   */
  debit(address: Uint8Array, amount: bigint): void {
    if (amount === 0n) return;
    const account = this.get(address);
    if (account.balance < amount) {
      throw new ExecutionError("OVERDRAFT", `debit of ${amount} from 0x${toHex(address)} exceeds its balance ${account.balance}`);
    }
    this.put(address, { ...account, balance: account.balance - amount });
  }
}
