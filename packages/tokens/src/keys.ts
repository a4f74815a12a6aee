// Where tokens live (cips/tokens.md "State layout"): the storage of the Token Registry 0x06, every slot
// starting with "token:" — disjoint from anything else stored at 0x06 (the dual basefee state, §9).
import { actorStorageKey } from "@cowboy/state";
import { SYSTEM_ACTORS, systemAddress } from "@cowboy/types";

export const TOKEN_REGISTRY_ADDRESS = systemAddress(SYSTEM_ACTORS.tokenRegistry);
const PREFIX = new TextEncoder().encode("token:");

export const TokenKeyKind = {
  /** (alone): the last id given out (u64 BE). */
  Counter: 0x01,
  /** ‖ id (u64 BE): the token's record. */
  Record: 0x02,
  /** ‖ id ‖ holder (20): a balance (u64 BE; absent = 0). */
  Balance: 0x03,
  /** ‖ id ‖ owner (20) ‖ spender (20): an allowance (u64 BE; absent = 0). */
  Allowance: 0x04,
} as const;

export function u64be(n: bigint): Uint8Array {
  const out = new Uint8Array(8);
  for (let i = 7; i >= 0; i--) {
    out[i] = Number(n & 0xffn);
    n >>= 8n;
  }
  return out;
}

export function readU64(raw: Uint8Array | undefined): bigint {
  if (raw === undefined) return 0n;
  let n = 0n;
  for (const b of raw) n = (n << 8n) | BigInt(b);
  return n;
}

function slot(kind: number, ...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(PREFIX.length + 1 + parts.reduce((n, p) => n + p.length, 0));
  out.set(PREFIX, 0);
  out[PREFIX.length] = kind;
  let at = PREFIX.length + 1;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return actorStorageKey(TOKEN_REGISTRY_ADDRESS, out);
}

export const counterKey = (): Uint8Array => slot(TokenKeyKind.Counter);
export const tokenKey = (id: bigint): Uint8Array => slot(TokenKeyKind.Record, u64be(id));
export const balanceKey = (id: bigint, holder: Uint8Array): Uint8Array => slot(TokenKeyKind.Balance, u64be(id), holder);
export const allowanceKey = (id: bigint, owner: Uint8Array, spender: Uint8Array): Uint8Array => slot(TokenKeyKind.Allowance, u64be(id), owner, spender);
