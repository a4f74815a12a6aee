/**
 * CPython's float repr (float_repr_style 'short'): the shortest decimal string that round-trips,
 * written in fixed notation when the decimal exponent is in [-4, 16) and in exponent notation otherwise.
 *
 * The shortest digits come from Number#toExponential() with no argument, which ECMAScript specifies
 * exactly (Number::toString: fewest digits k that round-trip, and of those the digits closest to the
 * exact value, ties to even digits) — the same digits as David Gay's mode 0 used by CPython.
 */

export interface ShortestDigits {
  readonly negative: boolean;
  /** Decimal digits without leading/trailing zeros, e.g. "15" for 1.5 or 150. */
  readonly digits: string;
  /** Decimal exponent of the first digit: value = 0.d1d2... × 10^(decimalExp + 1). */
  readonly decimalExp: number;
}

/** Shortest round-trip digits of a finite nonzero double. */
export function shortestDigits(x: number): ShortestDigits {
  const text = x.toExponential();
  const match = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (match === null) throw new Error(`shortestDigits: unexpected host output ${text}`);
  let digits = (match[2] as string) + (match[3] ?? "");
  digits = digits.replace(/0+$/, "");
  return { negative: match[1] === "-", digits, decimalExp: Number(match[4]) };
}

/** repr(float) / str(float) of CPython 3.11. */
export function floatRepr(x: number): string {
  if (typeof x !== "number") throw new TypeError("floatRepr: x must be a number");
  if (Number.isNaN(x)) return "nan";
  if (x === Infinity) return "inf";
  if (x === -Infinity) return "-inf";
  if (x === 0) return Object.is(x, -0) ? "-0.0" : "0.0";
  const ax = Math.abs(x);
  if (ax >= 0.0001 && ax < 1e16) {
    // Here both languages use fixed notation with the same shortest digits (ECMAScript switches to
    // exponents only below 1e-6 and from 1e21); Python adds ".0" to integral values.
    const s = x.toString();
    return s.includes(".") ? s : `${s}.0`;
  }
  const { negative, digits, decimalExp } = shortestDigits(x);
  const sign = negative ? "-" : "";
  if (decimalExp >= -4 && decimalExp < 16) return sign + fixedFromDigits(digits, decimalExp, true);
  return sign + expFromDigits(digits, decimalExp);
}

/** Lays digits out in fixed notation; `forceFraction` appends ".0" to integers as repr does. */
function fixedFromDigits(digits: string, decimalExp: number, forceFraction: boolean): string {
  if (decimalExp < 0) return `0.${"0".repeat(-decimalExp - 1)}${digits}`;
  const intLen = decimalExp + 1;
  if (digits.length > intLen) return `${digits.slice(0, intLen)}.${digits.slice(intLen)}`;
  const intPart = digits + "0".repeat(intLen - digits.length);
  return forceFraction ? `${intPart}.0` : intPart;
}

/** Exponent notation as repr writes it: at least two exponent digits, explicit sign. */
function expFromDigits(digits: string, decimalExp: number): string {
  const mant = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
  return `${mant}e${formatExponent(decimalExp)}`;
}

export function formatExponent(e: number): string {
  const abs = String(Math.abs(e)).padStart(2, "0");
  return e < 0 ? `-${abs}` : `+${abs}`;
}
