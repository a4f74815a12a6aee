import { describe, expect, it } from "vitest";
import { RegexError, compile, createStepBudget, fromCodePoints, toCodePoints } from "../../../src/regex-engine/index.js";
import type { Pattern, Subject } from "../../../src/regex-engine/index.js";
import { type Case, fixture, knownDivergence, label, randomFixture } from "./fixture.js";

const subject = (s: string, bytes: boolean): Subject => (bytes ? Uint8Array.from(s, (ch) => ch.charCodeAt(0)) : toCodePoints(s));
const text = (a: ArrayLike<number>, bytes: boolean): string => (bytes ? String.fromCharCode(...Array.from(a)) : fromCodePoints(a));
const pat = (s: string, bytes: boolean): string | Uint8Array => (bytes ? Uint8Array.from(s, (ch) => ch.charCodeAt(0)) : s);

function run(c: Case): unknown {
  const budget = createStepBudget(1e9);
  let re: Pattern;
  try {
    re = compile(pat(c.p, c.b), c.f);
  } catch (e) {
    if (e instanceof RegexError) return { error: e.pyType, msg: e.msg, pos: e.pos };
    throw e;
  }
  const s = subject(c.s ?? "", c.b);
  const res = (m: ReturnType<Pattern["match"]>) => {
    if (m === null) return null;
    const spans: number[][] = [];
    for (let g = 0; g <= re.groups; g++) spans.push([m.spans[2 * g]!, m.spans[2 * g + 1]!]);
    return { spans, lastindex: m.lastIndex };
  };
  try {
    switch (c.op) {
      case "match":
      case "fullmatch":
      case "search":
        return res(re[c.op](s, budget, c.pos ?? 0, c.endpos));
      case "finditer":
        return Array.from(re.finditer(s, budget), (m) => res(m)!.spans);
      case "findall":
        return re.findall(s, budget, c.pos ?? 0, c.endpos).map((v) => (Array.isArray(v) ? v.map((g) => text(g, c.b)) : text(v, c.b)));
      case "split":
        return re.split(s, budget, c.maxsplit ?? 0).map((v) => (v === null ? null : text(v, c.b)));
      case "sub":
      case "subn": {
        const t = re.compileTemplate(subject(c.repl!, c.b));
        const { result, n } = re.subn(s, t, budget, c.count ?? 0);
        return c.op === "sub" ? text(result, c.b) : [text(result, c.b), n];
      }
      default:
        throw new Error(`unexpected op ${c.op}`);
    }
  } catch (e) {
    if (e instanceof RegexError) return { error: e.pyType, msg: e.msg, pos: e.pos };
    throw e;
  }
}

function expected(c: Case): unknown {
  const x = c.x as { error?: string; msg?: string; pos?: number | null } | null;
  if (x && typeof x === "object" && "error" in x) {
    return { error: x.error, msg: x.msg, pos: x.error === "error" ? x.pos : null };
  }
  return x;
}

describe("re matching against CPython 3.11", () => {
  const cases = fixture.cases.filter((c) => c.op !== "compile" && knownDivergence(c) === null);
  it("covers hundreds of cases", () => {
    expect(cases.length).toBeGreaterThan(250);
  });
  for (const c of cases) {
    it(label(c) + (c.repl === undefined ? "" : ` repl=${JSON.stringify(c.repl)}`), () => {
      expect(run(c)).toEqual(expected(c));
    });
  }
});

describe("re random differential cases against CPython 3.11", () => {
  it("all agree", () => {
    const bad: string[] = [];
    for (const c of randomFixture.cases.filter((k) => k.op !== "compile")) {
      const got = run(c);
      const want = expected(c);
      if (JSON.stringify(got) !== JSON.stringify(want)) bad.push(`${label(c)}: got ${JSON.stringify(got)} want ${JSON.stringify(want)}`);
    }
    expect(bad.slice(0, 20)).toEqual([]);
    expect(randomFixture.cases.length).toBeGreaterThan(1000);
  });
});
