import { CowboyError } from "@cowboy/codec";
export type StateErrorCode = "CLOSED" | "FORK_COMMITTED" | "STALE_FORK" | "NOT_REBASABLE" | "BAD_CHECKPOINT" | "CORRUPT_STORE" | "INVALID_ARGUMENT" | "INVALID_PROOF";

/** Every failure of @cowboy/state; `code` is stable, the message says what and where. */
export class StateError extends CowboyError<StateErrorCode> {
  override readonly name = "StateError";
  constructor(code: StateErrorCode, message: string) {
    super(code, message);
  }
}
