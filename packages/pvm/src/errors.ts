// The typed error of the PVM API: every failed run or call reports one of these codes.

export type PvmErrorCode = "PythonException" | "OutOfCycles" | "OutOfCells" | "OutOfMemory" | "SyntaxError" | "RecursionError" | "InvalidArgument" | "InvalidActor" | "InvalidMethod" | "InternalError";

const PVM_ERROR: unique symbol = Symbol.for("@cowboy/pvm:PvmError");

export class PvmError extends Error {
  /** Brand: `instanceof PvmError` holds across copies of this package (see isolate.ts). */
  readonly [PVM_ERROR] = true;
  static override [Symbol.hasInstance](x: unknown): boolean {
    return typeof x === "object" && x !== null && (x as { [PVM_ERROR]?: unknown })[PVM_ERROR] === true;
  }
  readonly code: PvmErrorCode;
  /** The Python exception class name (for PythonException, OutOfMemory, SyntaxError, RecursionError). */
  readonly pyType: string | null;
  /** The Python exception's str(), as CPython prints it after the colon. */
  readonly pyMessage: string | null;
  /** A CPython-style traceback text ("Traceback (most recent call last): ..."), when there is one. */
  readonly traceback: string | null;
  constructor(code: PvmErrorCode, message: string, pyType: string | null = null, pyMessage: string | null = null, traceback: string | null = null) {
    super(message);
    this.name = "PvmError";
    this.code = code;
    this.pyType = pyType;
    this.pyMessage = pyMessage;
    this.traceback = traceback;
  }
}
