/**
 * Character predicates and case mappings exactly as sre uses them. Str patterns use the Unicode
 * tables generated from CPython 3.11; bytes patterns and the ASCII flag use the ASCII rules.
 * Lookups are binary searches over flat range tables, with an ASCII fast path.
 */
import {
  ALPHA_RANGES,
  DECIMAL_RANGES,
  EXTRA_CASES,
  ID_CONTINUE_RANGES,
  ID_START_RANGES,
  LOWER_RUNS,
  PRINTABLE_RANGES,
  SPACE_RANGES,
  UPPER_RUNS,
  WORD_RANGES,
} from "./unicode-tables.js";

function inRanges(table: readonly number[], c: number): boolean {
  let lo = 0;
  let hi = (table.length >> 1) - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (c < table[2 * mid]!) hi = mid - 1;
    else if (c > table[2 * mid + 1]!) lo = mid + 1;
    else return true;
  }
  return false;
}

function mapRuns(runs: readonly number[], c: number): number {
  // Runs are sorted by start; find the last run starting at or before c.
  let lo = 0;
  let hi = runs.length / 4 - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (runs[4 * mid]! <= c) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  if (found < 0) return c;
  const start = runs[4 * found]!;
  const count = runs[4 * found + 1]!;
  const stride = runs[4 * found + 3]!;
  const off = c - start;
  if (off % stride !== 0 || off / stride >= count) return c;
  return c + runs[4 * found + 2]!;
}

export const isAsciiDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;
export const isAsciiSpace = (c: number): boolean => c === 0x20 || (c >= 0x09 && c <= 0x0d);
export function isAsciiWord(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39) || c === 0x5f;
}

export function isUniDigit(c: number): boolean {
  return c < 128 ? isAsciiDigit(c) : inRanges(DECIMAL_RANGES, c);
}
export function isUniSpace(c: number): boolean {
  if (c < 128) return isAsciiSpace(c) || (c >= 0x1c && c <= 0x1f);
  return inRanges(SPACE_RANGES, c);
}
export function isUniWord(c: number): boolean {
  return c < 128 ? isAsciiWord(c) : inRanges(WORD_RANGES, c);
}

export const asciiLower = (c: number): number => (c >= 0x41 && c <= 0x5a ? c + 32 : c);
const asciiUpper = (c: number): number => (c >= 0x61 && c <= 0x7a ? c - 32 : c);
export function uniLower(c: number): number {
  return c < 128 ? asciiLower(c) : mapRuns(LOWER_RUNS, c);
}
export function uniUpper(c: number): number {
  return c < 128 ? asciiUpper(c) : mapRuns(UPPER_RUNS, c);
}
export const asciiIsCased = (c: number): boolean => c < 128 && asciiLower(c) !== asciiUpper(c);
export const uniIsCased = (c: number): boolean => c !== uniLower(c) || c !== uniUpper(c);

/** Other lowercase code points that share an uppercase with `lower` (sre's _EXTRA_CASES), or none. */
export function extraCases(lower: number): number[] {
  // The table is sorted by key: binary-search the first pair for `lower`.
  let lo = 0;
  let hi = EXTRA_CASES.length / 2;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (EXTRA_CASES[2 * mid]! < lower) lo = mid + 1;
    else hi = mid;
  }
  const out: number[] = [];
  for (let i = 2 * lo; i < EXTRA_CASES.length && EXTRA_CASES[i] === lower; i += 2) out.push(EXTRA_CASES[i + 1]!);
  return out;
}

/** Python's str.isidentifier, used to validate group names. */
export function isIdentifier(cps: readonly number[]): boolean {
  if (cps.length === 0) return false;
  if (!inRanges(ID_START_RANGES, cps[0]!)) return false;
  for (let i = 1; i < cps.length; i++) if (!inRanges(ID_CONTINUE_RANGES, cps[i]!)) return false;
  return true;
}

/** Python's repr() of a str, for error messages that CPython formats with %r. */
export function pyRepr(s: string): string {
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (ch === quote || ch === "\\") out += "\\" + ch;
    else if (c === 0x0a) out += "\\n";
    else if (c === 0x0d) out += "\\r";
    else if (c === 0x09) out += "\\t";
    else if (inRanges(PRINTABLE_RANGES, c)) out += ch;
    else if (c < 0x100) out += "\\x" + c.toString(16).padStart(2, "0");
    else if (c < 0x10000) out += "\\u" + c.toString(16).padStart(4, "0");
    else out += "\\U" + c.toString(16).padStart(8, "0");
  }
  return out + quote;
}

/** Python's str.isalpha for one code point. */
export function isAlphaCp(c: number): boolean {
  return inRanges(ALPHA_RANGES, c);
}
