/**
 * Errors of the regex engine. `RegexError` is Python's `re.error`: `msg` and `pos` are exactly what
 * CPython 3.11 reports (`pos` is null where CPython gives none), so the glue can build the Python
 * exception without rewording. Budget exhaustion is not a `RegexError`: the budget throws its own
 * error (the interpreter's OutOfCycles), and the engine never catches it.
 */
export type RegexErrorCode =
  /** A pattern that `re.compile` rejects. */
  | "RE_BAD_PATTERN"
  /** A replacement template that `re.sub` rejects. */
  | "RE_BAD_TEMPLATE"
  /** A template names a group the pattern does not have (CPython raises IndexError). */
  | "RE_UNKNOWN_GROUP_NAME"
  /** Repetition bound or group count beyond sre's limits (CPython raises OverflowError/AssertionError). */
  | "RE_OVERFLOW"
  /** Flags that CPython rejects with ValueError (e.g. ASCII with UNICODE). */
  | "RE_BAD_FLAGS"
  /** The backtracking state outgrew its hard memory cap (CPython would raise MemoryError). */
  | "RE_BACKTRACK_LIMIT"
  /** A match whose group span is inverted; CPython raises SystemError for the same patterns. */
  | "RE_INTERNAL"
  /** Groups nested deeper than the PVM's fixed limit (CPython raises RecursionError, at a stack-dependent depth). */
  | "RE_TOO_DEEP";

export class RegexError extends Error {
  readonly code: RegexErrorCode;
  /** The message without the " at position N" suffix, as in `re.error.msg`. */
  readonly msg: string;
  /** Offset into the pattern (or template), or null. */
  readonly pos: number | null;
  /** Which Python exception the glue should raise. */
  readonly pyType: "error" | "IndexError" | "OverflowError" | "ValueError" | "MemoryError" | "SystemError" | "RecursionError";
  constructor(code: RegexErrorCode, msg: string, pos: number | null, pyType: RegexError["pyType"] = "error") {
    super(pos === null ? msg : `${msg} at position ${pos}`);
    this.name = "RegexError";
    this.code = code;
    this.msg = msg;
    this.pos = pos;
    this.pyType = pyType;
  }
}

/** Thrown by `createStepBudget` budgets; the interpreter passes its own budget that throws OutOfCycles. */
export class RegexBudgetExceeded extends Error {
  readonly code = "RE_BUDGET_EXCEEDED" as const;
  readonly limit: number;
  constructor(limit: number) {
    super(`regex step budget of ${limit} exhausted`);
    this.name = "RegexBudgetExceeded";
    this.limit = limit;
  }
}

/** Argument guards: a wrong host-level argument is a programming error, named in the message. */
export function aInt(value: unknown, name: string): asserts value is number {
  if (typeof value !== "number" || !Number.isSafeInteger(value)) {
    throw new TypeError(`${name}: expected a safe integer, got ${typeof value === "number" ? value : typeof value}`);
  }
}
