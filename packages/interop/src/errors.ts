import { CowboyError } from "@cowboy/codec";

/** Why the EventListener refused an operation (cips/errors.md "Interop"); nothing changed when it throws. */
export type InteropErrorCode =
  | "INVALID_CONFIG"
  | "INVALID_ARGUMENT"
  | "STAKE_TOO_LOW"
  | "ALREADY_REGISTERED"
  | "NOT_AN_ORACLE"
  | "NO_SUBSCRIPTION"
  | "NOT_OWNER"
  | "NOT_MATCHING"
  | "ALREADY_DELIVERED"
  | "ALREADY_REPORTED"
  | "UNFUNDED"
  | "UNBONDING"
  | "NOT_UNBONDING"
  | "INVALID_EVIDENCE"
  | "EVIDENCE_USED"
  | "NO_ASSET"
  | "ASSET_EXISTS"
  | "MANIFEST_DECLARED";

export class InteropError extends CowboyError<InteropErrorCode> {
  override readonly name = "InteropError";
}
