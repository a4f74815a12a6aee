/**
 * Exact conversions between Python ints (bigint) and floats (double): int→float and int/int with
 * one correct rounding (as CPython's long true divide), float→int, as_integer_ratio, is_integer,
 * and float.hex / float.fromhex.
 */
import { aBigint, aNumber, aString, overflowError, valueError, zeroDivisionError } from "./errors.js";
import { OVERFLOW, bitLength, decompose, roundToDouble } from "./bits.js";
import { stripPySpace } from "./pystr.js";

/** float(int). OverflowError "int too large to convert to float". */
export function intToFloat(v: bigint | number): number {
  if (typeof v === "number") {
    if (!Number.isSafeInteger(v)) throw new TypeError("v: expected a safe integer or a bigint");
    return v;
  }
  aBigint(v, "v");
  const r = roundToDouble(v < 0n ? -v : v, 0);
  if (r === OVERFLOW) throw overflowError("int too large to convert to float");
  return v < 0n ? -r : r;
}

/** a / b for ints, correctly rounded. ZeroDivisionError "division by zero"; OverflowError on huge. */
export function intTrueDiv(a: bigint, b: bigint): number {
  aBigint(a, "a");
  aBigint(b, "b");
  if (b === 0n) throw zeroDivisionError("division by zero");
  const negative = a < 0n !== b < 0n;
  let n = a < 0n ? -a : a;
  let d = b < 0n ? -b : b;
  if (n === 0n) return negative ? -0 : 0;
  // Scale so the quotient has at least 55 significant bits: the rounding then sees a guard bit.
  const k = 55 - (bitLength(n) - bitLength(d));
  if (k > 0) n <<= BigInt(k);
  else d <<= BigInt(-k);
  const q = n / d;
  const r = roundToDouble(q, -k, q * d !== n);
  if (r === OVERFLOW) throw overflowError("integer division result too large for a float");
  return negative ? -r : r;
}

/** int(x) for a float: truncation toward zero. */
export function floatToInt(x: number): bigint {
  aNumber(x, "x");
  if (Number.isNaN(x)) throw valueError("cannot convert float NaN to integer");
  if (!Number.isFinite(x)) throw overflowError("cannot convert float infinity to integer");
  const t = Math.trunc(x);
  if (Number.isSafeInteger(t)) return BigInt(t);
  const { mant, exp, negative } = decompose(t);
  const v = exp >= 0 ? mant << BigInt(exp) : mant >> BigInt(-exp);
  return negative ? -v : v;
}

/** float.as_integer_ratio(): the exact value as a reduced fraction with positive denominator. */
export function floatAsIntegerRatio(x: number): [bigint, bigint] {
  aNumber(x, "x");
  if (Number.isNaN(x)) throw valueError("cannot convert NaN to integer ratio");
  if (!Number.isFinite(x)) throw overflowError("cannot convert Infinity to integer ratio");
  if (x === 0) return [0n, 1n];
  const { mant, exp, negative } = decompose(x);
  const n = negative ? -mant : mant;
  return exp >= 0 ? [n << BigInt(exp), 1n] : [n, 1n << BigInt(-exp)];
}

/** float.is_integer(). */
export function floatIsInteger(x: number): boolean {
  aNumber(x, "x");
  return Number.isFinite(x) && Math.trunc(x) === x;
}

/** float.hex(): '0x1.8000000000000p+1', '-0x0.0p+0', 'inf', 'nan'; subnormals as 0x0.xxxp-1022. */
export function floatHex(x: number): string {
  aNumber(x, "x");
  if (Number.isNaN(x)) return "nan";
  if (!Number.isFinite(x)) return x > 0 ? "inf" : "-inf";
  const sign = x < 0 || Object.is(x, -0) ? "-" : "";
  if (x === 0) return `${sign}0x0.0p+0`;
  const { mant, exp } = decompose(x);
  // Normalize to 53 bits (leading 1 at bit 52), or to the subnormal exponent -1074.
  let m = mant;
  let e = exp;
  const len = bitLength(m);
  if (len < 53) {
    const up = Math.min(53 - len, e + 1074);
    m <<= BigInt(up);
    e -= up;
  }
  const lead = m >> 52n;
  const frac = (m & ((1n << 52n) - 1n)).toString(16).padStart(13, "0");
  const e2 = lead === 0n ? -1022 : e + 52;
  return `${sign}0x${lead}.${frac}p${e2 < 0 ? "-" : "+"}${Math.abs(e2)}`;
}

const HEX_RE = /^(?:0x)?([0-9a-f]*)(?:\.([0-9a-f]*))?(?:p([+-]?\d+))?$/i;

/** float.fromhex(s), correctly rounded (ties to even). */
export function floatFromHex(text: string): number {
  aString(text, "text");
  const invalid = () => valueError("invalid hexadecimal floating-point string");
  let s = stripPySpace(text);
  let negative = false;
  if (s[0] === "+" || s[0] === "-") {
    negative = s[0] === "-";
    s = s.slice(1);
  }
  const lower = s.toLowerCase();
  if (lower === "inf" || lower === "infinity") return negative ? -Infinity : Infinity;
  if (lower === "nan") return negative ? -NaN : NaN;
  const m = HEX_RE.exec(s);
  if (m === null) throw invalid();
  const intHex = m[1] ?? "";
  const fracHex = m[2] ?? "";
  if (intHex.length + fracHex.length === 0) throw invalid();
  const expText = (m[3] ?? "0").replace(/^\+/, "");
  const expDigits = expText.replace(/^-/, "").replace(/^0+/, "");
  const expNeg = expText.startsWith("-");
  const allHex = (intHex + fracHex).replace(/^0+/, "");
  if (allHex.length === 0) return negative ? -0 : 0;
  const tooLarge = () => overflowError("hexadecimal value too large to represent as a float");
  // Clamp absurd exponents: the result is 0 or overflow regardless of the digits.
  const magnitudeBits = allHex.length * 4 - fracHex.length * 4;
  if (expDigits.length > 7) {
    if (expNeg) return negative ? -0 : 0;
    throw tooLarge();
  }
  const exp2 = (expNeg ? -1 : 1) * Number(expDigits || "0") - fracHex.length * 4;
  if (magnitudeBits + exp2 > 1100) throw tooLarge();
  if (magnitudeBits + exp2 < -1200) return negative ? -0 : 0;
  let n = BigInt(`0x${allHex}`);
  let e = exp2;
  let sticky = false;
  // Give the rounding at least one guard bit beyond 53 (or beyond the subnormal cut).
  const len = bitLength(n);
  if (len > 200) {
    const cut = len - 200;
    sticky = (n & ((1n << BigInt(cut)) - 1n)) !== 0n;
    n >>= BigInt(cut);
    e += cut;
  }
  n <<= 2n;
  e -= 2;
  const r = roundToDouble(n, e, sticky);
  if (r === OVERFLOW) throw tooLarge();
  return negative ? -r : r;
}
