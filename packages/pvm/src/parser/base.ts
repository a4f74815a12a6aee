// Token cursor, position helpers and error helpers shared by the expression, pattern and
// statement parsers.

import type { Pos } from "../ast.js";
import type { PySyntaxError, PySyntaxErrorKind, SourceInfo } from "./errors.js";
import { KEYWORDS } from "./tokens.js";
import type { Token, TokenKind } from "./tokens.js";

/**
 * Bound on syntactic nesting (recursive descent and left-deep chains such as `a+a+…` or `a.b.c…`),
 * so hostile input ends in a SyntaxError rather than a JS stack overflow. CPython's compiler gives
 * up at about the same depth (3000 with its default recursion limit).
 */
export const MAX_DEPTH = 3000;

/** Anything with a start position: a token or a node. */
export class ParserBase {
  protected readonly info: SourceInfo;
  protected readonly toks: Token[];
  protected i = 0;
  protected depth = 0;
  private furthest = 0;

  /** The tokenizer's error, raised when the parser reaches the ERRORTOKEN that ends `toks`. */
  protected readonly tokError: PySyntaxError | null;

  constructor(info: SourceInfo, toks: Token[], tokError: PySyntaxError | null = null) {
    this.info = info;
    this.toks = toks;
    this.tokError = tokError;
  }

  protected get tok(): Token {
    const t = this.toks[this.i] as Token;
    if (t.kind === "ERRORTOKEN" && this.tokError !== null) throw this.tokError;
    return t;
  }

  protected peekTok(k: number): Token {
    const t = this.toks[this.i + k];
    return t ?? (this.toks[this.toks.length - 1] as Token);
  }

  protected get prev(): Token {
    return this.toks[this.i - 1] as Token;
  }

  protected next(): Token {
    const t = this.tok;
    if (t.kind !== "ENDMARKER" && ++this.i > this.furthest) this.furthest = this.i;
    return t;
  }

  /** Index of the furthest token the parser reached (CPython reports some errors relative to it). */
  furthestToken(): Token {
    return this.toks[Math.min(this.furthest, this.toks.length - 1)] as Token;
  }

  /** Whether the current token has kind `k` (a method, so TypeScript does not narrow across `next()`). */
  protected atKind(k: TokenKind): boolean {
    return this.tok.kind === k;
  }

  protected isOp(v: string): boolean {
    const t = this.tok;
    return t.kind === "OP" && t.value === v;
  }

  protected isKw(v: string): boolean {
    const t = this.tok;
    return t.kind === "NAME" && t.value === v;
  }

  /** A NAME that is not a hard keyword. */
  protected isName(): boolean {
    const t = this.tok;
    return t.kind === "NAME" && !KEYWORDS.has(t.value);
  }

  protected eatOp(v: string): boolean {
    if (this.isOp(v)) {
      this.next();
      return true;
    }
    return false;
  }

  protected eatKw(v: string): boolean {
    if (this.isKw(v)) {
      this.next();
      return true;
    }
    return false;
  }

  /**
   * Consumes `v`, or raises: "expected 'v'" for CPython's forced tokens (`true`), or only when the
   * line ends there (`"newline"`, CPython's invalid_*_stmt rules), else "invalid syntax".
   */
  protected expectOp(v: string, expected: boolean | "newline" = false): Token {
    if (this.isOp(v)) return this.next();
    const t = this.tok;
    if (expected === true || (expected === "newline" && t.kind === "NEWLINE")) throw this.errTok(`expected '${v}'`, t);
    throw this.invalid();
  }

  protected expectKw(v: string): Token {
    if (this.isKw(v)) return this.next();
    throw this.invalid();
  }

  protected expectName(): string {
    if (!this.isName()) throw this.invalid();
    return this.next().value;
  }

  /** The generic "invalid syntax" at the current token. */
  protected invalid(t: Token = this.tok): PySyntaxError {
    if (t.kind === "INDENT") return this.errAt("unexpected indent", t.endLineno, Math.max(0, t.endCol - 1), "IndentationError");
    if (t.kind === "DEDENT") return this.errAt("unexpected unindent", t.lineno, t.col, "IndentationError");
    return this.errAt("invalid syntax", t.lineno, t.col);
  }

  protected errAt(msg: string, lineno: number, col: number, kind: PySyntaxErrorKind = "SyntaxError"): PySyntaxError {
    return this.info.errorAt(kind, msg, lineno, col);
  }

  protected errTok(msg: string, t: { lineno: number; col?: number; col_offset?: number }, kind: PySyntaxErrorKind = "SyntaxError"): PySyntaxError {
    return this.info.errorAt(kind, msg, t.lineno, t.col ?? t.col_offset ?? 0);
  }

  protected errNode(msg: string, n: Pos): PySyntaxError {
    return this.info.errorAt("SyntaxError", msg, n.lineno, n.col_offset);
  }

  /** An error placed just after the previous token (CPython's placement for "expected ':'"). */
  protected errAfterPrev(msg: string): PySyntaxError {
    const p = this.prev;
    return this.info.errorAt("SyntaxError", msg, p.endLineno, p.endCol);
  }

  protected enter(): void {
    if (++this.depth > MAX_DEPTH) {
      const t = this.tok;
      throw this.errAt("maximum recursion depth exceeded during compilation", t.lineno, t.col);
    }
  }

  protected leave(): void {
    this.depth--;
  }

  /** Leaves `n` levels entered by a left-deep chain. */
  protected leaveN(n: number): void {
    this.depth -= n;
  }
}
