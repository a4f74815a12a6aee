import { describe, expect, it } from "vitest";
// biome-ignore lint/suspicious/noShadowRestrictedNames: the engine's re.escape, under its Python name
import { RegexError, compile, createStepBudget, escape, expandTemplate, fromCodePoints, toCodePoints } from "../../../src/regex-engine/index.js";

describe("re helpers", () => {
  it("escape matches CPython 3.11 re.escape", () => {
    // python3: re.escape('a.b-c d#é\n') == 'a\\.b\\-c\\ d\\#é\\\n'
    expect(fromCodePoints(escape(toCodePoints("a.b-c d#é\n")))).toBe("a\\.b\\-c\\ d\\#é\\\n");
  });
  it("expandTemplate fills groups and leaves unmatched ones empty", () => {
    const re = compile("(?P<w>\\w+)(x)?");
    const s = toCodePoints("hello");
    const m = re.match(s, createStepBudget(1000))!;
    const t = re.compileTemplate(toCodePoints("<\\g<w>|\\2|\\g<0>>"));
    expect(fromCodePoints(expandTemplate(t, m, s))).toBe("<hello||hello>");
  });
  it("sub with a callback replacement", () => {
    const re = compile("\\d+");
    const s = toCodePoints("a1b22c333");
    const out = re.subn(s, (m) => toCodePoints(String(m.end - m.start)), createStepBudget(1000));
    expect(fromCodePoints(out.result)).toBe("a1b2c3");
    expect(out.n).toBe(3);
  });
  it("finditer honours pos and endpos", () => {
    const re = compile("\\w");
    const spans = Array.from(re.finditer(toCodePoints("abcdef"), createStepBudget(1000), 1, 4), (m) => m.span(0));
    expect(spans).toEqual([
      [1, 2],
      [2, 3],
      [3, 4],
    ]);
  });
  it("toCodePoints keeps lone surrogates and joins pairs", () => {
    expect(Array.from(toCodePoints("a\ud800\u{1f600}"))).toEqual([0x61, 0xd800, 0x1f600]);
  });
});

describe("re README example", () => {
  it("runs as documented", () => {
    const budget = createStepBudget(1_000_000);
    const re = compile("(?P<user>\\w+)@(?P<host>[\\w.]+)", 2, budget);
    const s = toCodePoints("mail Bob@Example.com now");
    const m = re.search(s, budget);
    expect(m?.span(0)).toEqual([5, 20]);
    expect(m?.span(re.groupIndex.get("host")!)).toEqual([9, 20]);
    expect(m?.lastIndex).toBe(2);
    const t = re.compileTemplate(toCodePoints("<\\g<user>>"));
    expect(fromCodePoints(re.sub(s, t, budget))).toBe("mail <Bob> now");
    expect(fromCodePoints(re.subn(s, () => toCodePoints("x"), budget, 1).result)).toBe("mail x now");
    const parts = compile(",\\s*")
      .split(toCodePoints("a, b,c"), budget)
      .map((p) => (p === null ? null : fromCodePoints(p)));
    expect(parts).toEqual(["a", "b", "c"]);
    const b = compile(new Uint8Array([0x5c, 0x64, 0x2b])).search(new Uint8Array([0x61, 0x31, 0x32]), budget);
    expect(b?.span(0)).toEqual([1, 3]);
  });
});

describe("re nesting limit", () => {
  it("accepts 200 nested groups and rejects 201 with a typed error", () => {
    expect(compile("(".repeat(200) + "a" + ")".repeat(200)).groups).toBe(200);
    let err: unknown;
    try {
      compile("(?:".repeat(201) + ")".repeat(201));
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(RegexError);
    expect((err as RegexError).code).toBe("RE_TOO_DEEP");
    expect((err as RegexError).pyType).toBe("RecursionError");
    expect(() => compile("(".repeat(100_000))).toThrow(RegexError);
  });
});
