import { expand, extract } from "@noble/hashes/hkdf.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { CryptoError } from "./errors.js";
import { abytes, aint } from "./guards.js";

const MAX_OKM = 255 * 32;

/** HKDF-Extract with SHA-256 (RFC 5869 §2.2): a 32-byte pseudorandom key. Empty salt means 32 zero bytes. */
export function hkdfExtract(ikm: Uint8Array, salt: Uint8Array): Uint8Array {
  return extract(sha256, abytes(ikm, "ikm"), abytes(salt, "salt"));
}

/** HKDF-Expand with SHA-256 (RFC 5869 §2.3): `length` bytes (1..8160) from a pseudorandom key. */
export function hkdfExpand(prk: Uint8Array, info: Uint8Array, length: number): Uint8Array {
  abytes(prk, "prk");
  if (prk.length < 32) throw new CryptoError("INVALID_LENGTH", `prk: expected at least 32 bytes, got ${prk.length}`);
  return expand(sha256, prk, abytes(info, "info"), aint(length, "length", 1, MAX_OKM));
}

/** HKDF-SHA256 (RFC 5869): Extract then Expand. */
export function hkdf(ikm: Uint8Array, salt: Uint8Array, info: Uint8Array, length: number): Uint8Array {
  aint(length, "length", 1, MAX_OKM);
  return hkdfExpand(hkdfExtract(ikm, salt), abytes(info, "info"), length);
}

/**
 * Salt for actor randomness (cips/crypto.md): a fixed, public, Cowboy-specific string, so the
 * derived values are domain-separated from any other HKDF use of the same beacon.
 */
export const RANDOMNESS_SALT: Uint8Array = new TextEncoder().encode("cowboy/randomness/v1");

/**
 * Sub-randomness for actors (§3.4): HKDF-SHA256(ikm = beacon, salt = RANDOMNESS_SALT, info = label),
 * `length` bytes (default 32). `beacon` is the parent round's verified seed signature.
 */
export function deriveRandomness(beacon: Uint8Array, label: Uint8Array, length = 32): Uint8Array {
  abytes(beacon, "beacon");
  if (beacon.length === 0) throw new CryptoError("INVALID_LENGTH", "beacon: must not be empty");
  return hkdf(beacon, RANDOMNESS_SALT, abytes(label, "label"), length);
}
