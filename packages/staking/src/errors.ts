import { CowboyError } from "@cowboy/codec";

/** Stable failure codes of @cowboy/staking (cips/staking.md "Errors"). */
export type StakingErrorCode =
  /** A configuration object breaks one of its rules. */
  | "INVALID_CONFIG"
  /** An argument has the wrong type, size or range; nothing was changed. */
  | "INVALID_ARGUMENT"
  /** register: the sender already has a validator record. */
  | "ALREADY_REGISTERED"
  /** The sender has no validator record. */
  | "NOT_A_VALIDATOR"
  /** register: the BLS public key is not a valid compressed G1 point, or the proof of possession does not verify. */
  | "INVALID_BLS_KEY"
  /** register: another validator already uses this BLS public key. */
  | "BLS_KEY_IN_USE"
  /** register or unjail: the stake would be below minimum_validator_stake. */
  | "STAKE_BELOW_MINIMUM"
  /** register or add_stake: the sender's balance does not cover the amount. */
  | "INSUFFICIENT_BALANCE"
  /** The amount is zero, or the stake would exceed u64. */
  | "INVALID_AMOUNT"
  /** The instruction is not allowed in the validator's current status (e.g. add_stake while unbonding). */
  | "WRONG_STATUS"
  /** withdraw before the unbonding period ended. */
  | "STILL_UNBONDING"
  /** unjail before the jail period ended. */
  | "STILL_JAILED"
  /** claim_vested: no vesting schedule, or nothing unlocked beyond what was claimed. */
  | "NOTHING_TO_CLAIM"
  /**
   * report_double_vote: the two votes are not a double vote (same proposal, different rounds or kinds, a bad kind) or a signature does not verify;
   * report_invalid_proposal: the header does not decode, is not the offender's, is not what its signature signs, or has no provable defect.
   */
  | "INVALID_EVIDENCE"
  /** report_double_vote / report_invalid_proposal: this offence (offender, kind, epoch, view) was already punished. */
  | "EVIDENCE_ALREADY_USED"
  /** A stored staking record does not decode (a corrupt state). */
  | "CORRUPT_STATE"
  /** staking_submit_dealing/complaint: not the next epoch, or before the reshare window opened. */
  | "NOT_IN_RESHARE_WINDOW"
  /** staking_submit_dealing: the sender holds no share of the key being reshared (or there are no dealers). */
  | "NOT_A_DEALER"
  /** staking_submit_dealing: the dealing does not decode or fails the public checks. */
  | "INVALID_DEALING"
  /** staking_submit_dealing: this dealer already dealt for the epoch. */
  | "DEALING_EXISTS"
  /** staking_submit_complaint: the complaint does not decode, is not the sender's, or does not verify. */
  | "INVALID_COMPLAINT"
  /** set_network_key: the key is not 32 bytes, or its signature over the validator's address does not verify. */
  | "INVALID_NETWORK_KEY"
  /** set_network_key: another validator published this network key. */
  | "NETWORK_KEY_IN_USE";

/** A refusal of @cowboy/staking: `code` says which rule, the message says why. */
export class StakingError extends CowboyError<StakingErrorCode> {
  override readonly name: string = "StakingError";
}

/** Throws INVALID_EVIDENCE: the evidence proves nothing (evidence.ts, invalidProposal.ts). */
export function invalidEvidence(why: string): never {
  throw new StakingError("INVALID_EVIDENCE", why);
}
