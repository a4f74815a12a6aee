/**
 * int(str, base) and float(str), with CPython 3.11's grammar (whitespace, sign, underscores, prefixes,
 * Unicode digits) and error messages, plus the 4300-digit limit on str→int conversion (CVE-2020-10735).
 */
import { aNumber, aString, valueError } from "./errors.js";
import { OVERFLOW, bitLength, roundToDouble } from "./bits.js";
import { reprTruncated, stripPySpace, toAsciiDecimal } from "./pystr.js";

/** CPython 3.11's default sys.get_int_max_str_digits(). */
const INT_MAX_STR_DIGITS = 4300;

const DIGIT_VALUE = (c: number): number => {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x61 && c <= 0x7a) return c - 0x61 + 10;
  if (c >= 0x41 && c <= 0x5a) return c - 0x41 + 10;
  return 99;
};

const isPow2Base = (b: number): boolean => (b & (b - 1)) === 0;

/** int(text, base): base 0 or 2..36. Throws NumericError(ValueError) with CPython's message. */
export function parseIntFromString(text: string, base = 10, maxStrDigits = INT_MAX_STR_DIGITS): bigint {
  aString(text, "text");
  aNumber(base, "base");
  if (!Number.isInteger(base) || (base !== 0 && (base < 2 || base > 36))) {
    throw valueError("int() base must be >= 2 and <= 36, or 0");
  }
  const invalid = () => valueError(`invalid literal for int() with base ${base}: ${reprTruncated(text)}`);
  let s = stripPySpace(toAsciiDecimal(text));
  let negative = false;
  if (s[0] === "+" || s[0] === "-") {
    negative = s[0] === "-";
    s = s.slice(1);
  }
  let b = base;
  let prefixed = false;
  const p = s.slice(0, 2).toLowerCase();
  const prefixBase = p === "0x" ? 16 : p === "0o" ? 8 : p === "0b" ? 2 : 0;
  if (prefixBase !== 0 && (base === 0 || base === prefixBase)) {
    b = prefixBase;
    prefixed = true;
    s = s.slice(2);
  }
  if (b === 0) b = 10;
  // Underscores: one at a time, only between digits, or right after a prefix.
  if (s.length === 0 || s.endsWith("_") || s.includes("__") || (s[0] === "_" && !prefixed)) throw invalid();
  const digits = s.replaceAll("_", "");
  for (let i = 0; i < digits.length; i++) if (DIGIT_VALUE(digits.charCodeAt(i)) >= b) throw invalid();
  // Base 0 forbids leading zeros in a nonzero decimal literal ("010" is not Python syntax).
  if (base === 0 && !prefixed && digits[0] === "0" && /[1-9]/.test(digits)) throw invalid();
  if (!isPow2Base(b) && digits.length > maxStrDigits) {
    throw valueError(
      `Exceeds the limit (${maxStrDigits} digits) for integer string conversion: value has ${digits.length} digits; use sys.set_int_max_str_digits() to increase the limit`,
    );
  }
  const v = digitsToBigint(digits, b);
  return negative ? -v : v;
}

/** Validated digit string → bigint, in chunks so the cost stays near-linear for small bases. */
function digitsToBigint(digits: string, base: number): bigint {
  if (base === 10) return BigInt(digits);
  if (base === 16) return BigInt(`0x${digits}`);
  if (base === 8) return BigInt(`0o${digits}`);
  if (base === 2) return BigInt(`0b${digits}`);
  const B = BigInt(base);
  let v = 0n;
  // 8 digits of base <= 36 fit below 2^53 as a JS number.
  for (let i = 0; i < digits.length; i += 8) {
    const chunk = digits.slice(i, i + 8);
    let c = 0;
    for (let j = 0; j < chunk.length; j++) c = c * base + DIGIT_VALUE(chunk.charCodeAt(j));
    v = v * B ** BigInt(chunk.length) + BigInt(c);
  }
  return v;
}

/** str(int) / format in a base 2..36, lowercase digits; base 10 enforces the 4300-digit limit. */
export function intToString(value: bigint, base = 10, maxStrDigits = INT_MAX_STR_DIGITS): string {
  if (typeof value !== "bigint") throw new TypeError("value: expected a bigint");
  if (!Number.isInteger(base) || base < 2 || base > 36) throw new RangeError("base: expected 2..36");
  if (!isPow2Base(base) && maxStrDigits > 0) {
    const tooLong = () => valueError(`Exceeds the limit (${maxStrDigits} digits) for integer string conversion; use sys.set_int_max_str_digits() to increase the limit`);
    // log2(36) < 5.2: beyond this bit length the digit count surely exceeds the limit, and we refuse
    // before paying for a quadratic conversion.
    if (bitLength(value) > maxStrDigits * 5.2 + 8) throw tooLong();
    const text = value.toString(base);
    if (text.length - (value < 0n ? 1 : 0) > maxStrDigits) throw tooLong();
    return text;
  }
  return value.toString(base);
}

const FLOAT_RE = /^(\d+(?:_\d+)*)?(?:\.(\d+(?:_\d+)*)?)?(?:[eE]([+-]?\d+(?:_\d+)*))?$/;
const SPECIAL_RE = /^(?:inf|infinity|nan)$/i;

/** float(text). Throws NumericError(ValueError) "could not convert string to float: '...'". */
export function parseFloatFromString(text: string): number {
  aString(text, "text");
  const invalid = () => valueError(`could not convert string to float: ${reprTruncated(text)}`);
  let s = stripPySpace(toAsciiDecimal(text));
  let negative = false;
  if (s[0] === "+" || s[0] === "-") {
    negative = s[0] === "-";
    s = s.slice(1);
  }
  if (SPECIAL_RE.test(s)) {
    const v = s.toLowerCase() === "nan" ? NaN : Infinity;
    return negative ? -v : v;
  }
  const m = FLOAT_RE.exec(s);
  if (m === null || (m[1] === undefined && m[2] === undefined)) throw invalid();
  const intDigits = (m[1] ?? "").replaceAll("_", "");
  const fracDigits = (m[2] ?? "").replaceAll("_", "");
  // ECMAScript requires StringToNumber to round correctly (ties to even) when the literal has at most
  // 20 significant digits; the validated ASCII literal is then handed to the host.
  if ((intDigits + fracDigits).replace(/^0+/, "").length <= 20) {
    const v = Number(s.replaceAll("_", ""));
    return negative ? -v : v;
  }
  // Exponent digits beyond any useful size are clamped; the value is then 0 or inf either way.
  const expText = (m[3] ?? "0").replaceAll("_", "");
  const expAbs = expText.replace(/^[+-]/, "").replace(/^0+/, "");
  const expSign = expText.startsWith("-") ? -1 : 1;
  const exp10 = expAbs.length > 9 ? expSign * 1e9 : expSign * Number(expAbs || "0");
  const v = decimalToDouble(intDigits + fracDigits, exp10 - fracDigits.length);
  return negative ? -v : v;
}

/**
 * Correctly rounded value of (decimal digit string) × 10^exp10, as a nonnegative double (inf on
 * overflow). Exact bigint arithmetic: the integer or quotient carries >= 55 significant bits plus a
 * sticky remainder flag, then one rounding.
 */
export function decimalToDouble(digits: string, exp10: number): number {
  const stripped = digits.replace(/^0+/, "");
  if (stripped.length === 0) return 0;
  // Quick bounds: values >= 10^310 overflow, values < 10^-400 round to zero.
  const magnitude = stripped.length + exp10;
  if (magnitude > 310) return Infinity;
  if (magnitude < -400) return 0;
  let d = BigInt(stripped);
  if (exp10 >= 0) {
    const r = roundToDouble(d * 10n ** BigInt(exp10), 0);
    return r === OVERFLOW ? Infinity : r;
  }
  const den = 10n ** BigInt(-exp10);
  const shift = Math.max(0, bitLength(den) - bitLength(d) + 56);
  d <<= BigInt(shift);
  const q = d / den;
  const r = roundToDouble(q, -shift, q * den !== d);
  return r === OVERFLOW ? Infinity : r;
}
