// Invalid programs: every errors/*.py must raise PySyntaxError with the kind, message, line and
// column CPython 3.11 reports (captured into errors.expected.json by
// `python3 cpython_ast_to_json.py --errors errors errors.expected.json`).

import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parse, PySyntaxError } from "../../../src/parser/index.js";

interface Expected {
  kind: string;
  msg: string;
  lineno: number | null;
  offset: number;
}

const here = dirname(fileURLToPath(import.meta.url));
const dir = join(here, "errors");
const expected = JSON.parse(readFileSync(join(here, "errors.expected.json"), "utf8")) as Record<string, Expected>;

/**
 * Cases where we intentionally differ from CPython, with the reason and what we report instead.
 * Every other case must match CPython exactly.
 */
const DEVIATIONS: Record<string, { reason: string; ours: Expected }> = {
  "null_byte.py": {
    reason: "CPython raises this before tokenizing, without a location; we point at the NUL character.",
    ours: { kind: "SyntaxError", msg: "source code cannot contain null bytes", lineno: 1, offset: 6 },
  },
  "escape_named_unknown.py": {
    reason: "The PVM has no Unicode name table, so every \\N{...} escape is rejected with its own message.",
    ours: {
      kind: "SyntaxError",
      msg: "(unicode error) \\N{...} escapes are not supported by the PVM (no Unicode name table)",
      lineno: 1,
      offset: 23,
    },
  },
};

function run(source: string, name: string): PySyntaxError {
  try {
    parse(source, name);
  } catch (e) {
    if (e instanceof PySyntaxError) return e;
    throw e;
  }
  throw new Error(`${name}: parsed without error`);
}

describe("syntax errors match CPython 3.11", () => {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(".py"))
    .sort();
  it("has an expectation for every error file", () => {
    expect(files.length).toBeGreaterThan(50);
    expect(Object.keys(expected).sort()).toEqual(files);
  });
  for (const f of files) {
    it(f, () => {
      const source = readFileSync(join(dir, f), "utf8");
      const e = run(source, f);
      const want = DEVIATIONS[f]?.ours ?? (expected[f] as Expected);
      expect({ kind: e.kind, msg: e.msg, lineno: e.lineno, offset: e.offset }).toEqual(want);
      expect(e.filename).toBe(f);
      expect(e.code).toBe(e.kind === "SyntaxError" ? "PVM_SYNTAX_ERROR" : e.kind === "TabError" ? "PVM_TAB_ERROR" : "PVM_INDENTATION_ERROR");
    });
  }
});
