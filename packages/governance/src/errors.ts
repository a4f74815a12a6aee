// Stable failure codes of @cowboy/governance (cips/governance.md "Errors").
import { CowboyError } from "@cowboy/codec";

export type GovernanceErrorCode =
  /** A configuration object, parameter value or proposal body breaks one of its rules. */
  | "INVALID_ARGUMENT"
  /** A registry key that no parameter group owns. */
  | "UNKNOWN_PARAM"
  /** The deposit is below the configured minimum, or the sender cannot pay it. */
  | "INSUFFICIENT_DEPOSIT"
  /** No proposal has this id. */
  | "UNKNOWN_PROPOSAL"
  /** The proposal is not in the status the operation needs (e.g. a vote after the voting period). */
  | "WRONG_STATUS"
  /** The sender has no voting weight in either chamber at the proposal's snapshot. */
  | "NOT_A_VOTER"
  /** The sender is not a Security Council member, or the council action is outside its scope. */
  | "NOT_COUNCIL"
  /** An inflation change outside spec §8.2's guardrails (cap, yearly change, one change a year). */
  | "INFLATION_GUARDRAIL"
  /** The Treasury's balance does not cover a spend. */
  | "TREASURY_INSUFFICIENT"
  /** The target system actor is circuit-broken by governance or the Security Council. */
  | "CIRCUIT_BROKEN"
  /** A stored governance record does not decode (a corrupt state). */
  | "CORRUPT_STATE";

/** A refusal of @cowboy/governance: `code` says which rule, the message says why. */
export class GovernanceError extends CowboyError<GovernanceErrorCode> {
  override readonly name: string = "GovernanceError";
}
