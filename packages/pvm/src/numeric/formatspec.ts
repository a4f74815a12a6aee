/**
 * The format-spec mini-language parser (PEP 3101 + PEP 378/515 + 3.11's 'z'), following CPython's
 * parse_internal_render_format_spec step by step so errors fire in the same order with the same words:
 *   [[fill]align][sign][z][#][0][width][grouping][.precision][type]
 */
import { valueError } from "./errors.js";
import { decimalValue } from "./pystr.js";

export type Align = "<" | ">" | "^" | "=";
export type Sign = "+" | "-" | " ";

export interface FormatSpec {
  /** Fill code point as a string; undefined when not given (then ' ' or the '0' flag's '0'). */
  readonly fill: string | undefined;
  /** Explicit alignment, or undefined (strings default to '<', numbers to '>'). */
  readonly align: Align | undefined;
  readonly sign: Sign | undefined;
  /** 'z': coerce negative zero (after rounding) to positive. */
  readonly coerceNegativeZero: boolean;
  /** '#': alternate form. */
  readonly alternate: boolean;
  /** The '0' flag before the width (only recognised when no fill was given). */
  readonly zeroPad: boolean;
  /** Minimum width, or -1. */
  readonly width: number;
  readonly grouping: "," | "_" | undefined;
  /** Precision, or -1. */
  readonly precision: number;
  /** Presentation type, "" when omitted. */
  readonly type: string;
}

const ALIGNS = new Set(["<", ">", "^", "="]);
// CPython refuses integers that would overflow Py_ssize_t while accumulating.
const SSIZE_LIMIT = (2n ** 63n - 1n) / 10n;

/** Printable ASCII type codes are quoted as is, others as \xNN, as CPython does. */
export function typeCodeForMessage(type: string): string {
  const cp = type.codePointAt(0) as number;
  return cp > 32 && cp < 128 ? type : `\\x${cp.toString(16)}`;
}

// Parsed specs by type name and spec text (a FormatSpec is immutable, so one parse serves every use;
// format strings in loops repeat the same few specs). Bounded: cleared when full.
const CACHE_LIMIT = 512;
const cache = new Map<string, Map<string, FormatSpec>>();
let cached = 0;

/** Parses a format spec. `typeName` is the Python type named in the "Invalid format specifier" error. */
export function parseFormatSpec(spec: string, typeName = "object"): FormatSpec {
  if (typeof spec !== "string") throw new TypeError("spec: expected a string");
  let byType = cache.get(typeName);
  const hit = byType?.get(spec);
  if (hit !== undefined) return hit;
  const parsed = parseUncached(spec, typeName);
  if (cached >= CACHE_LIMIT) {
    cache.clear();
    cached = 0;
    byType = undefined;
  }
  if (byType === undefined) cache.set(typeName, (byType = new Map()));
  byType.set(spec, parsed);
  cached++;
  return parsed;
}

function parseUncached(spec: string, typeName: string): FormatSpec {
  const cps = Array.from(spec);
  const end = cps.length;
  let pos = 0;
  let fill: string | undefined;
  let align: Align | undefined;
  if (end - pos >= 2 && ALIGNS.has(cps[pos + 1] as string)) {
    fill = cps[pos];
    align = cps[pos + 1] as Align;
    pos += 2;
  } else if (end - pos >= 1 && ALIGNS.has(cps[pos] as string)) {
    align = cps[pos] as Align;
    pos += 1;
  }
  let sign: Sign | undefined;
  const s = cps[pos];
  if (s === "+" || s === "-" || s === " ") {
    sign = s;
    pos++;
  }
  let coerceNegativeZero = false;
  if (cps[pos] === "z") {
    coerceNegativeZero = true;
    pos++;
  }
  let alternate = false;
  if (cps[pos] === "#") {
    alternate = true;
    pos++;
  }
  let zeroPad = false;
  if (fill === undefined && cps[pos] === "0") {
    zeroPad = true;
    pos++;
  }
  const readInt = (): number => {
    let v = 0n;
    let n = 0;
    while (pos < end) {
      const d = decimalValue((cps[pos] as string).codePointAt(0) as number);
      if (d < 0) break;
      if (v > SSIZE_LIMIT) throw valueError("Too many decimal digits in format string");
      v = v * 10n + BigInt(d);
      pos++;
      n++;
    }
    return n === 0 ? -1 : Number(v);
  };
  const width = readInt();
  let grouping: "," | "_" | undefined;
  if (cps[pos] === ",") {
    grouping = ",";
    pos++;
  }
  if (cps[pos] === "_") {
    if (grouping !== undefined) throw valueError("Cannot specify both ',' and '_'.");
    grouping = "_";
    pos++;
  }
  if (cps[pos] === "," && grouping === "_") throw valueError("Cannot specify both ',' and '_'.");
  let precision = -1;
  if (cps[pos] === ".") {
    pos++;
    precision = readInt();
    if (precision === -1) throw valueError("Format specifier missing precision");
  }
  if (end - pos > 1) throw valueError(`Invalid format specifier '${spec}' for object of type '${typeName}'`);
  const type = end - pos === 1 ? (cps[pos] as string) : "";
  const parsed: FormatSpec = Object.freeze({ fill, align, sign, coerceNegativeZero, alternate, zeroPad, width, grouping, precision, type });
  checkGrouping(parsed, type);
  return parsed;
}

/** The separator/type compatibility check, against the effective type (omitted type = its default). */
export function checkGrouping(spec: FormatSpec, effectiveType: string): void {
  if (spec.grouping === undefined) return;
  if (effectiveType === "" || "defgEGF%".includes(effectiveType)) return;
  if ("boxX".includes(effectiveType) && spec.grouping === "_") return;
  throw valueError(`Cannot specify '${spec.grouping}' with '${typeCodeForMessage(effectiveType)}'.`);
}
