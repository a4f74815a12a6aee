// Syntax errors reported the way CPython 3.11 reports them, so that an actor author sees the same
// message, line and column from the PVM as from `python3 -c "compile(...)"`.

import { CowboyError } from "@cowboy/codec";

export type PySyntaxErrorKind = "SyntaxError" | "IndentationError" | "TabError";

/** Stable machine-readable codes, one per error kind. */
export type PySyntaxErrorCode = "PVM_SYNTAX_ERROR" | "PVM_INDENTATION_ERROR" | "PVM_TAB_ERROR";

const CODES: Record<PySyntaxErrorKind, PySyntaxErrorCode> = {
  SyntaxError: "PVM_SYNTAX_ERROR",
  IndentationError: "PVM_INDENTATION_ERROR",
  TabError: "PVM_TAB_ERROR",
};

/** Where the error is, as fields. */
export interface PySyntaxErrorMeta {
  readonly kind: PySyntaxErrorKind;
  readonly filename: string;
  readonly lineno: number;
  readonly offset: number;
}

export class PySyntaxError extends CowboyError<PySyntaxErrorCode, PySyntaxErrorMeta> {
  override readonly name: string = "PySyntaxError";
  /** Python exception class name. */
  readonly kind: PySyntaxErrorKind;
  /** The message without location, as CPython's `SyntaxError.msg`. */
  readonly msg: string;
  /** 1-based line number. */
  readonly lineno: number;
  /** 1-based column in code points, as CPython's `SyntaxError.offset`. */
  readonly offset: number;
  /** The offending source line (without its line terminator), or "" when unavailable. */
  readonly text: string;
  readonly filename: string;

  constructor(kind: PySyntaxErrorKind, msg: string, filename: string, lineno: number, offset: number, text: string) {
    super(CODES[kind], `${kind}: ${msg} (${filename}, line ${lineno}, column ${offset})`, { kind, filename, lineno, offset });
    this.kind = kind;
    this.msg = msg;
    this.filename = filename;
    this.lineno = lineno;
    this.offset = offset;
    this.text = text;
  }
}

/**
 * Everything needed to turn a source offset into the (line, column, text) triple of an error:
 * both the tokenizer and the parser raise through this, so every error names the same place the
 * same way.
 */
export class SourceInfo {
  readonly src: string;
  readonly filename: string;
  /** Offsets at which each line starts; index 0 is line 1. */
  readonly lineStarts: number[];
  /** Whether the source holds astral characters, which make code-point columns differ from UTF-16 ones. */
  readonly hasAstral: boolean;

  constructor(src: string, filename: string) {
    this.src = src;
    this.filename = filename;
    const starts = [0];
    let astral = false;
    for (let i = 0; i < src.length; i++) {
      const c = src.charCodeAt(i);
      if (c === 10) starts.push(i + 1);
      else if (c === 13) {
        if (src.charCodeAt(i + 1) === 10) i++;
        starts.push(i + 1);
      } else if (c >= 0xd800 && c <= 0xdbff) astral = true;
    }
    this.lineStarts = starts;
    this.hasAstral = astral;
  }

  /** Column in code points of `pos` on a line starting at `lineStart`. */
  col(lineStart: number, pos: number): number {
    if (!this.hasAstral) return pos - lineStart;
    let n = 0;
    for (let i = lineStart; i < pos; i++) {
      const c = this.src.charCodeAt(i);
      if (c >= 0xd800 && c <= 0xdbff && i + 1 < pos) i++;
      n++;
    }
    return n;
  }

  /** 1-based line number containing offset `pos` (binary search). */
  lineOf(pos: number): number {
    const s = this.lineStarts;
    let lo = 0;
    let hi = s.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((s[mid] as number) <= pos) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  }

  lineText(lineno: number): string {
    const start = this.lineStarts[lineno - 1];
    if (start === undefined) return "";
    let end = start;
    const src = this.src;
    while (end < src.length && src.charCodeAt(end) !== 10 && src.charCodeAt(end) !== 13) end++;
    return src.slice(start, end);
  }

  /** An error at a 1-based line and 0-based code-point column (offset = col + 1). */
  errorAt(kind: PySyntaxErrorKind, msg: string, lineno: number, col: number): PySyntaxError {
    return new PySyntaxError(kind, msg, this.filename, lineno, col + 1, this.lineText(lineno));
  }

  /** An error at a raw source offset. */
  errorAtPos(kind: PySyntaxErrorKind, msg: string, pos: number): PySyntaxError {
    const line = this.lineOf(pos);
    return this.errorAt(kind, msg, line, this.col(this.lineStarts[line - 1] as number, pos));
  }
}
