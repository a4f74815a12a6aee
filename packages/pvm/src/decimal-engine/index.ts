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
  signalFloatOperation,
} from "./create.js";
export {
  abs,
  add,
  compare,
  compareTotal,
  compareTotalMag,
  copyAbs,
  copyNegate,
  copySign,
  divide,
  divideInt,
  divmod,
  equals,
  exp,
  ln,
  log10,
  fma,
  logb,
  max,
  maxMag,
  min,
  minMag,
  minus,
  multiply,
  nextMinus,
  nextPlus,
  nextToward,
  normalize,
  order,
  plus,
  power,
  powerMod,
  quantize,
  remainder,
  remainderNear,
  roundDec,
  roundTo,
  sameQuantum,
  sqrt,
  subtract,
  toIntegralExact,
  toIntegralValue,
} from "./ops.js";
export { toEngString, toRepr, toSciString } from "./tostring.js";
export { asTuple, type DecTuple, hashDec, isNormal, isSubnormal, toBigInt, toFloat, toFloatBits } from "./convert.js";
export { formatDec, MAX_FORMAT_WIDTH } from "./format-decimal.js";
export { BASE_COST, costOf, DECIMAL_OPS, type DecimalOp, TRANSCENDENTAL_BASE } from "./cost.js";
