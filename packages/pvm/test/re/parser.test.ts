import { describe, expect, it } from "vitest";
import { RegexError } from "../../src/re/errors.js";
import { parsePattern } from "../../src/re/parser.js";
import { codePoints, fixture, knownDivergence, label } from "./fixture.js";

const compileCases = fixture.cases.filter((c) => c.op === "compile");

describe("re parser against CPython 3.11", () => {
  it("fixture has the compile cases", () => {
    expect(compileCases.length).toBeGreaterThan(100);
  });
  for (const c of compileCases) {
    it(label(c), () => {
      const run = () => parsePattern(codePoints(c.p), c.f, c.b);
      const div = knownDivergence(c);
      const x = c.x as { error?: string; msg?: string; pos?: number | null; groups?: number; groupindex?: Record<string, number> };
      if (div !== null) {
        expect(run).toThrow(RegexError);
        return;
      }
      if (x.error !== undefined) {
        let err: unknown;
        try {
          run();
        } catch (e) {
          err = e;
        }
        expect(err).toBeInstanceOf(RegexError);
        const re = err as RegexError;
        expect(re.msg).toBe(x.msg);
        if (x.error === "error") {
          expect(re.pyType).toBe("error");
          if (!re.msg.startsWith("look-behind")) expect(re.pos).toBe(x.pos);
        } else expect(re.pyType).toBe(x.error);
        return;
      }
      const parsed = run();
      expect(parsed.groups).toBe(x.groups);
      expect(Object.fromEntries(parsed.groupIndex)).toEqual(x.groupindex);
    });
  }
});
