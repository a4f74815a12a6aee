/**
 * printf-style formatting, `str % args`, as CPython 3.11's PyUnicode_Format.
 *
 * The numeric core knows nothing of Python objects, so the caller passes callbacks that convert an
 * argument (an opaque `V`) the way the interpreter's object model does:
 *
 *   str(v) / repr(v) / ascii(v)  the results of str(), repr() and ascii() — used by %s %r %a.
 *   toInt(v, conversion)         %d %i %u: int(v) (PyNumber_Long, floats truncate); %o %x %X:
 *                                operator.index(v). On failure throw the interpreter's TypeError,
 *                                worded "%d format: a real number is required, not T" for d/i/u and
 *                                "%x format: an integer is required, not T" for o/x/X (T = type name).
 *   toFloat(v)                   %e %E %f %F %g %G: float(v); on failure throw TypeError
 *                                "must be real number, not T".
 *   toChar(v)                    %c: a str of length 1 → that str; an int → its value; otherwise null.
 *   toStarInt(v)                 a '*' width/precision: the int value, or null when v is not an int.
 *   getItem(mapping, key)        %(key)s: mapping[key]; throws the interpreter's KeyError itself.
 *
 * `args` mirrors the right operand: `{ tuple: items }` for a tuple, otherwise `{ single: v, isMapping }`
 * where isMapping is true when v supports mapping subscription (dict, but also list, as in CPython)
 * and is not a str. Errors raised here are NumericError with CPython's type and words.
 */
import { overflowError, typeError, valueError } from "./errors.js";
import { doubleToString } from "./floatstr.js";
import { intToString } from "./parse.js";
import { cpLength } from "./pystr.js";

export interface PercentCallbacks<V> {
  str(v: V): string;
  repr(v: V): string;
  ascii(v: V): string;
  toInt(v: V, conversion: string): number | bigint;
  toFloat(v: V): number;
  toChar(v: V): string | number | bigint | null;
  toStarInt(v: V): number | bigint | null;
  getItem(mapping: V, key: string): V;
}

export type PercentArgs<V> = { readonly tuple: readonly V[] } | { readonly single: V; readonly isMapping: boolean };

// CPython stores width/precision in a C int.
const INT_MAX = 2147483647;

/**
 * `maxWidthOrPrecision` bounds every width and precision (explicit or from '*') so a caller with a
 * memory budget can refuse before allocating; the default is CPython's C int limit.
 */
export function percentFormat<V>(format: string, args: PercentArgs<V>, cb: PercentCallbacks<V>, limits: { readonly maxWidthOrPrecision?: number } = {}): string {
  const maxSize = Math.min(INT_MAX, limits.maxWidthOrPrecision ?? INT_MAX);
  if (typeof format !== "string") throw new TypeError("format: expected a string");
  const f = Array.from(format);
  const isTuple = "tuple" in args;
  const items: readonly V[] = isTuple ? args.tuple : [];
  const mapping = !isTuple && args.isMapping ? { value: args.single } : undefined;
  // CPython: arglen = -1 and argidx = -2 for a single non-tuple argument.
  // A %(key) lookup replaces the current argument source with the looked-up value (arglen -1), so
  // later unkeyed conversions find nothing left, exactly as in CPython.
  let single: V | undefined = isTuple ? undefined : args.single;
  let argLen = isTuple ? items.length : -1;
  let argIdx = isTuple ? 0 : -2;
  const nextArg = (): V => {
    if (argLen < 0) {
      if (argIdx === -2) {
        argIdx = -1;
        return single as V;
      }
    } else if (argIdx < argLen) return items[argIdx++] as V;
    throw typeError("not enough arguments for format string");
  };
  let out = "";
  let i = 0;
  while (i < f.length) {
    const ch = f[i] as string;
    if (ch !== "%") {
      out += ch;
      i++;
      continue;
    }
    i++;
    if (i >= f.length) throw valueError("incomplete format");
    if (f[i] === "%") {
      out += "%";
      i++;
      continue;
    }
    let arg: V | undefined;
    if (f[i] === "(") {
      if (mapping === undefined) throw typeError("format requires a mapping");
      let depth = 1;
      const start = ++i;
      while (i < f.length && depth > 0) {
        if (f[i] === "(") depth++;
        else if (f[i] === ")") depth--;
        i++;
      }
      if (depth > 0) throw valueError("incomplete format key");
      single = cb.getItem(mapping.value, f.slice(start, i - 1).join(""));
      argLen = -1;
      argIdx = -2;
    }
    let ljust = false,
      plus = false,
      blank = false,
      alt = false,
      zero = false;
    for (; i < f.length; i++) {
      const c = f[i];
      if (c === "-") ljust = true;
      else if (c === "+") plus = true;
      else if (c === " ") blank = true;
      else if (c === "#") alt = true;
      else if (c === "0") zero = true;
      else break;
    }
    const readNumber = (what: "width" | "precision"): number => {
      let v = 0;
      while (i < f.length && (f[i] as string) >= "0" && (f[i] as string) <= "9") {
        v = v * 10 + Number(f[i]);
        if (v > maxSize) throw valueError(what === "width" ? "width too big" : "precision too big");
        i++;
      }
      return v;
    };
    const star = (what: "width" | "precision"): number => {
      const n = cb.toStarInt(nextArg());
      if (n === null) throw typeError("* wants int");
      const big = callbackInt(n, "toStarInt");
      if (big > BigInt(maxSize) || big < -BigInt(maxSize)) throw valueError(what === "width" ? "width too big" : "precision too big");
      return Number(big);
    };
    let width = -1;
    if (f[i] === "*") {
      i++;
      width = star("width");
      if (width < 0) {
        ljust = true;
        width = -width;
      }
    } else if (f[i] !== undefined && (f[i] as string) >= "0" && (f[i] as string) <= "9") width = readNumber("width");
    let prec = -1;
    if (f[i] === ".") {
      i++;
      if (f[i] === "*") {
        i++;
        prec = star("precision");
        if (prec < 0) prec = 0;
      } else prec = readNumber("precision");
    }
    if (f[i] === "h" || f[i] === "l" || f[i] === "L") i++;
    if (i >= f.length) throw valueError("incomplete format");
    const conv = f[i] as string;
    const convIndex = i;
    i++;
    // The argument is fetched before the conversion character is validated, as in CPython.
    arg = nextArg();
    let text: string;
    let numeric = false;
    switch (conv) {
      case "s":
      case "r":
      case "a": {
        const v = arg as V;
        text = conv === "s" ? cb.str(v) : conv === "r" ? cb.repr(v) : cb.ascii(v);
        if (prec >= 0) {
          const cps = Array.from(text);
          if (cps.length > prec) text = cps.slice(0, prec).join("");
        }
        break;
      }
      case "i":
      case "d":
      case "u":
      case "o":
      case "x":
      case "X": {
        numeric = true;
        const n = callbackInt(cb.toInt(arg as V, conv), "toInt");
        text = formatLong(n, alt, prec, conv);
        break;
      }
      case "e":
      case "E":
      case "f":
      case "F":
      case "g":
      case "G": {
        numeric = true;
        const x = cb.toFloat(arg as V);
        const lower = conv.toLowerCase() as "e" | "f" | "g";
        text = doubleToString(x, lower, prec < 0 ? 6 : prec, { alternate: alt, upper: conv !== lower });
        break;
      }
      case "c": {
        const c = cb.toChar(arg as V);
        if (c === null) throw typeError("%c requires int or char");
        if (typeof c === "number" && !Number.isSafeInteger(c)) throw typeError("%c requires int or char");
        if (typeof c === "string") {
          if (Array.from(c).length !== 1) throw typeError("%c requires int or char");
          text = c;
        } else {
          const n = BigInt(c);
          if (n < 0n || n > 0x10ffffn) throw overflowError("%c arg not in range(0x110000)");
          text = String.fromCodePoint(Number(n));
        }
        break;
      }
      default: {
        const cp = conv.codePointAt(0) as number;
        const shown = cp >= 32 && cp <= 126 ? conv : "?";
        throw valueError(`unsupported format character '${shown}' (0x${cp.toString(16)}) at index ${convIndex}`);
      }
    }
    out += pad(text, width, numeric, { ljust, plus, blank, zero, alt: alt && (conv === "o" || conv === "x" || conv === "X") });
  }
  if (argIdx < argLen && mapping === undefined) throw typeError("not all arguments converted during string formatting");
  return out;
}

/** A callback's integer result; anything else is a bug in the caller, reported as such. */
function callbackInt(v: number | bigint, name: string): bigint {
  if (typeof v === "bigint") return v;
  if (typeof v === "number" && Number.isSafeInteger(v)) return BigInt(v);
  throw new TypeError(`percentFormat: callbacks.${name} must return a safe integer or a bigint`);
}

/** _PyUnicode_FormatLong: digits in the base, zero-extended to `prec`, alternate prefix, sign. */
function formatLong(n: bigint, alt: boolean, prec: number, conv: string): string {
  const neg = n < 0n;
  const abs = neg ? -n : n;
  const base = conv === "o" ? 8 : conv === "x" || conv === "X" ? 16 : 10;
  let digits = intToString(abs, base);
  if (prec > digits.length) digits = "0".repeat(prec - digits.length) + digits;
  let prefix = alt && base === 8 ? "0o" : alt && base === 16 ? "0x" : "";
  if (conv === "X") {
    digits = digits.toUpperCase();
    prefix = prefix.toUpperCase();
  }
  return (neg ? "-" : "") + prefix + digits;
}

interface PadFlags {
  readonly ljust: boolean;
  readonly plus: boolean;
  readonly blank: boolean;
  readonly zero: boolean;
  readonly alt: boolean;
}

/** unicode_format_arg_output: sign and 0x/0o prefix stay ahead of zero padding. */
function pad(text: string, width: number, numeric: boolean, fl: PadFlags): string {
  let sign = "";
  let body = text;
  if (numeric) {
    if (body.startsWith("-") || body.startsWith("+")) {
      sign = body[0] as string;
      body = body.slice(1);
    } else if (fl.plus) sign = "+";
    else if (fl.blank) sign = " ";
  }
  let prefix = "";
  if (numeric && fl.alt) {
    prefix = body.slice(0, 2);
    body = body.slice(2);
  }
  // Code points counted only when they can matter: there are at least half as many as UTF-16 units.
  if (width <= sign.length + prefix.length + Math.ceil(body.length / 2)) return sign + prefix + body;
  const padLen = width - (sign.length + prefix.length + cpLength(body));
  if (padLen <= 0) return sign + prefix + body;
  if (fl.ljust) return sign + prefix + body + " ".repeat(padLen);
  if (numeric && fl.zero) return sign + prefix + "0".repeat(padLen) + body;
  return " ".repeat(padLen) + sign + prefix + body;
}
