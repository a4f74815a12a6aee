/**
 * `format(d, spec)` as CPython 3.11's C decimal (libmpdec `mpd_qformat_spec`) with the C locale:
 * [[fill]align][sign][z][0][width][,][.precision][type], type one of e E f F g G n %; '#' and '_'
 * are rejected as "invalid format string".
 */
import type { Context, Rounding } from "./context.js";
import { Dec, FINITE, digits, finite, pow10 } from "./dec.js";
import { actx, adec } from "./guard.js";
import { rescale } from "./quantize.js";
import { shiftRound } from "./round.js";
import { DecimalError } from "./signals.js";
import { toSciString } from "./tostring.js";

/** Width and precision above this are refused (bounds the output a contract can request). */
export const MAX_FORMAT_WIDTH = 100_000;

interface Spec {
  fill: string;
  align: "<" | ">" | "=" | "^";
  sign: "-" | "+" | " ";
  noNegZero: boolean;
  zeropad: boolean;
  width: number;
  thousands: boolean;
  precision: number | null;
  type: "e" | "E" | "f" | "F" | "g" | "G" | "n" | "%" | null;
}

const SPEC = /^(?:([\s\S])?([<>=^]))?([-+ ])?(z)?(0)?([1-9]\d*)?(,)?(?:\.(0|[1-9]\d*))?([eEfFgGn%])?$/u;

function invalid(): DecimalError {
  return new DecimalError("VALUE_ERROR", "invalid format string");
}

function parseSpec(spec: string): Spec {
  const m = SPEC.exec(spec);
  if (!m) throw invalid();
  const [, fill, align, sign, z, zero, width, comma, precision, type] = m;
  if (width !== undefined && width.length > 6) throw tooBig();
  if (precision !== undefined && precision.length > 6) throw tooBig();
  const w = width === undefined ? 0 : Number(width);
  const p = precision === undefined ? null : Number(precision);
  if (w > MAX_FORMAT_WIDTH || (p !== null && p > MAX_FORMAT_WIDTH)) throw tooBig();
  if (comma && type === "n") throw invalid();
  const zeropad = zero !== undefined;
  return {
    fill: fill ?? (zeropad && align === undefined ? "0" : " "),
    align: (align as Spec["align"] | undefined) ?? (zeropad ? "=" : ">"),
    sign: (sign as Spec["sign"] | undefined) ?? "-",
    noNegZero: z !== undefined,
    zeropad: zeropad && align === undefined,
    width: w,
    thousands: comma !== undefined,
    precision: p,
    type: (type as Spec["type"] | undefined) ?? null,
  };
}

function tooBig(): DecimalError {
  return new DecimalError("PRECISION_CAP", `format width and precision are limited to ${MAX_FORMAT_WIDTH}`);
}

function signText(negative: boolean, spec: Spec): string {
  if (negative) return "-";
  return spec.sign === "-" ? "" : spec.sign;
}

function align(sign: string, body: string, spec: Spec): string {
  const len = [...sign].length + [...body].length;
  const pad = spec.fill.repeat(Math.max(0, spec.width - len));
  switch (spec.align) {
    case "<":
      return sign + body + pad;
    case ">":
      return pad + sign + body;
    case "=":
      return sign + pad + body;
    case "^": {
      const n = [...pad].length;
      const half = n >> 1;
      return spec.fill.repeat(half) + sign + body + spec.fill.repeat(n - half);
    }
  }
}

/** Groups the integer digits by three with ',' and pads them with zeros to minWidth. */
function groupDigits(intpart: string, thousands: boolean, minWidthIn: number): string {
  let minWidth = Math.max(minWidthIn, 1);
  let rest = intpart;
  if (!thousands) {
    const l = Math.max(rest.length, minWidth, 1);
    return "0".repeat(l - rest.length) + rest;
  }
  const groups: string[] = [];
  for (;;) {
    const l = Math.min(Math.max(rest.length, minWidth, 1), 3);
    groups.push("0".repeat(Math.max(0, l - rest.length)) + rest.slice(Math.max(0, rest.length - l)));
    rest = rest.slice(0, Math.max(0, rest.length - l));
    minWidth -= l;
    if (rest.length === 0 && minWidth <= 0) break;
    minWidth -= 1;
  }
  return groups.reverse().join(",");
}

/** Rounds d to n significant digits (padding with zeros when pad), no exponent limits. */
function roundDigits(d: Dec, n: number, mode: Rounding, pad: boolean): Dec {
  const nd = digits(d.coeff);
  if (nd < n && pad && d.coeff !== 0n) return finite(d.sign, d.coeff * pow10(n - nd), d.exp - (n - nd));
  if (nd <= n) return d;
  const s = shiftRound(d.coeff, nd - n, mode, d.sign);
  let c = s.coeff;
  let e = d.exp + (nd - n);
  if (digits(c) > n) {
    c /= 10n;
    e += 1;
  }
  return finite(d.sign, c, e);
}

/** Python `format(d, spec)`; the context supplies rounding and capitals (as CPython's current context). */
export function formatDec(ctx: Context, d: Dec, specText: string): string {
  actx(ctx);
  adec(d, "d");
  if (typeof specText !== "string") throw new DecimalError("INVALID_ARGUMENT", "spec: expected a string");
  const spec = parseSpec(specText);
  if (d.special !== FINITE) {
    // Zero padding does not apply to Infinity and NaN: they are right-aligned with spaces.
    const s = spec.zeropad ? { ...spec, fill: " ", align: ">" as const } : spec;
    let body = toSciString(new Dec(0, d.coeff, d.exp, d.special), 1);
    if (spec.type === "%") body += "%";
    return align(signText(d.sign === 1, s), body, s);
  }
  const type = spec.type ?? (ctx.capitals ? "G" : "g");
  const mode = ctx.rounding;
  let v = d;
  if (type === "%") v = finite(v.sign, v.coeff, v.exp + 2);
  let precision = spec.precision;
  if ((type === "g" || type === "G" || type === "n") && precision === 0) precision = 1;
  if (precision !== null) {
    if (type === "e" || type === "E") v = roundDigits(v, precision + 1, mode, true);
    else if (type === "f" || type === "F" || type === "%") v = rescale(v, -precision, mode).value;
    else v = roundDigits(v, precision, mode, false);
  }
  if (v.coeff === 0n && v.exp > 0 && (type === "f" || type === "F" || type === "%")) v = rescale(v, 0, mode).value;
  const negative = v.sign === 1 && !(spec.noNegZero && v.coeff === 0n);
  const ds = v.coeff.toString();
  const leftdigits = v.exp + ds.length;
  let dot: number;
  if (type === "e" || type === "E") dot = v.coeff === 0n && precision !== null ? 1 - precision : 1;
  else if (type === "f" || type === "F" || type === "%") dot = leftdigits;
  else dot = v.exp <= 0 && leftdigits > -6 ? leftdigits : 1;
  let intpart: string;
  let frac: string;
  if (dot < 0) {
    intpart = "0";
    frac = "0".repeat(-dot) + ds;
  } else if (dot > ds.length) {
    intpart = ds + "0".repeat(dot - ds.length);
    frac = "";
  } else {
    intpart = ds.slice(0, dot) || "0";
    frac = ds.slice(dot);
  }
  if (intpart.length + frac.length > 4 * MAX_FORMAT_WIDTH) throw tooBig();
  const exp = leftdigits - dot;
  let tail = frac.length > 0 ? `.${frac}` : "";
  if (exp !== 0 || type === "e" || type === "E") {
    const echar = type === "E" || type === "G" ? "E" : "e";
    tail += `${echar}${exp < 0 ? "-" : "+"}${Math.abs(exp)}`;
  }
  if (type === "%") tail += "%";
  const sign = signText(negative, spec);
  const minWidth = spec.zeropad ? spec.width - tail.length - sign.length : 0;
  return align(sign, groupDigits(intpart, spec.thousands, minWidth) + tail, spec);
}
