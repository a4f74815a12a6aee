// CapTokens (cips/cbfs.md §8): an owner's signed grant of rights on one volume to one grantee for a window of
// block heights, checked by relays without any chain write. Bytes (big-endian):
//   version u8 (=1) ‖ owner[20] ‖ grantee[20] ‖ scope[32] (a manifest root) ‖ rights u8 ‖ notBefore u64 ‖
//   notAfter u64 ‖ nonce u64 ‖ signature[65]
// signature = secp256k1 r‖s‖v by the owner over sha256("cowboy/cbfs/captoken/v1" ‖ the 98 bytes before it).
// Revocation: the owner sends storage_revoke(nonce) to 0x0A; relays read it (a chain read, never a write).
// The grantee proves possession per request with a signature over sha256("cowboy/cbfs/use" ‖ tokenHash ‖ object).
import { Reader, Writer, equalBytes } from "@cowboy/codec";
import { addressFromPrivateKey, recoverAddress, secp256k1 } from "@cowboy/crypto";
import { CbfsError } from "./errors.js";
import { sha256 } from "./hash.js";

export const Rights = { read: 1, write: 2, list: 4, repair: 8 } as const;
export type Right = keyof typeof Rights;

export interface CapTokenBody {
  readonly owner: Uint8Array;
  readonly grantee: Uint8Array;
  readonly scope: Uint8Array;
  readonly rights: number;
  readonly notBefore: bigint;
  readonly notAfter: bigint;
  readonly nonce: bigint;
}

export interface CapToken extends CapTokenBody {
  readonly signature: Uint8Array;
}

const BODY_BYTES = 1 + 20 + 20 + 32 + 1 + 8 + 8 + 8;
export const CAPTOKEN_BYTES = BODY_BYTES + 65;
const TAG = new TextEncoder().encode("cowboy/cbfs/captoken/v1");
const USE_TAG = new TextEncoder().encode("cowboy/cbfs/use");

function encodeBody(b: CapTokenBody): Uint8Array {
  return new Writer(BODY_BYTES).u8(1).bytes(b.owner).bytes(b.grantee).bytes(b.scope).u8(b.rights).u64(b.notBefore).u64(b.notAfter).u64(b.nonce).finish();
}

export function rightsMask(rights: readonly Right[]): number {
  return rights.reduce((mask, r) => mask | Rights[r], 0);
}

/** Signs a token as `ownerKey`'s address (the owner field is derived from the key). */
export function signCapToken(body: Omit<CapTokenBody, "owner">, ownerKey: Uint8Array): CapToken {
  if (body.rights === 0 || body.rights > 15) throw new CbfsError("INVALID_CAPTOKEN", `rights mask ${body.rights} is not a non-empty subset of read|write|list|repair`);
  if (body.notAfter < body.notBefore) throw new CbfsError("INVALID_CAPTOKEN", "notAfter is before notBefore");
  const full = { ...body, owner: addressFromPrivateKey(ownerKey) };
  return { ...full, signature: secp256k1.sign(sha256(TAG, encodeBody(full)), ownerKey) };
}

export function encodeCapToken(t: CapToken): Uint8Array {
  const out = new Uint8Array(CAPTOKEN_BYTES);
  out.set(encodeBody(t));
  out.set(t.signature, BODY_BYTES);
  return out;
}

export function decodeCapToken(bytes: Uint8Array): CapToken {
  if (!(bytes instanceof Uint8Array) || bytes.length !== CAPTOKEN_BYTES) throw new CbfsError("INVALID_CAPTOKEN", `a CapToken is ${CAPTOKEN_BYTES} bytes`);
  const r = new Reader(bytes);
  if (r.u8() !== 1) throw new CbfsError("INVALID_CAPTOKEN", "unknown CapToken version");
  const t = {
    owner: r.bytes(20).slice(),
    grantee: r.bytes(20).slice(),
    scope: r.bytes(32).slice(),
    rights: r.u8(),
    notBefore: r.u64(),
    notAfter: r.u64(),
    nonce: r.u64(),
    signature: r.bytes(65).slice(),
  };
  r.end();
  return t;
}

/** The token's id: sha256 of its bytes (what a grantee's per-request signature names). */
export function capTokenHash(t: CapToken): Uint8Array {
  return sha256(encodeCapToken(t));
}

/** The grantee's proof of possession for one request on `object` (a shard or manifest root). */
export function signCapTokenUse(t: CapToken, object: Uint8Array, granteeKey: Uint8Array): Uint8Array {
  return secp256k1.sign(sha256(USE_TAG, capTokenHash(t), object), granteeKey);
}

export interface CapTokenCheck {
  /** The chain height the relay sees now. */
  readonly height: bigint;
  /** The manifest root the request falls under, and that manifest's owner (the relay stored both). */
  readonly root: Uint8Array;
  readonly owner: Uint8Array;
  readonly right: Right;
  /** The object requested and the grantee's signature over its use. */
  readonly object: Uint8Array;
  readonly useSignature: Uint8Array;
  /** Whether 0x0A has this owner's nonce revoked (a chain read). */
  readonly isRevoked: (owner: Uint8Array, nonce: bigint) => boolean;
}

/** Why a token does not authorize a request, or undefined when it does. */
export function capTokenRefusal(t: CapToken, c: CapTokenCheck): string | undefined {
  let signer: Uint8Array;
  try {
    signer = recoverAddress(sha256(TAG, encodeBody(t)), t.signature);
  } catch {
    return "the token's signature is malformed";
  }
  if (!equalBytes(signer, t.owner)) return "the token is not signed by its owner";
  if (!equalBytes(t.owner, c.owner)) return "the token's owner does not own this volume";
  if (!equalBytes(t.scope, c.root)) return "the token is for another volume";
  if ((t.rights & Rights[c.right]) === 0) return `the token does not grant ${c.right}`;
  if (c.height < t.notBefore) return `the token is valid from height ${t.notBefore}`;
  if (c.height > t.notAfter) return `the token expired at height ${t.notAfter}`;
  if (c.isRevoked(t.owner, t.nonce)) return `the token's nonce ${t.nonce} is revoked`;
  let user: Uint8Array;
  try {
    user = recoverAddress(sha256(USE_TAG, capTokenHash(t), c.object), c.useSignature);
  } catch {
    return "the grantee's request signature is malformed";
  }
  if (!equalBytes(user, t.grantee)) return "the request is not signed by the token's grantee";
  return undefined;
}
