import { describe, expect, it } from "vitest";
import { RegexError } from "../../../src/regex-engine/errors.js";
import { compile } from "../../../src/regex-engine/index.js";
import { parsePattern } from "../../../src/regex-engine/parser.js";
import { type Case, codePoints, fixture, knownDivergence, label, randomFixture } from "./fixture.js";

const compileCases = fixture.cases.filter((c) => c.op === "compile");

/** Compares one compile case with CPython's outcome; returns a description of any mismatch. */
function check(c: Case): string | null {
  const x = c.x as { error?: string; msg?: string; pos?: number | null; groups?: number; groupindex?: Record<string, number> };
  let got: unknown;
  try {
    const p = parsePattern(codePoints(c.p), c.f, c.b);
    got = { groups: p.groups, groupindex: Object.fromEntries(p.groupIndex) };
  } catch (e) {
    if (!(e instanceof RegexError)) throw e;
    got = { error: e.pyType, msg: e.msg, ...(e.pyType === "error" ? { pos: e.pos } : {}) };
  }
  const want = x.error === undefined ? x : { error: x.error, msg: x.msg, ...(x.error === "error" ? { pos: x.pos } : {}) };
  return JSON.stringify(got) === JSON.stringify(want) ? null : `${JSON.stringify(c.p)} f=${c.f}: got ${JSON.stringify(got)} want ${JSON.stringify(want)}`;
}

describe("re parser: random syntax fuzz against CPython 3.11", () => {
  it("agrees on every accepted and rejected pattern", () => {
    const cases = randomFixture.cases.filter((c) => c.op === "compile" && knownDivergence(c) === null);
    expect(cases.length).toBeGreaterThan(1500);
    const bad = cases.map(check).filter((m) => m !== null);
    expect(bad.slice(0, 20)).toEqual([]);
  });
});

describe("re parser against CPython 3.11", () => {
  it("fixture has the compile cases", () => {
    expect(compileCases.length).toBeGreaterThan(100);
  });
  for (const c of compileCases) {
    it(label(c), () => {
      const run = () => {
        const pattern = c.b ? Uint8Array.from(c.p, (ch) => ch.charCodeAt(0)) : c.p;
        const re = compile(pattern, c.f);
        return { groups: re.groups, groupIndex: re.groupIndex };
      };
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
