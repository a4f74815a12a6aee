// The identity a secret is encrypted to (cips/cbss.md §1 "Identity"): a domain-separated SHA-256 of
// chain id, owner, secret name and version, so a decryption key released for one secret version on one
// chain opens nothing else. The IBE hashes it onto G2 under CBSS_IBE_DST.
import { sha256 } from "@cowboy/crypto";
import { CbssError } from "../errors.js";

/** Hash-to-G2 domain (RFC 9380) for CBSS identities; distinct from every signature DST in the chain. */
export const CBSS_IBE_DST = "COWBOY_CBSS_IBE_BLS12381G2_XMD:SHA-256_SSWU_RO_";
const IDENTITY_TAG = new TextEncoder().encode("cowboy/cbss/identity/v1");
const NAME_RE = /^[A-Za-z0-9._-]{1,64}$/;

/** Which secret version on which chain. */
export interface SecretRef {
  readonly chainId: bigint;
  /** 20-byte account or actor address that owns the secret. */
  readonly owner: Uint8Array;
  readonly name: string;
  /** 1-based version; rotate increments it. */
  readonly version: number;
}

/** Throws INVALID_NAME unless `name` is 1–64 characters of [A-Za-z0-9._-]. */
export function checkSecretName(name: unknown): string {
  if (typeof name !== "string" || !NAME_RE.test(name)) {
    throw new CbssError("INVALID_NAME", `secret name: expected 1-64 characters of [A-Za-z0-9._-], got ${JSON.stringify(name)}`);
  }
  return name;
}

/**
 * identity = SHA-256("cowboy/cbss/identity/v1" ‖ chainId u64 BE ‖ owner (20) ‖ u8 len(name) ‖ name
 * (ASCII) ‖ version u32 BE), 32 bytes.
 */
export function secretIdentity(ref: SecretRef): Uint8Array {
  const { chainId, owner, version } = ref;
  const name = checkSecretName(ref.name);
  if (typeof chainId !== "bigint" || chainId < 0n || chainId >= 1n << 64n) throw new CbssError("INVALID_ARGUMENT", "chainId: expected a u64");
  if (!(owner instanceof Uint8Array) || owner.length !== 20) throw new CbssError("INVALID_ARGUMENT", "owner: expected 20 bytes");
  if (!Number.isSafeInteger(version) || version < 1 || version > 0xffff_ffff) throw new CbssError("INVALID_ARGUMENT", "version: expected a u32 ≥ 1");
  const nameBytes = new TextEncoder().encode(name);
  const buf = new Uint8Array(IDENTITY_TAG.length + 8 + 20 + 1 + nameBytes.length + 4);
  const view = new DataView(buf.buffer);
  let o = 0;
  buf.set(IDENTITY_TAG, o);
  o += IDENTITY_TAG.length;
  view.setBigUint64(o, chainId);
  o += 8;
  buf.set(owner, o);
  o += 20;
  buf[o++] = nameBytes.length;
  buf.set(nameBytes, o);
  o += nameBytes.length;
  view.setUint32(o, version);
  return sha256(buf);
}
