import { CowboyError } from "@cowboy/codec";

/** Stable failure codes of @cowboy/runner-market (cips/runner-market.md "Errors"); the instruction reverts, nothing changes. */
export type RunnerMarketErrorCode =
  /** A configuration object breaks one of its rules. */
  | "INVALID_CONFIG"
  /** An argument or an instruction field has the wrong type, size or range (capabilities, endpoint, key, request). */
  | "INVALID_ARGUMENT"
  /** runner_register: the sender already has a runner record that is not withdrawn. */
  | "RUNNER_EXISTS"
  /** The sender (or the named runner) has no runner record. */
  | "RUNNER_NOT_FOUND"
  /** The stake would be below max(runner_stake_floor, 1.5 × max_job_value). */
  | "STAKE_TOO_LOW"
  /** The payer's balance does not cover a stake, an escrow or a challenge bond. */
  | "INSUFFICIENT_BALANCE"
  /** The runner is not in the status the operation needs (add stake while unbonding, withdraw before unbonding ends). */
  | "RUNNER_STATUS"
  /** runner_withdraw while the runner still sits on an open job's committee. */
  | "RUNNER_BUSY"
  /** job_submit / runner.submit: the job request breaks a rule (kind, spec, schema, domains, sizes, verification). */
  | "INVALID_JOB"
  /** No job has this id. */
  | "JOB_NOT_FOUND"
  /** The job is not in the phase this instruction belongs to. */
  | "WRONG_PHASE"
  /** The sender is not on the job's committee (or not its aggregator). */
  | "NOT_IN_COMMITTEE"
  /** The sender already acknowledged, committed or revealed in this job. */
  | "DUPLICATE"
  /** job_challenge: the evidence does not decode or does not name the accused runner. */
  | "INVALID_CHALLENGE"
  /** A stored runner-market record does not decode (a corrupt state). */
  | "CORRUPT_STATE";

/** A refusal of @cowboy/runner-market: `code` says which rule, the message says why. */
export class RunnerMarketError extends CowboyError<RunnerMarketErrorCode> {
  override readonly name: string = "RunnerMarketError";
}
