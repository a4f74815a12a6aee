/**
 * String → Dec with CPython 3.11's grammar: surrounding Unicode whitespace stripped, underscores
 * ignored anywhere, any Unicode decimal digit (Nd) accepted, case-insensitive Inf/Infinity/NaN/sNaN.
 */
import { MAX_INPUT_EXP } from "./context.js";
import { type Dec, digits, finite, infinity, nan } from "./dec.js";
import { CONVERSION_SYNTAX, DecimalError, INVALID_OPERATION } from "./signals.js";

/** Largest coefficient accepted from a string, in digits (twice MAX_PREC: an exact product fits). */
export const MAX_INPUT_DIGITS = 20_000;

/** Code points of Unicode Nd zeros (Unicode 14.0, CPython 3.11's unicodedata); each starts a run of 10. */
const DIGIT_ZEROS: readonly number[] = [
  0x30, 0x660, 0x6f0, 0x7c0, 0x966, 0x9e6, 0xa66, 0xae6, 0xb66, 0xbe6, 0xc66, 0xce6, 0xd66, 0xde6, 0xe50, 0xed0, 0xf20, 0x1040, 0x1090, 0x17e0, 0x1810, 0x1946, 0x19d0, 0x1a80,
  0x1a90, 0x1b50, 0x1bb0, 0x1c40, 0x1c50, 0xa620, 0xa8d0, 0xa900, 0xa9d0, 0xa9f0, 0xaa50, 0xabf0, 0xff10, 0x104a0, 0x10d30, 0x11066, 0x110f0, 0x11136, 0x111d0, 0x112f0, 0x11450,
  0x114d0, 0x11650, 0x116c0, 0x11730, 0x118e0, 0x11950, 0x11c50, 0x11d50, 0x11da0, 0x16a60, 0x16ac0, 0x16b50, 0x1d7ce, 0x1d7d8, 0x1d7e2, 0x1d7ec, 0x1d7f6, 0x1e140, 0x1e2f0,
  0x1e950, 0x1fbf0,
];

/** Python's str.isspace() set (Unicode 14.0). */
const SPACES: ReadonlySet<number> = new Set([
  0x9, 0xa, 0xb, 0xc, 0xd, 0x1c, 0x1d, 0x1e, 0x1f, 0x20, 0x85, 0xa0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200a, 0x2028, 0x2029,
  0x202f, 0x205f, 0x3000,
]);

export function isPySpace(cp: number): boolean {
  return SPACES.has(cp);
}

/** Decimal value of a non-ASCII Nd code point, or -1. */
function unicodeDigit(cp: number): number {
  for (const z of DIGIT_ZEROS) {
    if (cp >= z && cp < z + 10) return cp - z;
  }
  return -1;
}

/** Outcome of parsing: a value, or the status to raise (the caller returns NaN if untrapped). */
export type ParseResult = { ok: true; value: Dec } | { ok: false; status: number };

/** Normalizes to ASCII: strips Python whitespace, drops '_', maps Unicode digits; null if invalid. */
function toAscii(s: string): string | null {
  // Fast path: printable ASCII with no underscore needs no rewriting.
  let plain = true;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c <= 0x20 || c >= 0x7f || c === 0x5f) {
      plain = false;
      break;
    }
  }
  if (plain) return s;
  const cps = Array.from(s, (ch) => ch.codePointAt(0) as number);
  let lo = 0;
  let hi = cps.length;
  while (lo < hi && SPACES.has(cps[lo] as number)) lo++;
  while (hi > lo && SPACES.has(cps[hi - 1] as number)) hi--;
  let out = "";
  for (let i = lo; i < hi; i++) {
    const cp = cps[i] as number;
    if (cp === 0x5f) continue;
    if (cp < 0x80) {
      out += String.fromCharCode(cp);
      continue;
    }
    const d = unicodeDigit(cp);
    if (d < 0) return null;
    out += String.fromCharCode(0x30 + d);
  }
  return out;
}

const NUMBER = /^([+-]?)(?:(\d+)(?:\.(\d*))?|\.(\d+))(?:[eE]([+-]?\d+))?$/;
const SPECIAL = /^([+-]?)(?:(inf|infinity)|(s?nan)(\d*))$/i;

/** Parses a Python decimal literal exactly (no rounding). */
export function parseDecimal(s: string): ParseResult {
  if (typeof s !== "string") throw new DecimalError("INVALID_ARGUMENT", "s: expected a string");
  const a = toAscii(s);
  if (a === null || a.length === 0) return { ok: false, status: CONVERSION_SYNTAX };
  const m = NUMBER.exec(a);
  if (m) {
    const sign: 0 | 1 = m[1] === "-" ? 1 : 0;
    const intPart = m[2] ?? "";
    const frac = m[3] ?? m[4] ?? "";
    const all = (intPart + frac).replace(/^0+/, "");
    if (all.length > MAX_INPUT_DIGITS) {
      throw new DecimalError("PRECISION_CAP", `decimal string has ${all.length} significant digits; the limit is ${MAX_INPUT_DIGITS}`);
    }
    const coeff = all.length === 0 ? 0n : BigInt(all);
    const expText = m[5];
    let e = 0n;
    if (expText !== undefined) {
      // Reject absurd exponent strings before BigInt work on them.
      if (expText.replace(/^[+-]?0*/, "").length > 20) return { ok: false, status: INVALID_OPERATION };
      e = BigInt(expText);
    }
    const exp = e - BigInt(frac.length);
    const adj = exp + BigInt(digits(coeff) - 1);
    const cap = BigInt(MAX_INPUT_EXP);
    if (exp > cap || exp < -cap || adj > cap || adj < -cap) return { ok: false, status: INVALID_OPERATION };
    return { ok: true, value: finite(sign, coeff, Number(exp)) };
  }
  const sm = SPECIAL.exec(a);
  if (sm) {
    const sign: 0 | 1 = sm[1] === "-" ? 1 : 0;
    if (sm[2] !== undefined) return { ok: true, value: infinity(sign) };
    const payloadText = (sm[4] ?? "").replace(/^0+/, "");
    if (payloadText.length > MAX_INPUT_DIGITS) {
      throw new DecimalError("PRECISION_CAP", `NaN payload has ${payloadText.length} digits; the limit is ${MAX_INPUT_DIGITS}`);
    }
    const payload = payloadText.length === 0 ? 0n : BigInt(payloadText);
    return { ok: true, value: nan(sign, payload, (sm[3] ?? "").length === 4) };
  }
  return { ok: false, status: CONVERSION_SYNTAX };
}
