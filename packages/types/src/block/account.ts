import { decode, encode, fixedBytes, option, struct, u64, uint, type Infer } from "@cowboy/codec";
import { isFastUint, isU64, varintSize, writeBytes, writeU64, writeVarint } from "./fast-write.js";

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

// Every transfer reads and writes account records several times, so both directions have a
// straight-line fast path for the common shape (nonce and storage_bytes below 2^49, any u64
// balance). Anything else — huge varints, a malformed record, a bad field — goes through the
// generic codec, which produces the same bytes and throws the same CodecErrors.

const TWO_32 = 0x1_0000_0000;

export function encodeAccount(account: Account): Uint8Array {
  const { nonce, balance, code_hash: codeHash, storage_bytes: storage } = account;
  const fast = isFastUint(nonce) && isFastUint(storage) && isU64(balance) && (codeHash === null || (codeHash instanceof Uint8Array && codeHash.length === 32));
  if (!fast) return encode(accountCodec, account);
  const n = Number(nonce);
  const s = Number(storage);
  const out = new Uint8Array(varintSize(n) + 8 + (codeHash === null ? 1 : 33) + varintSize(s));
  let at = writeU64(out, writeVarint(out, 0, n), balance);
  if (codeHash === null) out[at++] = 0;
  else {
    out[at++] = 1;
    at = writeBytes(out, at, codeHash);
  }
  writeVarint(out, at, s);
  return out;
}

/**
 * A canonical varint of at most 7 bytes at `bytes[at]`: its value and end offset written to
 * `cursor`; false when it is longer, truncated or not minimal (the generic decoder then decides).
 */
function readShortVarint(bytes: Uint8Array, at: number, cursor: { value: number; at: number }): boolean {
  let value = 0;
  let scale = 1;
  for (let i = 0; i < 7 && at < bytes.length; i++) {
    const byte = bytes[at++]!;
    value += (byte & 0x7f) * scale;
    if ((byte & 0x80) === 0) {
      if (byte === 0 && i > 0) return false;
      cursor.value = value;
      cursor.at = at;
      return true;
    }
    scale *= 0x80;
  }
  return false;
}

export function decodeAccount(bytes: Uint8Array): Account {
  if (!(bytes instanceof Uint8Array)) return decode(accountCodec, bytes);
  const cursor = { value: 0, at: 0 };
  if (!readShortVarint(bytes, 0, cursor)) return decode(accountCodec, bytes);
  const nonce = cursor.value;
  let at = cursor.at;
  if (at + 9 > bytes.length) return decode(accountCodec, bytes);
  const hi = ((bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!) >>> 0;
  const lo = ((bytes[at + 4]! << 24) | (bytes[at + 5]! << 16) | (bytes[at + 6]! << 8) | bytes[at + 7]!) >>> 0;
  const balance = hi < 0x20_0000 ? BigInt(hi * TWO_32 + lo) : (BigInt(hi) << 32n) | BigInt(lo);
  at += 8;
  const tag = bytes[at++]!;
  let codeHash: Uint8Array | null = null;
  if (tag === 1) {
    if (at + 32 > bytes.length) return decode(accountCodec, bytes);
    codeHash = bytes.slice(at, at + 32);
    at += 32;
  } else if (tag !== 0) return decode(accountCodec, bytes);
  if (!readShortVarint(bytes, at, cursor) || cursor.at !== bytes.length) return decode(accountCodec, bytes);
  return { nonce: BigInt(nonce), balance, code_hash: codeHash, storage_bytes: BigInt(cursor.value) };
}
