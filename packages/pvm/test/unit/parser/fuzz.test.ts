// Robustness: random and mutated sources must produce a Module or a PySyntaxError — never another
// exception, a hang or a JS stack overflow. Deterministic (seeded), so failures reproduce.

import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parse, PySyntaxError } from "../../../src/parser/index.js";

const here = dirname(fileURLToPath(import.meta.url));
const corpus = readdirSync(join(here, "corpus"))
  .filter((f) => f.endsWith(".py"))
  .sort()
  .map((f) => readFileSync(join(here, "corpus", f), "utf8"));

/** xorshift32: a tiny seeded generator, so every run sees the same inputs. */
function rng(seed: number): (n: number) => number {
  let s = seed >>> 0 || 1;
  return (n: number) => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s % n;
  };
}

const PIECES = [
  "(",
  ")",
  "[",
  "]",
  "{",
  "}",
  ":",
  ",",
  ";",
  "=",
  "==",
  "+",
  "-",
  "*",
  "**",
  "/",
  "//",
  "@",
  "|",
  "&",
  "~",
  "<",
  ">",
  ".",
  "...",
  "->",
  ":=",
  "!=",
  "\n",
  "\n    ",
  "\t",
  " ",
  "\\\n",
  "#c\n",
  "'",
  '"',
  "'''",
  'f"',
  "f'{",
  "}",
  "{x!r:>{w}}",
  "b'",
  "r'",
  "0x",
  "0o7",
  "1_0",
  "1e5",
  "3j",
  "0",
  "09",
  "if",
  "else",
  "elif",
  "for",
  "in",
  "while",
  "def",
  "class",
  "lambda",
  "yield",
  "await",
  "async",
  "return",
  "try",
  "except",
  "except*",
  "finally",
  "with",
  "as",
  "match",
  "case",
  "_",
  "not",
  "and",
  "or",
  "is",
  "del",
  "global",
  "nonlocal",
  "import",
  "from",
  "pass",
  "break",
  "continue",
  "raise",
  "assert",
  "None",
  "True",
  "x",
  "y",
  "é",
  "😀",
  "\u00a0",
  "\0",
  "$",
  "?",
  "!",
];

function check(src: string): "ok" | "error" {
  try {
    const m = parse(src);
    expect(m.type).toBe("Module");
    return "ok";
  } catch (e) {
    if (e instanceof PySyntaxError) {
      expect(e.lineno).toBeGreaterThanOrEqual(1);
      // 0 is possible: CPython reports a DEDENT at column -1.
      expect(e.offset).toBeGreaterThanOrEqual(0);
      expect(typeof e.msg).toBe("string");
      return "error";
    }
    throw new Error(`non-PySyntaxError for ${JSON.stringify(src.slice(0, 200))}: ${String(e)}`);
  }
}

function mutate(src: string, r: (n: number) => number): string {
  let s = src;
  const edits = 1 + r(4);
  for (let k = 0; k < edits; k++) {
    const at = r(s.length + 1);
    switch (r(5)) {
      case 0:
        s = s.slice(0, at) + s.slice(at + 1 + r(8));
        break;
      case 1:
        s = s.slice(0, at) + (PIECES[r(PIECES.length)] as string) + s.slice(at);
        break;
      case 2: {
        const lines = s.split("\n");
        const i = r(lines.length);
        lines.splice(i, 0, lines[r(lines.length)] as string);
        s = lines.join("\n");
        break;
      }
      case 3:
        s = s.slice(0, at) + s.slice(at + 1, at + 2) + s.slice(at, at + 1) + s.slice(at + 2);
        break;
      default:
        s = s.slice(0, at) + " " + s.slice(at);
    }
  }
  return s;
}

describe("parser fuzz", () => {
  it("survives mutated corpus files", () => {
    const r = rng(0xc0ffee);
    const counts = { ok: 0, error: 0 };
    for (let i = 0; i < 3000; i++) counts[check(mutate(corpus[r(corpus.length)] as string, r))]++;
    // Both outcomes must occur, or the mutations are not exercising anything.
    expect(counts.ok).toBeGreaterThan(50);
    expect(counts.error).toBeGreaterThan(500);
  });

  it("survives random token soup", () => {
    const r = rng(42);
    for (let i = 0; i < 3000; i++) {
      let s = "";
      const n = 1 + r(30);
      for (let k = 0; k < n; k++) s += (PIECES[r(PIECES.length)] as string) + (r(3) === 0 ? " " : "");
      check(s);
    }
  });

  it("rejects pathological nesting with a SyntaxError, not a stack overflow", () => {
    const deep = [
      "(".repeat(5000) + ")".repeat(5000),
      "[".repeat(300) + "]".repeat(300),
      "-".repeat(100000) + "1",
      "not ".repeat(50000) + "x",
      "a" + "+a".repeat(100000),
      "a" + ".b".repeat(100000),
      "f" + "()".repeat(100000),
      "x = " + "lambda: ".repeat(20000) + "0",
      "x = " + "a if b else ".repeat(20000) + "c",
      "x = " + "2 ** ".repeat(20000) + "2",
      "if a: pass\n" + "elif a: pass\n".repeat(20000),
      'f"{' + "(".repeat(3000) + '"',
    ];
    for (const src of deep) {
      let err: unknown = null;
      try {
        parse(src);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(PySyntaxError);
    }
    const nested = (err: unknown) => (err as PySyntaxError).msg;
    let caught: unknown;
    try {
      parse("(".repeat(201) + ")".repeat(201));
    } catch (e) {
      caught = e;
    }
    expect(nested(caught)).toBe("too many nested parentheses");
  });

  it("ends 3,000 nested lambdas (with or without defaults) in the depth error, not a host overflow", () => {
    for (const src of ["f = " + "lambda: ".repeat(3000) + "1", "f = " + "lambda x=".repeat(3000) + "1: 1".repeat(3000)]) {
      let caught: unknown;
      try {
        parse(src);
      } catch (e) {
        caught = e;
      }
      expect(caught).toBeInstanceOf(PySyntaxError);
      expect((caught as PySyntaxError).msg).toBe("maximum recursion depth exceeded during compilation");
    }
    expect(check("f = " + "lambda: ".repeat(900) + "1")).toBe("ok");
  });

  it("accepts deep but reasonable nesting", () => {
    expect(check("(".repeat(199) + "1" + ")".repeat(199))).toBe("ok");
    expect(check("x = " + "-".repeat(2500) + "1")).toBe("ok");
    expect(check("x = a" + "+a".repeat(2500))).toBe("ok");
  });
});
