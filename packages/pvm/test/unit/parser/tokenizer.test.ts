import { describe, expect, it } from "vitest";
import { PySyntaxError, tokenize } from "../../../src/parser/index.js";

function kinds(src: string): string[] {
  return tokenize(src).map((t) => (t.kind === "OP" || t.kind === "NAME" || t.kind === "NUMBER" ? t.value : t.kind));
}

function err(src: string): PySyntaxError {
  try {
    tokenize(src);
  } catch (e) {
    if (e instanceof PySyntaxError) return e;
    throw e;
  }
  throw new Error("expected a PySyntaxError");
}

describe("tokenizer", () => {
  it("emits INDENT/DEDENT/NEWLINE", () => {
    expect(kinds("if x:\n  y\nz\n")).toEqual(["if", "x", ":", "NEWLINE", "INDENT", "y", "NEWLINE", "DEDENT", "z", "NEWLINE", "ENDMARKER"]);
  });
  it("joins lines inside brackets and after backslashes, skips comments and blank lines", () => {
    expect(kinds("(a,\n  b) # c\n\n   \nx = 1 + \\\n 2\n")).toEqual(["(", "a", ",", "b", ")", "NEWLINE", "x", "=", "1", "+", "2", "NEWLINE", "ENDMARKER"]);
  });
  it("longest-matches operators", () => {
    expect(kinds("a **= b // c ... -> := != <<=")).toEqual(["a", "**=", "b", "//", "c", "...", "->", ":=", "!=", "<<=", "NEWLINE", "ENDMARKER"]);
  });
  it("reads numbers and keeps keywords after numbers", () => {
    expect(kinds("0x_ff 1_000 1.5e-3 .5 3j 0 00 1if")).toEqual(["0x_ff", "1_000", "1.5e-3", ".5", "3j", "0", "00", "1", "if", "NEWLINE", "ENDMARKER"]);
  });
  it("NFKC-normalizes identifiers and reports code-point columns", () => {
    const toks = tokenize("𝔘 = ﬁx");
    expect(toks[0]?.value).toBe("U");
    expect(toks[2]?.value).toBe("fix");
    expect(toks[1]?.col).toBe(2);
  });
  it("raises CPython's errors", () => {
    const e1 = err("x = 'abc\n");
    expect([e1.kind, e1.msg, e1.lineno, e1.offset]).toEqual(["SyntaxError", "unterminated string literal (detected at line 1)", 1, 5]);
    const e2 = err("if x:\n\ta\n        b\n");
    expect([e2.kind, e2.code, e2.lineno]).toEqual(["TabError", "PVM_TAB_ERROR", 3]);
    const e3 = err("(1,\n2\n");
    expect([e3.msg, e3.lineno, e3.offset]).toEqual(["'(' was never closed", 1, 1]);
    const e4 = err("x = 0o8\n");
    expect([e4.msg, e4.offset]).toEqual(["invalid digit '8' in octal literal", 7]);
    const e5 = err("class A:\n  def f(self):\n    pass\n  x\n y\n");
    expect([e5.kind, e5.msg, e5.lineno, e5.offset]).toEqual(["IndentationError", "unindent does not match any outer indentation level", 5, 3]);
  });
});
