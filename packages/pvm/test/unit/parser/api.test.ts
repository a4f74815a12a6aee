import { describe, expect, it } from "vitest";
import { parse, PySyntaxError } from "../../../src/parser/index.js";

function err(src: string): PySyntaxError {
  try {
    parse(src, "t.py");
  } catch (e) {
    if (e instanceof PySyntaxError) return e;
    throw e;
  }
  throw new Error("expected a PySyntaxError");
}

describe("parse API", () => {
  it("guards its arguments with errors naming them", () => {
    expect(() => parse(42 as unknown as string)).toThrow(new TypeError("source must be a string, got number"));
    expect(() => parse("x", null as unknown as string)).toThrow(/filename must be a string/);
  });

  it("treats CRLF, CR and a BOM like LF", () => {
    const lf = parse("def f(a):\n    return '''x\ny'''\n");
    expect(parse("def f(a):\r\n    return '''x\r\ny'''\r\n")).toEqual(lf);
    expect(parse("def f(a):\r    return '''x\ry'''\r")).toEqual(lf);
    expect(parse("\ufeffdef f(a):\n    return '''x\ny'''\n")).toEqual(lf);
  });

  it("parses an empty module and comment-only source", () => {
    expect(parse("")).toEqual({ type: "Module", body: [], type_ignores: [] });
    expect(parse("# only a comment\n\n   \n")).toEqual({ type: "Module", body: [], type_ignores: [] });
  });

  it("keeps big ints exact and bytes as bytes", () => {
    const m = parse("x = 123456789012345678901234567890\ny = b'\\x00\\xff'\n");
    const x = m.body[0];
    const y = m.body[1];
    if (x?.type !== "Assign" || y?.type !== "Assign") throw new Error("shape");
    expect(x.value).toMatchObject({ type: "Constant", value: { kind: "int", value: 123456789012345678901234567890n } });
    expect(y.value).toMatchObject({ type: "Constant", value: { kind: "bytes", value: Uint8Array.from([0, 255]) } });
  });

  it("keeps soft keywords usable as names", () => {
    const m = parse("match = case = _ = 1\nmatch(case)\n");
    expect(m.body.map((s) => s.type)).toEqual(["Assign", "Expr"]);
  });

  it("reports filename, text and codes", () => {
    const e = err("x = 1\nif x\n");
    expect(e).toMatchObject({ kind: "SyntaxError", code: "PVM_SYNTAX_ERROR", msg: "expected ':'", lineno: 2, offset: 5, text: "if x", filename: "t.py" });
    expect(e.message).toBe("SyntaxError: expected ':' (t.py, line 2, column 5)");
  });

  it("rejects \\N{...} escapes clearly", () => {
    expect(err("x = '\\N{BULLET}'\n").msg).toMatch(/\\N\{\.\.\.\} escapes are not supported/);
  });
});

describe("benchmark source", () => {
  it("is a valid program of a few thousand lines", async () => {
    const { benchSource } = await import("../../../bench/parser.js");
    const src = benchSource();
    expect(src.split("\n").length).toBeGreaterThan(3000);
    expect(parse(src, "bench.py").body.length).toBeGreaterThan(500);
  });
});
