/**
 * The PVM's `decimal` engine: CPython 3.11 (libmpdec) decimal arithmetic over bigint coefficients.
 * Pure TypeScript, no dependency on the interpreter; the Python glue sits on top.
 */
export { Dec, FINITE, INF, NAN, SNAN, type Special, digits } from "./dec.js";
export {
  Context,
  type ContextOptions,
  createContext,
  MAX_EMAX,
  MAX_INPUT_EXP,
  MAX_PREC,
  MIN_EMIN,
  MIN_ETINY,
  ROUNDINGS,
  type Rounding,
} from "./context.js";
export {
  DecimalError,
  type DecimalErrorCode,
  DecimalSignal,
  SIGNALS,
  type SignalName,
} from "./signals.js";
export { MAX_INPUT_DIGITS } from "./parse.js";
export {
  createDecimal,
  createDecimalFromFloat,
  createDecimalFromString,
  decFromFloat,
  decFromFloatExact,
  decFromInt,
  decFromString,
} from "./create.js";
export { abs, add, minus, multiply, plus, roundDec, subtract } from "./ops.js";
export { toEngString, toRepr, toSciString } from "./tostring.js";
