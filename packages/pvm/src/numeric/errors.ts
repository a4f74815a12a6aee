/**
 * The one error type of the numeric core. `pyType` names the Python exception the interpreter must
 * raise and `message` is worded exactly as CPython 3.11 words it, so `str(exc)` matches byte for byte.
 */
export type NumericPyType = "ValueError" | "OverflowError" | "ZeroDivisionError" | "TypeError";

export class NumericError extends Error {
  readonly pyType: NumericPyType;
  /** Stable machine-readable code, e.g. "NUMERIC_VALUE_ERROR". */
  readonly code: string;
  constructor(pyType: NumericPyType, message: string) {
    super(message);
    this.name = "NumericError";
    this.pyType = pyType;
    this.code = `NUMERIC_${pyType
      .replace(/Error$/, "")
      .replace(/([a-z])([A-Z])/g, "$1_$2")
      .toUpperCase()}_ERROR`;
  }
}

export const valueError = (message: string): NumericError => new NumericError("ValueError", message);
export const overflowError = (message: string): NumericError => new NumericError("OverflowError", message);
export const zeroDivisionError = (message: string): NumericError => new NumericError("ZeroDivisionError", message);
export const typeError = (message: string): NumericError => new NumericError("TypeError", message);

/** Argument guards for public entry points: a wrong host-level argument is a programming error. */
export function aNumber(value: unknown, name: string): asserts value is number {
  if (typeof value !== "number") throw new TypeError(`${name}: expected a number, got ${typeof value}`);
}
export function aBigint(value: unknown, name: string): asserts value is bigint {
  if (typeof value !== "bigint") throw new TypeError(`${name}: expected a bigint, got ${typeof value}`);
}
export function aString(value: unknown, name: string): asserts value is string {
  if (typeof value !== "string") throw new TypeError(`${name}: expected a string, got ${typeof value}`);
}
export function aIntLike(value: unknown, name: string): asserts value is number | bigint {
  if (typeof value === "bigint") return;
  if (typeof value === "number" && Number.isSafeInteger(value)) return;
  throw new TypeError(`${name}: expected a safe integer number or a bigint`);
}
