/**
 * format(value, spec) for int, float and str: CPython's format_long_internal, format_float_internal
 * and format_string_internal, including the layout of sign, prefix, zero padding inside digit grouping
 * and fill/alignment. Widths and lengths count code points, as Python's len() does.
 */
import { intToFloat } from "./convert.js";
import { overflowError, valueError } from "./errors.js";
import { doubleToString } from "./floatstr.js";
import { checkGrouping, parseFormatSpec, typeCodeForMessage, type FormatSpec } from "./formatspec.js";
import { intToString } from "./parse.js";
import { cpLength } from "./pystr.js";
import { floatRepr } from "./repr.js";

const unknownCode = (type: string, typeName: string) => valueError(`Unknown format code '${typeCodeForMessage(type)}' for object of type '${typeName}'`);

/** Inserts separators every `size` digits, zero-padding to `minWidth` as CPython's grouping does. */
function groupDigits(digits: string, size: number, sep: string, minWidth: number): string {
  if (size === 0) {
    return digits.length >= minWidth ? digits : "0".repeat(minWidth - digits.length) + digits;
  }
  const groups: string[] = [];
  let remaining = digits.length;
  let width = minWidth;
  for (;;) {
    const l = Math.min(size, Math.max(remaining, width, 1));
    const nZeros = Math.max(0, l - remaining);
    const nChars = Math.max(0, Math.min(remaining, l));
    groups.unshift("0".repeat(nZeros) + digits.slice(remaining - nChars, remaining));
    remaining -= nChars;
    width -= l;
    if (remaining <= 0 && width <= 0) break;
    width -= sep.length;
  }
  return groups.join(sep);
}

interface NumberParts {
  readonly signChar: "" | "-";
  readonly prefix: string;
  readonly digits: string;
  /** Decimal point, fraction, exponent, '%' (copied as is). */
  readonly rest: string;
  /** True when `digits` must not be grouped or zero-padded (the 'c' type). */
  readonly opaque: boolean;
}

/** calc_number_widths + fill_number. */
function layoutNumber(parts: NumberParts, spec: FormatSpec, groupSize: number, sep: string): string {
  const fill = spec.fill ?? (spec.zeroPad ? "0" : " ");
  const align = spec.align ?? (spec.zeroPad ? "=" : ">");
  let sign = "";
  if (spec.sign === "+") sign = parts.signChar === "-" ? "-" : "+";
  else if (spec.sign === " ") sign = parts.signChar === "-" ? "-" : " ";
  else sign = parts.signChar;
  const width = spec.width;
  const nonDigit = sign.length + parts.prefix.length + cpLength(parts.rest);
  let body: string;
  if (parts.opaque || parts.digits.length === 0) body = parts.digits;
  else {
    const minWidth = fill === "0" && align === "=" ? width - nonDigit : 0;
    body = groupDigits(parts.digits, groupSize, sep, minWidth);
  }
  const used = nonDigit + cpLength(body);
  const pad = width - used;
  let left = "";
  let mid = "";
  let right = "";
  if (pad > 0) {
    if (align === "<") right = fill.repeat(pad);
    else if (align === "^") {
      left = fill.repeat(Math.floor(pad / 2));
      right = fill.repeat(pad - Math.floor(pad / 2));
    } else if (align === "=") mid = fill.repeat(pad);
    else left = fill.repeat(pad);
  }
  return left + sign + parts.prefix + mid + body + parts.rest + right;
}

/**
 * Output bounds. CPython accepts any width/precision that fits a C ssize_t and then runs out of memory;
 * the PVM must refuse before allocating, so callers pass their memory budget here (default: no bound
 * beyond CPython's). Exceeding it raises ValueError "width too big" / "precision too big".
 */
export interface FormatLimits {
  readonly maxWidthOrPrecision?: number;
}

function resolveSpec(spec: FormatSpec | string, typeName: string, limits: FormatLimits | undefined): FormatSpec {
  const parsed = typeof spec === "string" ? parseFormatSpec(spec, typeName) : spec;
  const max = limits?.maxWidthOrPrecision;
  if (max !== undefined) {
    if (parsed.width > max) throw valueError("width too big");
    if (parsed.precision > max) throw valueError("precision too big");
  }
  return parsed;
}

/** format(int, spec). Float presentation types convert the int to float first, as CPython does. */
export function formatInt(value: number | bigint, specIn: FormatSpec | string, typeName = "int", limits?: FormatLimits): string {
  if (typeof value === "number" && !Number.isSafeInteger(value)) throw new TypeError("value: expected a safe integer or bigint");
  if (typeof value !== "number" && typeof value !== "bigint") throw new TypeError("value: expected a number or bigint");
  if (specIn === "") return typeof value === "number" ? String(value) : intToString(value, 10);
  const spec = resolveSpec(specIn, typeName, limits);
  const type = spec.type === "" ? "d" : spec.type;
  if ("eEfFgG%".includes(type)) return formatFloat(intToFloat(BigInt(value)), spec, typeName, limits);
  if (!"bcdoxXn".includes(type)) throw unknownCode(type, typeName);
  if (spec.precision !== -1) throw valueError("Precision not allowed in integer format specifier");
  if (spec.coerceNegativeZero) throw valueError("Negative zero coercion (z) not allowed in integer format specifier");
  if (typeof value === "number" && type !== "c") {
    // A safe integer's digits in any base are exact from the double: no bigint round trip.
    const base = type === "b" ? 2 : type === "o" ? 8 : type === "x" || type === "X" ? 16 : 10;
    return layoutInt(value < 0 ? "-" : "", Math.abs(value).toString(base), base, type, spec);
  }
  const v = BigInt(value);
  if (type === "c") {
    if (spec.sign !== undefined) throw valueError("Sign not allowed with integer format specifier 'c'");
    if (spec.alternate) throw valueError("Alternate form (#) not allowed with integer format specifier 'c'");
    // PyLong_AsLong comes first: beyond a C long the error is the conversion's.
    if (v < -(2n ** 63n) || v >= 2n ** 63n) throw overflowError("Python int too large to convert to C long");
    if (v < 0n || v > 0x10ffffn) throw overflowError("%c arg not in range(0x110000)");
    return layoutNumber({ signChar: "", prefix: "", digits: String.fromCodePoint(Number(v)), rest: "", opaque: true }, spec, 0, "");
  }
  const abs = v < 0n ? -v : v;
  const base = type === "b" ? 2 : type === "o" ? 8 : type === "x" || type === "X" ? 16 : 10;
  return layoutInt(v < 0n ? "-" : "", intToString(abs, base), base, type, spec);
}

/** Lays out an int's digits (lowercase, no sign) with its prefix, grouping, sign and padding. */
function layoutInt(signChar: "" | "-", absDigits: string, base: number, type: string, spec: FormatSpec): string {
  let digits = absDigits;
  let prefix = "";
  if (spec.alternate && base !== 10) prefix = base === 2 ? "0b" : base === 8 ? "0o" : "0x";
  if (type === "X") {
    digits = digits.toUpperCase();
    prefix = prefix.toUpperCase();
  }
  // 'n' uses the C locale in the PVM: no grouping.
  const groupSize = spec.grouping === undefined || type === "n" ? 0 : base === 10 ? 3 : 4;
  return layoutNumber({ signChar, prefix, digits, rest: "", opaque: false }, spec, groupSize, spec.grouping ?? "");
}

/** format(float, spec). */
export function formatFloat(x: number, specIn: FormatSpec | string, typeName = "float", limits?: FormatLimits): string {
  if (typeof x !== "number") throw new TypeError("x: expected a number");
  if (specIn === "") return floatRepr(x);
  const spec = resolveSpec(specIn, typeName, limits);
  let type = spec.type;
  if (!"eEfFgGn%".includes(type) || type.length > 1) throw unknownCode(type, typeName);
  let addDot0 = false;
  let precision = spec.precision;
  let val = x;
  let pct = false;
  if (type === "") {
    addDot0 = true;
    type = "r";
  }
  if (type === "n") type = "g";
  if (type === "%") {
    type = "f";
    val = x * 100;
    pct = true;
  }
  if (precision < 0) precision = type === "r" ? 0 : 6;
  else if (type === "r") type = "g";
  const upper = type === "E" || type === "F" || type === "G";
  const code = type.toLowerCase() as "e" | "f" | "g" | "r";
  const text =
    doubleToString(val, code, precision, {
      addDot0,
      alternate: spec.alternate,
      noNegativeZero: spec.coerceNegativeZero,
      upper,
    }) + (pct ? "%" : "");
  const negative = text.startsWith("-");
  const unsigned = negative ? text.slice(1) : text;
  let i = 0;
  while (i < unsigned.length && unsigned.charCodeAt(i) >= 0x30 && unsigned.charCodeAt(i) <= 0x39) i++;
  const groupSize = spec.grouping === undefined || spec.type === "n" ? 0 : 3;
  return layoutNumber({ signChar: negative ? "-" : "", prefix: "", digits: unsigned.slice(0, i), rest: unsigned.slice(i), opaque: false }, spec, groupSize, spec.grouping ?? "");
}

/** format(str, spec): precision truncates, width pads; both count code points. */
export function formatStr(s: string, specIn: FormatSpec | string, typeName = "str", limits?: FormatLimits): string {
  if (typeof s !== "string") throw new TypeError("s: expected a string");
  if (specIn === "") return s;
  const spec = resolveSpec(specIn, typeName, limits);
  const type = spec.type === "" ? "s" : spec.type;
  checkGrouping(spec, type);
  if (type !== "s") throw unknownCode(type, typeName);
  if (spec.sign === " ") throw valueError("Space not allowed in string format specifier");
  if (spec.sign !== undefined) throw valueError("Sign not allowed in string format specifier");
  if (spec.coerceNegativeZero) throw valueError("Negative zero coercion (z) not allowed in string format specifier");
  if (spec.alternate) throw valueError("Alternate form (#) not allowed in string format specifier");
  if (spec.align === "=") throw valueError("'=' alignment not allowed in string format specifier");
  let text = s;
  let len = cpLength(s);
  if (spec.precision >= 0 && len > spec.precision) {
    text = Array.from(s).slice(0, spec.precision).join("");
    len = spec.precision;
  }
  const pad = spec.width - len;
  if (pad <= 0) return text;
  const fill = spec.fill ?? (spec.zeroPad ? "0" : " ");
  const align = spec.align ?? "<";
  if (align === ">") return fill.repeat(pad) + text;
  if (align === "^") return fill.repeat(Math.floor(pad / 2)) + text + fill.repeat(pad - Math.floor(pad / 2));
  return text + fill.repeat(pad);
}
