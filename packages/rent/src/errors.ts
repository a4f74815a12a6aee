import { CowboyError } from "@cowboy/codec";

/** Stable failure codes of @cowboy/rent (cips/rent.md "Errors"). */
export type RentErrorCode =
  /** A configuration object breaks one of its rules. */
  | "INVALID_RENT_CONFIG"
  /** An argument has the wrong type, size or range; nothing was changed. */
  | "INVALID_ARGUMENT"
  /** The address has no code (rent, quotas and restoration concern actors). */
  | "NOT_AN_ACTOR"
  /** The actor is dormant (evicted for unpaid rent): restore it first. */
  | "ACTOR_DORMANT"
  /** rent_restore on an actor that is not dormant. */
  | "NOT_DORMANT"
  /** rent_restore: the supplied storage does not hash to the root kept at eviction (or its size differs). */
  | "STORAGE_ROOT_MISMATCH"
  /** The payer's balance does not cover the amount. */
  | "INSUFFICIENT_BALANCE"
  /** A quota outside [base quota, maximum quota], or below the bytes the actor holds. */
  | "INVALID_QUOTA"
  /** System addresses below RESERVED_SYSTEM_ADDRESS_LIMIT pay no rent and hold no quota. */
  | "SYSTEM_ADDRESS"
  /** A single rent_restore while a chunked restoration of the actor is under way. */
  | "RESTORE_IN_PROGRESS"
  /** A stored rent record does not decode (a corrupt state). */
  | "CORRUPT_STATE";

/** A refusal of @cowboy/rent: `code` says which rule, the message says why. */
export class RentError extends CowboyError<RentErrorCode> {
  override readonly name: string = "RentError";
}
