// Failure codes of @cowboy/cbss (cips/cbss.md "Errors"): every refusal is a CbssError with a stable code.
import { CowboyError } from "@cowboy/codec";

export type CbssErrorCode =
  /** An argument has the wrong type, size or range; nothing was changed. */
  | "INVALID_ARGUMENT"
  /** A secret name breaks the naming rule (1–64 bytes of [A-Za-z0-9._-]). */
  | "INVALID_NAME"
  /** Bytes that should be a G1/G2 point or an encoded record do not decode. */
  | "INVALID_ENCODING"
  /** IBE or AES-GCM decryption failed: wrong identity, wrong key, or tampered ciphertext. */
  | "DECRYPT_FAILED"
  /** A partial (share) signature does not verify against the committee's Feldman commitments. */
  | "INVALID_SHARE"
  /** Fewer than t valid shares were available. */
  | "THRESHOLD_NOT_MET"
  /** A combined decryption key does not verify against the group key. */
  | "INVALID_KEY"
  /** A configuration object breaks one of its rules. */
  | "INVALID_CONFIG"
  /** proxy_register: the sender is already a proxy. */
  | "ALREADY_REGISTERED"
  /** The sender (or named proxy) has no proxy record. */
  | "NOT_A_PROXY"
  /** The BLS key is not a valid G1 point, its proof of possession fails, or another proxy uses it. */
  | "INVALID_BLS_KEY"
  /** The stake is below the configured minimum, or the amount is zero. */
  | "INVALID_AMOUNT"
  /** The sender's balance does not cover the amount. */
  | "INSUFFICIENT_BALANCE"
  /** The instruction is not allowed in the record's current status. */
  | "WRONG_STATUS"
  /** Only the configured dealer may publish a committee dealing. */
  | "NOT_DEALER"
  /** No committee (group key) has been published yet. */
  | "NO_COMMITTEE"
  /** The committee dealing is malformed (sizes, members, encrypted shares). */
  | "INVALID_COMMITTEE"
  /** put: a secret with this name already exists (use rotate). */
  | "SECRET_EXISTS"
  /** No secret with this owner and name. */
  | "NO_SECRET"
  /** The secret is revoked. */
  | "REVOKED"
  /** The policy does not allow this release (actor, job kind, runner, count or expiry). */
  | "POLICY_DENIED"
  /** A request or response signature does not verify. */
  | "BAD_SIGNATURE"
  /** Slashing evidence does not prove misbehaviour. */
  | "INVALID_EVIDENCE"
  /** This evidence was already used to slash. */
  | "EVIDENCE_USED"
  /** A stored record does not decode (a corrupt state). */
  | "CORRUPT_STATE"
  /** A proxy could not be reached or answered with an error. */
  | "PROXY_UNAVAILABLE"
  /** cbss_submit_dealing/complaint: a dealing or complaint that does not decode, fails its checks, or repeats one. */
  | "INVALID_DEALING"
  /** cbss_finalize_committee: no run is open for the epoch, or its window has not ended. */
  | "DKG_NOT_READY";

/** A refusal of @cowboy/cbss: `code` says which rule, the message says why. */
export class CbssError extends CowboyError<CbssErrorCode> {
  override readonly name: string = "CbssError";
}
