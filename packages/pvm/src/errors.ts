// The typed error of the PVM API: every failed run or call reports one of these codes. A CowboyError
// (@cowboy/codec's one error base); its codes predate the SCREAMING_SNAKE_CASE convention and are
// kept, since every consumer of the PVM decides on them (`r.error.code === "OutOfCycles"`).
import { CowboyError } from "@cowboy/codec";

export type PvmErrorCode =
  | "PythonException"
  | "OutOfCycles"
  | "OutOfCells"
  | "OutOfMemory"
  | "SyntaxError"
  | "RecursionError"
  | "InvalidArgument"
  | "InvalidActor"
  | "InvalidMethod"
  | "InternalError";

const PVM_ERROR: unique symbol = Symbol.for("@cowboy/pvm:PvmError");

/** The Python-level facts of a failure, as fields (also on the error itself). */
export interface PvmErrorMeta {
  readonly pyType: string | null;
  readonly pyMessage: string | null;
}

export class PvmError extends CowboyError<PvmErrorCode, PvmErrorMeta> {
  /** Brand: `instanceof PvmError` holds across copies of this package (see isolate.ts). */
  readonly [PVM_ERROR] = true;
  static override [Symbol.hasInstance](x: unknown): boolean {
    return typeof x === "object" && x !== null && (x as { [PVM_ERROR]?: unknown })[PVM_ERROR] === true;
  }
  override readonly name: string = "PvmError";
  /** The Python exception class name (for PythonException, OutOfMemory, SyntaxError, RecursionError). */
  readonly pyType: string | null;
  /** The Python exception's str(), as CPython prints it after the colon. */
  readonly pyMessage: string | null;
  /** A CPython-style traceback text ("Traceback (most recent call last): ..."), when there is one. */
  readonly traceback: string | null;
  /**
   * `cause`: for an InternalError, the host exception that escaped the interpreter, for logs only.
   * Its text never enters `message` (a receipt carries `message`, and JS engine texts differ between
   * versions and machines: cips/pvm.md "Internal errors").
   */
  constructor(code: PvmErrorCode, message: string, pyType: string | null = null, pyMessage: string | null = null, traceback: string | null = null, cause?: unknown) {
    super(code, message, { pyType, pyMessage }, cause === undefined ? undefined : { cause });
    this.pyType = pyType;
    this.pyMessage = pyMessage;
    this.traceback = traceback;
  }
}
