/**
 * Character sets as sre_compile builds them: the BMP members (already case-folded under IGNORECASE)
 * become sorted ranges plus a Latin-1 bitmap, and what sre keeps as separate set items (categories,
 * astral literals and ranges, RANGE_UNI_IGNORE) stay a short list checked after the map.
 */
import type { Category, SetItem } from "./ast.js";
import { isAsciiDigit, isAsciiSpace, isAsciiWord, isUniDigit, isUniSpace, isUniWord, uniUpper } from "./unicode.js";

/** Category codes as compiled for a flag context (Unicode for str patterns without ASCII). */
// biome-ignore lint/suspicious/noConstEnum: inlined by tsc and esbuild in the matcher's hot loop; a plain enum would change the emitted code
export const enum Cat {
  Digit = 0,
  NotDigit = 1,
  Space = 2,
  NotSpace = 3,
  Word = 4,
  NotWord = 5,
  UniDigit = 6,
  UniNotDigit = 7,
  UniSpace = 8,
  UniNotSpace = 9,
  UniWord = 10,
  UniNotWord = 11,
}

function categoryCode(cat: Category, unicode: boolean): Cat {
  const base = { digit: 0, not_digit: 1, space: 2, not_space: 3, word: 4, not_word: 5 }[cat];
  return (base + (unicode ? 6 : 0)) as Cat;
}

function inCategory(cat: Cat, c: number): boolean {
  switch (cat) {
    case Cat.Digit:
      return isAsciiDigit(c);
    case Cat.NotDigit:
      return !isAsciiDigit(c);
    case Cat.Space:
      return isAsciiSpace(c);
    case Cat.NotSpace:
      return !isAsciiSpace(c);
    case Cat.Word:
      return c < 128 && isAsciiWord(c);
    case Cat.NotWord:
      return !(c < 128 && isAsciiWord(c));
    case Cat.UniDigit:
      return isUniDigit(c);
    case Cat.UniNotDigit:
      return !isUniDigit(c);
    case Cat.UniSpace:
      return isUniSpace(c);
    case Cat.UniNotSpace:
      return !isUniSpace(c);
    case Cat.UniWord:
      return isUniWord(c);
    case Cat.UniNotWord:
      return !isUniWord(c);
  }
}

/** Items sre keeps outside the character map. */
export type TailItem =
  | { readonly t: "literal"; readonly c: number }
  | { readonly t: "range"; readonly lo: number; readonly hi: number }
  | { readonly t: "range_uni_ignore"; readonly lo: number; readonly hi: number }
  | { readonly t: "category"; readonly cat: Cat };

function mergePairs(flat: readonly number[]): number[] {
  const pairs: [number, number][] = [];
  for (let i = 0; i < flat.length; i += 2) pairs.push([flat[i]!, flat[i + 1]!]);
  pairs.sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  const merged: number[] = [];
  for (const [lo, hi] of pairs) {
    const n = merged.length;
    if (n > 0 && lo <= merged[n - 1]! + 1) merged[n - 1] = Math.max(merged[n - 1]!, hi);
    else merged.push(lo, hi);
  }
  return merged;
}

function inPairs(pairs: Int32Array, c: number): boolean {
  let lo = 0;
  let hi = (pairs.length >> 1) - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (c < pairs[2 * mid]!) hi = mid - 1;
    else if (c > pairs[2 * mid + 1]!) lo = mid + 1;
    else return true;
  }
  return false;
}

/**
 * Membership is decided exactly as sre's charset walk decides it (the first item that contains
 * the character wins, then negation), but with every literal and range merged into sorted pairs,
 * so a test costs O(log n) whatever the set's size: per-step work stays bounded.
 */
export class CharSet {
  readonly negate: boolean;
  /** Bit i set: code point i (< 256) is a literal/range member. */
  private readonly latin1: Uint32Array;
  /** Bit i set: `has(i)` for i < 256, with every item and negation applied. */
  private readonly fast: Uint32Array;
  /** Sorted, disjoint [lo, hi] pairs of literal/range members >= 256 (astral ones included). */
  private readonly ranges: Int32Array;
  /** Sorted, disjoint RANGE_UNI_IGNORE pairs: c matches if c or its simple uppercase is inside. */
  private readonly upperRanges: Int32Array;
  private readonly categories: readonly Cat[];

  /** `members`: flat [lo, hi] pairs in any order, possibly overlapping; `tail`: sre's separate items. */
  constructor(negate: boolean, members: number[], tail: readonly TailItem[]) {
    this.negate = negate;
    const flat = [...members];
    const upper: number[] = [];
    const cats: Cat[] = [];
    for (const t of tail) {
      if (t.t === "literal") flat.push(t.c, t.c);
      else if (t.t === "range") flat.push(t.lo, t.hi);
      else if (t.t === "range_uni_ignore") upper.push(t.lo, t.hi);
      else if (!cats.includes(t.cat)) cats.push(t.cat);
    }
    const merged = mergePairs(flat);
    this.latin1 = new Uint32Array(8);
    const high: number[] = [];
    for (let i = 0; i < merged.length; i += 2) {
      const lo = merged[i]!;
      const hi = merged[i + 1]!;
      for (let c = lo; c <= hi && c < 256; c++) this.latin1[c >> 5]! |= 1 << (c & 31);
      if (hi >= 256) high.push(Math.max(lo, 256), hi);
    }
    this.ranges = Int32Array.from(high);
    this.upperRanges = Int32Array.from(mergePairs(upper));
    this.categories = cats;
    this.fast = new Uint32Array(8);
    for (let i = 0; i < 256; i++) if (this.contains(i) !== negate) this.fast[i >> 5]! |= 1 << (i & 31);
  }

  has(c: number): boolean {
    if (c < 256) return ((this.fast[c >> 5]! >>> (c & 31)) & 1) === 1;
    return this.contains(c) !== this.negate;
  }

  private contains(c: number): boolean {
    if (c < 256) {
      if ((this.latin1[c >> 5]! >>> (c & 31)) & 1) return true;
    } else if (inPairs(this.ranges, c)) return true;
    if (this.upperRanges.length > 0 && (inPairs(this.upperRanges, c) || inPairs(this.upperRanges, uniUpper(c)))) return true;
    for (const cat of this.categories) if (inCategory(cat, c)) return true;
    return false;
  }
}

export interface FoldRules {
  readonly lower: (c: number) => number;
  readonly isCased: (c: number) => boolean;
  readonly extra: ((lower: number) => readonly number[]) | null;
}

/**
 * sre_compile._optimize_charset: returns the set and whether it has cased members (which decides
 * between IN and IN_*_IGNORE). `charge` pays for each code point of a range expanded into the map.
 */
export function buildCharSet(items: readonly SetItem[], fold: FoldRules | null, unicode: boolean, charge: (n: number) => void): { set: CharSet; hasCased: boolean } {
  const members: number[] = [];
  const tail: TailItem[] = [];
  let negate = false;
  let hasCased = false;
  // sre's charmap covers the BMP; a member beyond it makes sre keep the item separately.
  const mark = (c: number): boolean => {
    if (c > 0xffff) return false;
    const n = members.length;
    if (n > 0 && members[n - 1] === c - 1)
      members[n - 1] = c; // extend the run being built
    else members.push(c, c);
    return true;
  };
  for (const item of items) {
    switch (item.t) {
      case "negate":
        negate = true;
        break;
      case "category":
        tail.push({ t: "category", cat: categoryCode(item.cat, unicode) });
        break;
      case "literal": {
        if (fold) {
          const lo = fold.lower(item.c);
          let ok = mark(lo);
          if (ok && fold.extra) for (const k of fold.extra(lo)) ok = mark(k) && ok;
          if (!ok) {
            hasCased = true;
            tail.push({ t: "literal", c: item.c });
          } else if (!hasCased && fold.isCased(item.c)) hasCased = true;
        } else if (!mark(item.c)) tail.push({ t: "literal", c: item.c });
        break;
      }
      case "range": {
        charge(Math.min(item.hi, 0xffff) - item.lo + 1);
        if (!fold) {
          // Unfolded, the BMP part is one member range; an astral part keeps the item (sre's IndexError path).
          if (item.lo <= 0xffff) members.push(item.lo, Math.min(item.hi, 0xffff));
          if (item.hi > 0xffff) tail.push({ t: "range", lo: item.lo, hi: item.hi });
          break;
        }
        let overflow = false;
        for (let c = item.lo; c <= item.hi; c++) {
          const lo = fold.lower(c);
          if (!mark(lo)) {
            overflow = true;
            break;
          }
          if (fold.extra) for (const k of fold.extra(lo)) mark(k);
        }
        if (overflow) {
          hasCased = true;
          tail.push({ t: "range_uni_ignore", lo: item.lo, hi: item.hi });
        } else if (!hasCased) {
          for (let c = item.lo; c <= item.hi && !hasCased; c++) hasCased = fold.isCased(c);
        }
        break;
      }
    }
  }
  return { set: new CharSet(negate, members, tail), hasCased };
}
