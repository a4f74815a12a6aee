// Differential test against CPython 3.11: mutated corpus windows (gen_differential.py) must get
// the same verdict as CPython, the same AST when valid, and the same error kind, message and
// location when invalid — except the reviewed cases in differential.known.json, where CPython's
// PEG error recovery picks a more specific message or a later token than our single-pass parser.

import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { errorDifference, runCase } from "./differential.js";
import type { DiffCase } from "./differential.js";

const here = dirname(fileURLToPath(import.meta.url));
const data = JSON.parse(readFileSync(join(here, "differential.json"), "utf8")) as { cases: DiffCase[] };
const known = JSON.parse(readFileSync(join(here, "differential.known.json"), "utf8")) as Record<string, string>;

describe("differential vectors vs CPython 3.11", () => {
  it("covers both valid and invalid programs", () => {
    const valid = data.cases.filter((c) => c.ok).length;
    expect(valid).toBeGreaterThan(100);
    expect(data.cases.length - valid).toBeGreaterThan(300);
  });

  it("agrees on every verdict and every AST", () => {
    data.cases.forEach((c, i) => {
      const o = runCase(c);
      expect({ i, ok: o.ok }).toEqual({ i, ok: c.ok });
      if (c.ok && o.ok) expect(o.ast).toEqual(c.ast);
    });
  });

  it("reports CPython's error except in the reviewed known differences", () => {
    const unexpected: string[] = [];
    data.cases.forEach((c, i) => {
      const d = errorDifference(c, runCase(c));
      if (d !== null && known[String(i)] !== d) unexpected.push(`#${i} ${JSON.stringify(c.source)}: ${d}`);
    });
    expect(unexpected).toEqual([]);
    // Known differences stay a small minority.
    expect(Object.keys(known).length).toBeLessThan(data.cases.length * 0.1);
  });
});
