import { CowboyError } from "@cowboy/codec";

/** Why a CBFS function refused its input (cips/cbfs.md; every code is listed in cips/errors.md). */
export type CbfsErrorCode =
  /** Fewer than K verified shards of a stripe are available: the stripe cannot be rebuilt. */
  | "NOT_ENOUGH_SHARDS"
  /** A shard's bytes do not hash to the chunk-tree root the manifest names for it. */
  | "SHARD_MISMATCH"
  /** A segment failed AES-GCM authentication: wrong key, tampered, reordered or truncated ciphertext. */
  | "DECRYPT_FAILED"
  /** Manifest bytes are not the canonical encoding of a manifest within LIMITS. */
  | "INVALID_MANIFEST"
  /** Coding parameters (K, M, sizes) are out of range. */
  | "INVALID_PARAMS"
  /** A Merkle chunk proof does not verify. */
  | "INVALID_PROOF"
  /** Too few staked relays of distinct operators to place every shard of a stripe. */
  | "NOT_ENOUGH_RELAYS"
  /** A relay could not be reached or answered outside the relay protocol (client side). */
  | "RELAY_UNAVAILABLE"
  /** A relay refused a request (its status and reason in the message). */
  | "RELAY_REFUSED"
  /** No reachable relay holds a manifest with the requested root. */
  | "MANIFEST_NOT_FOUND"
  /** CapToken bytes that do not decode, or a token that cannot be signed as asked. */
  | "INVALID_CAPTOKEN"
  /** This machine cannot mount through FUSE: no /dev/fuse, no fuse filesystem, no fusermount, or no binding. */
  | "FUSE_UNAVAILABLE"
  /** A FUSE mount process failed to mount or unmount (the reason in the message). */
  | "MOUNT_FAILED";

export class CbfsError extends CowboyError<CbfsErrorCode> {
  override readonly name = "CbfsError";
  constructor(code: CbfsErrorCode, message: string, options?: { cause?: unknown }) {
    super(code, message, undefined, options);
  }
}
