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

// Every transfer reads and writes account records several times, so both directions have a
// straight-line fast path for the common shape (nonce and storage_bytes below 2^49, any u64
// balance). Anything else — huge varints, a malformed record, a bad field — goes through the
// generic codec, which produces the same bytes and throws the same CodecErrors.

const TWO_32 = 0x1_0000_0000;
const U64_MAX = 0xffff_ffff_ffff_ffffn;
/** Varints of values below 2^49 take at most 7 bytes and fit a double exactly. */
const FAST_UINT_LIMIT = 0x2_0000_0000_0000n;

const varintSize = (v: number): number => {
  let size = 1;
  while (v >= 0x80) {
    v = Math.floor(v / 0x80);
    size++;
  }
  return size;
};

function writeVarint(out: Uint8Array, at: number, v: number): number {
  while (v >= 0x80) {
    out[at++] = (v % 0x80) | 0x80;
    v = Math.floor(v / 0x80);
  }
  out[at++] = v;
  return at;
}

export function encodeAccount(account: Account): Uint8Array {
  const { nonce, balance, code_hash: codeHash, storage_bytes: storage } = account;
  const fast =
    typeof nonce === "bigint" && nonce >= 0n && nonce < FAST_UINT_LIMIT &&
    typeof storage === "bigint" && storage >= 0n && storage < FAST_UINT_LIMIT &&
    typeof balance === "bigint" && balance >= 0n && balance <= U64_MAX &&
    (codeHash === null || (codeHash instanceof Uint8Array && codeHash.length === 32));
  if (!fast) return encode(accountCodec, account);
  const n = Number(nonce);
  const s = Number(storage);
  const out = new Uint8Array(varintSize(n) + 8 + (codeHash === null ? 1 : 33) + varintSize(s));
  let at = writeVarint(out, 0, n);
  let hi: number;
  let lo: number;
  if (balance <= 0x1f_ffff_ffff_ffffn) {
    const b = Number(balance);
    lo = b % TWO_32;
    hi = (b - lo) / TWO_32;
  } else {
    hi = Number(balance >> 32n);
    lo = Number(balance & 0xffff_ffffn);
  }
  out[at] = hi >>> 24;
  out[at + 1] = hi >>> 16;
  out[at + 2] = hi >>> 8;
  out[at + 3] = hi;
  out[at + 4] = lo >>> 24;
  out[at + 5] = lo >>> 16;
  out[at + 6] = lo >>> 8;
  out[at + 7] = lo;
  at += 8;
  if (codeHash === null) out[at++] = 0;
  else {
    out[at++] = 1;
    for (let i = 0; i < 32; i++) out[at + i] = codeHash[i]!;
    at += 32;
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
