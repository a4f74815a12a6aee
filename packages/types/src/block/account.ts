import { decode, encode, fixedBytes, option, struct, u64, uint, type Infer } from "@cowboy/codec";

// The account record stored under each address (cips/execution.md, "Accounts").

export const accountCodec = struct({
  nonce: uint,
  balance: u64,
  code_hash: option(fixedBytes(32)),
  storage_bytes: uint,
});

export type Account = Infer<typeof accountCodec>;

/** The record of an address that was never written: no nonce, no balance, no code. */
export const EMPTY_ACCOUNT: Account = Object.freeze({ nonce: 0n, balance: 0n, code_hash: null, storage_bytes: 0n });

/** True for the empty record, which is deleted from the state instead of written. */
export function isEmptyAccount(account: Account): boolean {
  return account.nonce === 0n && account.balance === 0n && account.code_hash === null && account.storage_bytes === 0n;
}

export function encodeAccount(account: Account): Uint8Array {
  return encode(accountCodec, account);
}

export function decodeAccount(bytes: Uint8Array): Account {
  return decode(accountCodec, bytes);
}
