// Uncaught-exception tracebacks match CPython 3.11's text, except for its `^^^^`/`~~~~` marker
// lines (which the PVM does not print).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { runScript } from "../../../src/index.js";

const dir = new URL("../../fixtures/tracebacks/", import.meta.url);

describe("tracebacks", () => {
  it("chained exceptions (from / during handling), frames that caught them included", () => {
    const src = readFileSync(new URL("chained.py", dir), "utf8");
    const expected = readFileSync(new URL("chained.expected", dir), "utf8")
      .split("\n")
      .filter((l) => !/^\s*[\^~][\^~ ]*$/.test(l))
      .join("\n");
    let err = "";
    const r = runScript(src, { filename: "chained.py", stderr: (s) => (err += s) });
    expect(r.error?.code).toBe("PythonException");
    expect(r.error?.pyType).toBe("RuntimeError");
    expect(err).toBe(expected);
  });
});
