/**
 * PyOS_double_to_string: a double to text in the styles 'e', 'f', 'g' and 'r' (repr), with CPython's
 * flags (add ".0" to integers, alternate form, no negative zero) and its exact layout rules: dtoa digits
 * with trailing zeros removed, padded with zeros on either side to the requested window.
 */
import { fixedDigits, significantDigits, tiePossible } from "./floatdigits.js";
import { shortestDigits, formatExponent } from "./repr.js";

export interface DoubleToStringOptions {
  readonly addDot0?: boolean;
  readonly alternate?: boolean;
  readonly noNegativeZero?: boolean;
  readonly upper?: boolean;
}

/** `code` is one of e f g r (lowercase; `upper` selects E F G and INF/NAN). */
export function doubleToString(x: number, code: "e" | "f" | "g" | "r", precision: number, opts: DoubleToStringOptions = {}): string {
  const upper = opts.upper === true;
  if (Number.isNaN(x)) return upper ? "NAN" : "nan";
  const negative = x < 0 || Object.is(x, -0);
  if (!Number.isFinite(x)) return (negative ? "-" : "") + (upper ? "INF" : "inf");
  // Plain 'f' with no flags where no exact tie can occur: the host's toFixed rounds the exact value
  // as dtoa mode 3 does and lays it out the same way (see fixedDigits).
  if (code === "f" && opts.addDot0 !== true && opts.alternate !== true && opts.noNegativeZero !== true) {
    const ax = Math.abs(x);
    if (precision >= 0 && precision <= 100 && ax < 1e21 && !tiePossible(ax, precision)) return (negative ? "-" : "") + ax.toFixed(precision);
  }
  let p = precision;
  let digits: string;
  let decpt: number;
  const ax = Math.abs(x);
  if (code === "r") {
    if (ax === 0) {
      digits = "0";
      decpt = 1;
    } else {
      const sd = shortestDigits(ax);
      digits = sd.digits;
      decpt = sd.decimalExp + 1;
    }
  } else if (code === "f") {
    if (ax === 0) {
      digits = "0";
      decpt = 1;
    } else {
      const fd = fixedDigits(ax, p);
      digits = fd.digits === "0" ? "" : fd.digits.replace(/0+$/, "");
      decpt = fd.digits === "0" ? -p : fd.decpt;
    }
  } else {
    if (code === "e") p += 1;
    if (code === "g" && p === 0) p = 1;
    if (ax === 0) {
      digits = "0";
      decpt = 1;
    } else {
      const sd = significantDigits(ax, p);
      digits = sd.digits.replace(/0+$/, "");
      decpt = sd.decpt;
    }
  }
  let sign = negative ? "-" : "";
  if (opts.noNegativeZero === true && (digits === "" || digits === "0")) sign = "";
  const addDot0 = opts.addDot0 === true;
  const alt = opts.alternate === true;
  const len = digits.length;
  let vEnd = len;
  let useExp = false;
  if (code === "e") {
    useExp = true;
    vEnd = p;
  } else if (code === "f") vEnd = decpt + p;
  else if (code === "g") {
    if (decpt <= -4 || decpt > (addDot0 ? p - 1 : p)) useExp = true;
    if (alt) vEnd = p;
  } else if (decpt <= -4 || decpt > 16) useExp = true;
  let exp = 0;
  if (useExp) {
    exp = decpt - 1;
    decpt = 1;
  }
  const vStart = decpt <= 0 ? decpt - 1 : 0;
  if (!useExp && addDot0) vEnd = vEnd > decpt ? vEnd : decpt + 1;
  else vEnd = vEnd > decpt ? vEnd : decpt;
  let out = sign;
  if (decpt <= 0) out += `${"0".repeat(decpt - vStart)}.${"0".repeat(-decpt)}`;
  else out += "0".repeat(-vStart);
  if (decpt > 0 && decpt <= len) out += `${digits.slice(0, decpt)}.${digits.slice(decpt)}`;
  else out += digits;
  if (len < decpt) out += `${"0".repeat(decpt - len)}.${"0".repeat(vEnd - decpt)}`;
  else out += "0".repeat(vEnd - len);
  if (out.endsWith(".") && !alt) out = out.slice(0, -1);
  if (useExp) out += (upper ? "E" : "e") + formatExponent(exp);
  return out;
}
