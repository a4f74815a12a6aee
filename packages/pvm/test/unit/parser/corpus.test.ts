// Parses every corpus/*.py with our parser and deep-compares against CPython 3.11's AST, captured
// by cpython_ast_to_json.py into corpus/*.ast.json (no python3 needed at test time).

import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parse } from "../../../src/parser/index.js";
import { toOracleJson } from "./oracle-json.js";

const here = dirname(fileURLToPath(import.meta.url));
const corpusDir = join(here, "corpus");
const files = readdirSync(corpusDir)
  .filter((f) => f.endsWith(".py"))
  .sort();

describe("CPython 3.11 AST corpus", () => {
  it("has a captured AST for every corpus file", () => {
    expect(files.length).toBeGreaterThan(10);
    for (const f of files) expect(readdirSync(corpusDir)).toContain(f.replace(/\.py$/, ".ast.json"));
  });
  for (const f of files) {
    it(f, () => {
      const source = readFileSync(join(corpusDir, f), "utf8");
      const expected: unknown = JSON.parse(readFileSync(join(corpusDir, f.replace(/\.py$/, ".ast.json")), "utf8"));
      expect(toOracleJson(parse(source, f))).toEqual(expected);
    });
  }
});
