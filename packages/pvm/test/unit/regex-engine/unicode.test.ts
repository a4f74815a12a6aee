import { describe, expect, it } from "vitest";
import { extraCases, isUniDigit, isUniSpace, isUniWord, uniIsCased, uniLower, uniUpper } from "../../../src/regex-engine/unicode.js";

describe("re unicode tables", () => {
  it("simple case mappings match CPython's sre", () => {
    expect(uniLower(0x212a)).toBe(0x6b); // KELVIN SIGN -> k
    expect(uniLower(0x130)).toBe(0x69); // I WITH DOT ABOVE -> i (simple mapping)
    expect(uniUpper(0x17f)).toBe(0x53); // LONG S -> S
    expect(uniUpper(0xdf)).toBe(0x53); // CPython takes the first code point of the full mapping "SS"
    expect(uniUpper(0x1fb3)).toBe(0x391);
    expect(uniLower(0x10400)).toBe(0x10428);
    expect(extraCases(0x73)).toEqual([0x17f]);
    expect(extraCases(0x3b9)).toEqual([0x345, 0x1fbe]);
  });
  it("population counts equal those of CPython 3.11", () => {
    let lowered = 0;
    let cased = 0;
    for (let c = 0; c < 0x110000; c++) {
      if (uniLower(c) !== c) lowered++;
      if (uniIsCased(c)) cased++;
    }
    // python3: sum(_sre.unicode_tolower(c) != c ...), sum(_sre.unicode_iscased(c) ...)
    expect(lowered).toBe(1433);
    expect(cased).toBe(2927);
  });
  it("categories", () => {
    expect(isUniDigit(0x663)).toBe(true); // ARABIC-INDIC DIGIT THREE
    expect(isUniDigit(0xb2)).toBe(false); // superscript two is a digit but not decimal
    expect(isUniWord(0xb2)).toBe(true); // ...yet alphanumeric
    expect(isUniWord(0x5f)).toBe(true);
    expect(isUniSpace(0x1c)).toBe(true);
    expect(isUniSpace(0x85)).toBe(true);
    expect(isUniSpace(0xa0)).toBe(true);
    expect(isUniSpace(0x200b)).toBe(false);
  });
});
