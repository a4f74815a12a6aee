// The PVM front end: Python 3.11 source → tokens → AST (see ../ast.ts).

export { PySyntaxError } from "./errors.js";
export type { PySyntaxErrorKind, PySyntaxErrorCode } from "./errors.js";
export type { Token, TokenKind } from "./tokens.js";
export { KEYWORDS } from "./tokens.js";

import { PySyntaxError, SourceInfo } from "./errors.js";
import { normalizeSource, scanSource, tokenizeSource } from "./tokenizer.js";
import type { Token } from "./tokens.js";

function assertString(value: unknown, name: string): asserts value is string {
  if (typeof value !== "string") throw new TypeError(`${name} must be a string, got ${typeof value}`);
}

/**
 * Tokenizes Python 3.11 source into NAME/NUMBER/STRING/OP/NEWLINE/INDENT/DEDENT/ENDMARKER tokens.
 * Line endings are normalized first (`\r\n`, `\r` → `\n`), so token offsets refer to that text.
 */
export function tokenize(source: string, filename = "<string>"): Token[] {
  assertString(source, "source");
  assertString(filename, "filename");
  return tokenizeSource(new SourceInfo(normalizeSource(source), filename));
}

import type { Module } from "../ast.js";
import { StmtParser } from "./statements.js";
import { checkModule } from "./checks.js";

/**
 * Parses Python 3.11 source into a `Module` (see ../ast.ts), or throws `PySyntaxError` with
 * CPython's kind, message and location. Pure and synchronous.
 */
export function parse(source: string, filename = "<string>"): Module {
  assertString(source, "source");
  assertString(filename, "filename");
  const info = new SourceInfo(normalizeSource(source), filename);
  const scan = scanSource(info);
  let module: Module;
  const parser = new StmtParser(info, scan.tokens, scan.error);
  try {
    module = parser.parseModule();
  } catch (e) {
    // As CPython: after a parser error, an immediate tokenizer error anywhere later in the file
    // wins, and so does a bracket left open on an earlier line than the parser error.
    // (CPython reports an unexpected INDENT/DEDENT without looking further.)
    const indentError = e instanceof PySyntaxError && (e.msg === "unexpected indent" || e.msg === "unexpected unindent");
    if (e instanceof PySyntaxError && scan.error !== null && e !== scan.error && !indentError) {
      if (!scan.deferred) throw scan.error;
      const reached = parser.furthestToken().lineno;
      if (scan.error.msg.endsWith("was never closed") && scan.error.lineno < Math.max(reached, e.lineno)) throw scan.error;
    }
    throw e;
  }
  checkModule(module, info);
  return module;
}
