/**
 * Python float arithmetic beyond IEEE + − × ÷: fmod (exact), %, //, divmod with CPython's sign rules
 * (the result of % takes the divisor's sign, -0.0 included) and round() correctly rounded.
 */
import { aNumber, overflowError, valueError, zeroDivisionError } from "./errors.js";
import { decompose, roundToDouble } from "./bits.js";
import { decimalToDouble } from "./parse.js";
import { scaledRound } from "./floatdigits.js";
import { floatToInt } from "./convert.js";

/** C fmod: x − trunc(x/y)·y, always exact. NaN for inf x or zero y; x for infinite y. */
export function fmod(x: number, y: number): number {
  aNumber(x, "x");
  aNumber(y, "y");
  if (Number.isNaN(x) || Number.isNaN(y) || !Number.isFinite(x) || y === 0) return NaN;
  if (!Number.isFinite(y) || x === 0) return x;
  const ax = Math.abs(x);
  const ay = Math.abs(y);
  if (ax < ay) return x;
  const dx = decompose(ax);
  const dy = decompose(ay);
  const e = Math.min(dx.exp, dy.exp);
  const nx = dx.mant << BigInt(dx.exp - e);
  const ny = dy.mant << BigInt(dy.exp - e);
  const r = nx % ny;
  // r × 2^e is exactly representable (it is < |y| and a multiple of y's and x's ulp floor).
  const v = r === 0n ? 0 : (roundToDouble(r, e) as number);
  return x < 0 ? -v : v;
}

/** x % y (float_mod). */
export function floatMod(x: number, y: number): number {
  aNumber(x, "x");
  aNumber(y, "y");
  if (y === 0) throw zeroDivisionError("float modulo");
  let mod = fmod(x, y);
  if (mod !== 0) {
    if (y < 0 !== mod < 0) mod += y;
  } else {
    mod = y < 0 || Object.is(y, -0) ? -0 : 0;
  }
  return mod;
}

/** divmod(x, y) for floats, CPython's float_divmod step for step. */
export function floatDivmod(x: number, y: number): [number, number] {
  aNumber(x, "x");
  aNumber(y, "y");
  if (y === 0) throw zeroDivisionError("float divmod()");
  return divmodCore(x, y);
}

function divmodCore(x: number, y: number): [number, number] {
  let mod = fmod(x, y);
  let div = (x - mod) / y;
  if (mod !== 0) {
    if (y < 0 !== mod < 0) {
      mod += y;
      div -= 1.0;
    }
  } else {
    mod = y < 0 || Object.is(y, -0) ? -0 : 0;
  }
  let floordiv: number;
  if (div !== 0) {
    floordiv = Math.floor(div);
    if (div - floordiv > 0.5) floordiv += 1.0;
  } else {
    const q = x / y;
    floordiv = q < 0 || Object.is(q, -0) ? -0 : 0;
  }
  return [floordiv, mod];
}

/** x // y (float_floor_div). */
export function floatFloorDiv(x: number, y: number): number {
  aNumber(x, "x");
  aNumber(y, "y");
  if (y === 0) throw zeroDivisionError("float floor division by zero");
  return divmodCore(x, y)[0];
}

/** round(x) with no ndigits: nearest integer, ties to even, as a Python int. */
export function roundFloatToInt(x: number): bigint {
  aNumber(x, "x");
  if (Number.isNaN(x)) throw valueError("cannot convert float NaN to integer");
  if (!Number.isFinite(x)) throw overflowError("cannot convert float infinity to integer");
  let r = Math.round(x); // ties toward +inf; fix the exact-half cases to even
  if (r - x === 0.5 && r % 2 !== 0) r -= 1;
  return floatToInt(r);
}

// CPython: NDIGITS_MAX = (int)((DBL_MANT_DIG - DBL_MIN_EXP) * 0.30103) and NDIGITS_MIN likewise.
const NDIGITS_MAX = 323;
const NDIGITS_MIN = -308;

/**
 * round(x, ndigits): the exact value rounded half-even to ndigits decimals, then correctly rounded
 * back to a double (CPython's double_round with dtoa). OverflowError "rounded value too large to
 * represent". Zero results keep the sign of x.
 */
export function roundFloat(x: number, ndigits?: number | bigint): number | bigint {
  aNumber(x, "x");
  if (ndigits === undefined) return roundFloatToInt(x);
  let nd: number;
  if (typeof ndigits === "bigint") nd = ndigits > 100000n ? 100000 : ndigits < -100000n ? -100000 : Number(ndigits);
  else {
    if (!Number.isInteger(ndigits)) throw new TypeError("ndigits: expected an integer");
    nd = ndigits;
  }
  if (x === 0 || !Number.isFinite(x)) return x;
  if (nd > NDIGITS_MAX) return x;
  if (nd < NDIGITS_MIN) return 0.0 * x;
  const n = scaledRound(x, nd);
  const negative = x < 0;
  if (n === 0n) return negative ? -0 : 0;
  const v = decimalToDouble(n.toString(), -nd);
  if (!Number.isFinite(v)) throw overflowError("rounded value too large to represent");
  return negative ? -v : v;
}
