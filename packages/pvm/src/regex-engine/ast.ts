/**
 * The parsed form of a pattern, shaped like CPython's sre_parse output so the compiler can follow
 * sre_compile decision for decision (which repeat opcode, which case-insensitive opcode).
 */

/** Flag bits, numerically equal to Python's `re` flags. */
export const Flag = {
  TEMPLATE: 1,
  IGNORECASE: 2,
  LOCALE: 4,
  MULTILINE: 8,
  DOTALL: 16,
  UNICODE: 32,
  VERBOSE: 64,
  DEBUG: 128,
  ASCII: 256,
} as const;

/** sre's MAXREPEAT on 64-bit builds: an upper bound of MAXREPEAT means "unbounded". */
export const MAXREPEAT = 4294967295;
/** The PVM caps capturing groups (CPython's cap is far higher); see cips/pvm-re.md. */
export const MAXGROUPS = 10000;

export type Category = "digit" | "not_digit" | "space" | "not_space" | "word" | "not_word";
export type AtCode = "beginning" | "beginning_string" | "end" | "end_string" | "boundary" | "non_boundary";

export type SetItem =
  | { readonly t: "negate" }
  | { readonly t: "literal"; readonly c: number }
  | { readonly t: "range"; readonly lo: number; readonly hi: number }
  | { readonly t: "category"; readonly cat: Category };

export type Node =
  | { readonly op: "literal"; readonly c: number }
  | { readonly op: "not_literal"; readonly c: number }
  | { readonly op: "any" }
  | { readonly op: "in"; readonly items: readonly SetItem[] }
  | { readonly op: "at"; readonly at: AtCode }
  | { readonly op: "repeat"; readonly kind: "max" | "min" | "possessive"; readonly min: number; readonly max: number; readonly body: Seq }
  | { readonly op: "subpattern"; readonly group: number | null; readonly addFlags: number; readonly delFlags: number; readonly body: Seq }
  | { readonly op: "atomic"; readonly body: Seq }
  | { readonly op: "assert"; readonly negate: boolean; readonly behind: boolean; readonly body: Seq }
  | { readonly op: "branch"; readonly alts: readonly Seq[] }
  | { readonly op: "groupref"; readonly group: number }
  | { readonly op: "groupref_exists"; readonly group: number; readonly yes: Seq; readonly no: Seq | null };

export type Seq = Node[];

export interface ParsedPattern {
  readonly seq: Seq;
  /** Flags after inline global flags and str/bytes defaults (UNICODE added for str). */
  readonly flags: number;
  /** Number of capturing groups (not counting group 0). */
  readonly groups: number;
  readonly groupIndex: ReadonlyMap<string, number>;
  /** Width [min, max] of each closed group, index 0 unused. */
  readonly groupWidths: readonly (readonly [number, number])[];
  readonly isBytes: boolean;
}

/** sre_parse's SubPattern.getwidth: [min, max] characters a sequence can match, capped at MAXREPEAT. */
export function seqWidth(seq: readonly Node[], groupWidths: readonly (readonly [number, number] | undefined)[]): [number, number] {
  let lo = 0;
  let hi = 0;
  for (const n of seq) {
    switch (n.op) {
      case "branch": {
        let i = MAXREPEAT - 1;
        let j = 0;
        for (const alt of n.alts) {
          const [l, h] = seqWidth(alt, groupWidths);
          i = Math.min(i, l);
          j = Math.max(j, h);
        }
        lo += i;
        hi += j;
        break;
      }
      case "atomic":
      case "subpattern": {
        const [l, h] = seqWidth(n.body, groupWidths);
        lo += l;
        hi += h;
        break;
      }
      case "repeat": {
        const [l, h] = seqWidth(n.body, groupWidths);
        lo += l * n.min;
        hi += h * n.max;
        break;
      }
      case "literal":
      case "not_literal":
      case "any":
      case "in":
        lo += 1;
        hi += 1;
        break;
      case "groupref": {
        const w = groupWidths[n.group];
        if (w) {
          lo += w[0];
          hi += w[1];
        }
        break;
      }
      case "groupref_exists": {
        let [i, j] = seqWidth(n.yes, groupWidths);
        if (n.no !== null) {
          const [l, h] = seqWidth(n.no, groupWidths);
          i = Math.min(i, l);
          j = Math.max(j, h);
        } else i = 0;
        lo += i;
        hi += j;
        break;
      }
      default:
        break;
    }
  }
  return [Math.min(lo, MAXREPEAT - 1), Math.min(hi, MAXREPEAT)];
}
