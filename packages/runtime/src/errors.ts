// The errors of @cowboy/runtime (cips/errors.md, "@cowboy/runtime"): wrong use of a capability or of
// the simulator, and storage that cannot be opened. Data go in `meta`, never only in the message.
import { CowboyError } from "@cowboy/codec";

export type RuntimeErrorCode =
  /** A journal name outside letters, digits, '-' and '_' (1 to 64 characters). */
  | "INVALID_JOURNAL_NAME"
  /** A journal used after `close()`. */
  | "JOURNAL_CLOSED"
  /** A journal opened twice at once in one storage (one writer per journal). */
  | "JOURNAL_OPEN"
  /** A record longer than the journal's maximum record size. */
  | "RECORD_TOO_LARGE"
  /** A file operation of FileStorage failed (meta: op, path, errno; the Node error is the cause). */
  | "STORAGE_IO"
  /** A simulation participant label that is unknown, or added twice. */
  | "UNKNOWN_PARTICIPANT"
  | "DUPLICATE_PARTICIPANT"
  /** A fault or restart that does not fit the participant's state (restart of a running one). */
  | "INVALID_PARTICIPANT_STATE"
  /** A simulated send of a message larger than the simulation's maxMessageBytes. */
  | "MESSAGE_TOO_LARGE"
  /** `run`/`runUntil` called while a run is in progress. */
  | "SIMULATION_BUSY"
  /** Participant code threw (or its start promise rejected) inside the simulation; `cause` holds it. */
  | "PARTICIPANT_FAILED";

export class RuntimeError extends CowboyError<RuntimeErrorCode> {
  override readonly name = "RuntimeError";
  constructor(code: RuntimeErrorCode, message: string, meta?: Readonly<Record<string, unknown>>, options?: { cause?: unknown }) {
    super(code, message, meta, options);
  }
}
