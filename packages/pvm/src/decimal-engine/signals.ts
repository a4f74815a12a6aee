/**
 * Decimal signals and conditions, as libmpdec's status bits.
 *
 * An operation accumulates a status word; at its end the context ORs it into `flags` and, if any bit
 * is trapped, throws a {@link DecimalSignal}. CPython's `_decimal` behaves the same way (the flag is set
 * even when the signal is trapped), so we keep that order.
 */

export const CLAMPED = 1 << 0;
export const CONVERSION_SYNTAX = 1 << 1;
export const DIVISION_BY_ZERO = 1 << 2;
export const DIVISION_IMPOSSIBLE = 1 << 3;
export const DIVISION_UNDEFINED = 1 << 4;
export const INEXACT = 1 << 5;
const INVALID_CONTEXT = 1 << 6;
export const INVALID_OPERATION = 1 << 7;
export const OVERFLOW = 1 << 8;
export const ROUNDED = 1 << 9;
export const SUBNORMAL = 1 << 10;
export const UNDERFLOW = 1 << 11;
export const FLOAT_OPERATION = 1 << 12;

/** Every condition that Python reports as `InvalidOperation`. */
export const IEEE_INVALID_OPERATION = CONVERSION_SYNTAX | DIVISION_IMPOSSIBLE | DIVISION_UNDEFINED | INVALID_CONTEXT | INVALID_OPERATION;

export const ALL_STATUS = (1 << 13) - 1;

/** The nine Python signals, in CPython's `signal_map` order (which decides the raised class). */
export type SignalName = "InvalidOperation" | "FloatOperation" | "DivisionByZero" | "Overflow" | "Underflow" | "Subnormal" | "Inexact" | "Rounded" | "Clamped";

export const SIGNALS: ReadonlyArray<readonly [SignalName, number]> = [
  ["InvalidOperation", IEEE_INVALID_OPERATION],
  ["FloatOperation", FLOAT_OPERATION],
  ["DivisionByZero", DIVISION_BY_ZERO],
  ["Overflow", OVERFLOW],
  ["Underflow", UNDERFLOW],
  ["Subnormal", SUBNORMAL],
  ["Inexact", INEXACT],
  ["Rounded", ROUNDED],
  ["Clamped", CLAMPED],
];

/** InvalidOperation's conditions, listed by name in a trap message (CPython's `cond_map`). */
const CONDITIONS: ReadonlyArray<readonly [string, number]> = [
  ["InvalidOperation", INVALID_OPERATION],
  ["ConversionSyntax", CONVERSION_SYNTAX],
  ["DivisionImpossible", DIVISION_IMPOSSIBLE],
  ["DivisionUndefined", DIVISION_UNDEFINED],
  ["InvalidContext", INVALID_CONTEXT],
];

/** The bits of one Python signal name; throws on an unknown name. */
export function signalBits(name: SignalName): number {
  for (const [n, bits] of SIGNALS) if (n === name) return bits;
  throw new DecimalError("INVALID_ARGUMENT", `signal: unknown decimal signal ${JSON.stringify(name)}`);
}

/** Names listed in a trap message, in CPython's order: conditions first, then the other signals. */
function statusNames(status: number): string[] {
  const out: string[] = [];
  for (const [n, bits] of CONDITIONS) if (status & bits) out.push(n);
  for (const [n, bits] of SIGNALS) if (n !== "InvalidOperation" && status & bits) out.push(n);
  return out;
}

/** Thrown when an operation raises a trapped signal. */
export class DecimalSignal extends Error {
  readonly code = "DECIMAL_SIGNAL" as const;
  /** The Python signal class raised, e.g. "DivisionByZero" (for conditions, "InvalidOperation"). */
  readonly signal: SignalName;
  /** Fully qualified Python class name, e.g. "decimal.DivisionByZero". */
  readonly pythonClass: string;
  /** Names in the exception's argument list, e.g. ["Overflow", "Inexact"]. */
  readonly conditions: readonly string[];
  /** The status bits that were trapped. */
  readonly status: number;

  constructor(trapped: number) {
    const conditions = statusNames(trapped);
    const message = `[${conditions.map((n) => `<class 'decimal.${n}'>`).join(", ")}]`;
    super(message);
    this.name = "DecimalSignal";
    let signal: SignalName = "InvalidOperation";
    for (const [n, bits] of SIGNALS) {
      if (trapped & bits) {
        signal = n;
        break;
      }
    }
    this.signal = signal;
    this.pythonClass = `decimal.${signal}`;
    this.conditions = conditions;
    this.status = trapped;
  }
}

/** Codes of {@link DecimalError}; the glue maps them onto Python exception classes. */
export type DecimalErrorCode =
  | "INVALID_ARGUMENT" // a TypeScript caller passed a wrong value (programming error)
  | "VALUE_ERROR" // Python ValueError
  | "TYPE_ERROR" // Python TypeError
  | "OVERFLOW_ERROR" // Python OverflowError (e.g. int(Decimal('Infinity')))
  | "PRECISION_CAP"; // a precision or size beyond this engine's documented caps

/** A non-signal error: bad arguments and Python's ValueError/TypeError/OverflowError cases. */
export class DecimalError extends Error {
  readonly code: DecimalErrorCode;
  constructor(code: DecimalErrorCode, message: string) {
    super(message);
    this.name = "DecimalError";
    this.code = code;
  }
}
