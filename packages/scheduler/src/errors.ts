import { CowboyError } from "@cowboy/codec";

/** Stable failure codes of @cowboy/scheduler. */
export type SchedulerErrorCode =
  /** An argument has the wrong type, size or range; nothing was changed. */
  | "INVALID_ARGUMENT"
  /** A configuration object breaks one of its rules. */
  | "INVALID_CONFIG"
  /** The fire height is not strictly after the current block (same-block prohibition). */
  | "FIRE_HEIGHT_NOT_IN_FUTURE"
  /** The owner already has `maxTimersPerActor` active timers. */
  | "TOO_MANY_TIMERS"
  /** A per-fire Cycles or Cells limit exceeds the cap of the active phase. */
  | "FIRE_CAP_EXCEEDED"
  /** No active timer has this id. */
  | "TIMER_NOT_FOUND"
  /** The caller is not the timer's owner. */
  | "NOT_OWNER"
  /** The owner's nonce space is exhausted (2^64 timers created). */
  | "NONCE_EXHAUSTED"
  /** Stored scheduler records do not decode or contradict each other. */
  | "CORRUPT_STATE"
  /** A host callback returned a value outside its contract. */
  | "BAD_HOST_RESULT";

/**
 * Every failure of @cowboy/scheduler; `code` is stable (one line each above), the message says what
 * and where. Execution decides outcomes on `code` (e.g. TIMER_NOT_FOUND makes a cancel return False).
 */
export class SchedulerError extends CowboyError<SchedulerErrorCode> {
  override readonly name = "SchedulerError";
  constructor(code: SchedulerErrorCode, message: string, options?: { cause?: unknown }) {
    super(code, message, {}, options);
  }
}
