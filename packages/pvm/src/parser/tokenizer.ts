// A single-pass tokenizer for Python 3.11's lexical grammar, over char codes (no per-character
// regex). It follows CPython's Parser/tokenizer.c: an indentation stack compared both with tabs to
// multiples of 8 and with tabs as 1 column (disagreement is a TabError), implicit line joining
// inside brackets, backslash continuation, and CPython's error wording and positions.

import { PySyntaxError, type SourceInfo } from "./errors.js";
import { KEYWORDS } from "./tokens.js";
import type { Token, TokenKind } from "./tokens.js";

/** CPython's MAXINDENT and MAXLEVEL. */
const MAX_INDENT = 100;
const MAX_LEVEL = 200;

const C_TAB = 9;
const C_LF = 10;
const C_FF = 12;
const C_SPACE = 32;
const C_HASH = 35;
const C_QUOTE = 34;
const C_APOS = 39;
const C_BACKSLASH = 92;
const C_DOT = 46;
const C_UNDERSCORE = 95;

const ID_START = /[\p{ID_Start}\u1885\u1886\u2118\u212e\u309b\u309c]/u;
const ID_CONTINUE = /[\p{ID_Continue}\u1885\u1886\u2118\u212e\u309b\u309c\u00b7\u0387\u1369-\u1371\u19da]/u;

function isAsciiIdStart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === C_UNDERSCORE;
}
function isAsciiIdContinue(c: number): boolean {
  return isAsciiIdStart(c) || (c >= 48 && c <= 57);
}
function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}
function isHexDigit(c: number): boolean {
  return isDigit(c) || (c >= 97 && c <= 102) || (c >= 65 && c <= 70);
}

const OPS3 = new Set(["**=", "//=", ">>=", "<<=", "...", "!="]);
const OPS2 = new Set(["!=", "%=", "&=", "**", "*=", "+=", "-=", "->", "//", "/=", ":=", "<<", "<=", "==", ">=", ">>", "@=", "^=", "|="]);
const OPS1 = new Set(["(", ")", "[", "]", ":", ",", ";", "+", "-", "*", "/", "|", "&", "<", ">", "=", ".", "%", "{", "}", "~", "^", "@"]);

const CLOSERS: Record<string, string> = { ")": "(", "]": "[", "}": "{" };

/** Whether `name` (already lowercased) is a valid string prefix. */
function isStringPrefix(lower: string): boolean {
  switch (lower) {
    case "r":
    case "u":
    case "b":
    case "br":
    case "rb":
    case "f":
    case "fr":
    case "rf":
      return true;
    default:
      return false;
  }
}

/** Normalizes line endings as CPython does before tokenizing (`\r\n` and `\r` become `\n`). */
export function normalizeSource(src: string): string {
  if (src.charCodeAt(0) === 0xfeff) src = src.slice(1);
  if (src.indexOf("\r") >= 0) src = src.replace(/\r\n?/g, "\n");
  return src;
}

export interface TokenizeRange {
  /** Offset to start at (default 0). */
  readonly start: number;
  /** Offset to stop at (default: end of source). */
  readonly end: number;
  /** Treat the range as the inside of brackets: no NEWLINE/INDENT/DEDENT (f-string expressions). */
  readonly bracketed: boolean;
}

/**
 * Tokenizes normalized source (see `normalizeSource`), returning every token including the final
 * NEWLINE, DEDENTs and ENDMARKER. Raises PySyntaxError with CPython's wording.
 */
export function tokenizeSource(info: SourceInfo, range?: TokenizeRange): Token[] {
  const scan = scanSource(info, range);
  if (scan.error !== null) throw scan.error;
  return scan.tokens;
}

export interface ScanResult {
  /** The tokens up to the first error; when there is an error, they end with an ERRORTOKEN. */
  readonly tokens: Token[];
  readonly error: PySyntaxError | null;
  /**
   * Whether CPython's tokenizer reports this error only when the parser reaches it (indentation
   * errors, a bad line continuation, end of file inside brackets), rather than as soon as it is
   * read. A parser error found earlier in the file wins over such an error.
   */
  readonly deferred: boolean;
}

/** Tokenizes as far as possible, returning the tokens and the first error instead of throwing. */
export function scanSource(info: SourceInfo, range?: TokenizeRange): ScanResult {
  const t = new Tokenizer(info, range);
  try {
    return { tokens: t.run(), error: null, deferred: false };
  } catch (e) {
    if (!(e instanceof PySyntaxError)) throw e;
    const tokens = t.partialTokens();
    const deferred =
      e.kind !== "SyntaxError" ||
      e.msg === "unexpected character after line continuation character" ||
      e.msg === "unexpected EOF while parsing" ||
      e.msg.endsWith("was never closed");
    const last = tokens[tokens.length - 1];
    const line = last?.endLineno ?? 1;
    const col = last?.endCol ?? 0;
    tokens.push({ kind: "ERRORTOKEN", value: "", start: t.position(), end: t.position(), lineno: line, col, endLineno: line, endCol: col, level: 0 });
    return { tokens, error: e, deferred };
  }
}

class Tokenizer {
  private readonly info: SourceInfo;
  private readonly src: string;
  private readonly end: number;
  private readonly bracketed: boolean;
  private pos: number;
  private line: number;
  private lineStart: number;
  private readonly tokens: Token[] = [];
  private readonly indents: number[] = [0];
  private readonly altIndents: number[] = [0];
  /** Open brackets: char, offset. */
  private readonly parens: { ch: string; pos: number }[] = [];
  private atLineStart = true;
  /** Whether the current logical line has produced a token (so a NEWLINE is due). */
  private lineHasTokens = false;

  constructor(info: SourceInfo, range?: TokenizeRange) {
    this.info = info;
    this.src = info.src;
    this.pos = range?.start ?? 0;
    this.end = range?.end ?? this.src.length;
    this.bracketed = range?.bracketed ?? false;
    this.line = info.lineOf(this.pos);
    this.lineStart = info.lineStarts[this.line - 1] as number;
    if (this.bracketed) this.atLineStart = false;
    // Checked once for the whole source (not again for each f-string field's sub-range).
    if (range === undefined) {
      const at = this.src.indexOf("\0");
      if (at >= 0) throw info.errorAtPos("SyntaxError", "source code cannot contain null bytes", at);
    }
  }

  /** The tokens produced so far (after an error). */
  partialTokens(): Token[] {
    return this.tokens;
  }

  position(): number {
    return this.pos;
  }

  private col(pos: number, lineStart: number): number {
    return this.info.col(lineStart, pos);
  }

  private errAt(msg: string, pos: number, kind: "SyntaxError" | "IndentationError" | "TabError" = "SyntaxError"): PySyntaxError {
    return this.info.errorAtPos(kind, msg, pos);
  }

  private push(kind: TokenKind, value: string, start: number, end: number, startLine = this.line, startLineStart = this.lineStart): void {
    this.tokens.push({
      kind,
      value,
      start,
      end,
      lineno: startLine,
      col: this.col(start, startLineStart),
      endLineno: this.line,
      endCol: this.col(end, this.lineStart),
      level: this.parens.length + (this.bracketed ? 1 : 0),
    });
    if (kind !== "NEWLINE" && kind !== "INDENT" && kind !== "DEDENT") this.lineHasTokens = true;
  }

  private newLine(at: number): void {
    this.line++;
    this.lineStart = at;
  }

  run(): Token[] {
    const src = this.src;
    const end = this.end;
    for (;;) {
      if (this.atLineStart) {
        this.atLineStart = false;
        if (this.indentation()) continue;
      }
      // Skip whitespace within the line.
      let c = src.charCodeAt(this.pos);
      while (this.pos < end && (c === C_SPACE || c === C_TAB || c === C_FF)) c = src.charCodeAt(++this.pos);
      if (this.pos >= end) break;
      const start = this.pos;
      if (c === C_HASH) {
        while (this.pos < end && src.charCodeAt(this.pos) !== C_LF) this.pos++;
        continue;
      }
      if (c === C_LF) {
        this.pos++;
        if (this.parens.length > 0 || this.bracketed) {
          this.newLine(this.pos);
          continue;
        }
        if (this.lineHasTokens) {
          this.push("NEWLINE", "", start, start + 1);
          this.lineHasTokens = false;
        }
        this.newLine(this.pos);
        this.atLineStart = true;
        continue;
      }
      if (c === C_BACKSLASH) {
        const next = src.charCodeAt(start + 1);
        if (start + 1 >= end) throw this.errAt("unexpected EOF while parsing", start + 1);
        if (next !== C_LF) throw this.errAt("unexpected character after line continuation character", start + 1);
        this.pos = start + 2;
        this.newLine(this.pos);
        if (this.pos >= end) throw this.errAt("unexpected EOF while parsing", this.pos);
        continue;
      }
      if (isAsciiIdStart(c) || (c >= 128 && this.isIdStartAt(start))) {
        this.name(start);
        continue;
      }
      if (isDigit(c) || (c === C_DOT && isDigit(src.charCodeAt(start + 1)))) {
        this.number(start);
        continue;
      }
      if (c === C_QUOTE || c === C_APOS) {
        this.string(start, start);
        continue;
      }
      this.operator(start);
    }
    this.finish();
    return this.tokens;
  }

  /** Handles indentation at the start of a line; returns true when the line was blank. */
  private indentation(): boolean {
    const src = this.src;
    let col = 0;
    let alt = 0;
    let p = this.pos;
    for (;;) {
      const c = src.charCodeAt(p);
      if (c === C_SPACE) {
        col++;
        alt++;
      } else if (c === C_TAB) {
        col = (Math.floor(col / 8) + 1) * 8;
        alt++;
      } else if (c === C_FF) {
        col = 0;
        alt = 0;
      } else break;
      p++;
    }
    const c = src.charCodeAt(p);
    if (p >= this.end || c === C_HASH || c === C_LF) {
      // Blank line: indentation is irrelevant. Skip its content here.
      this.pos = p;
      return false;
    }
    this.pos = p;
    if (this.parens.length > 0) return false;
    const top = this.indents.length - 1;
    const cur = this.indents[top] as number;
    const altCur = this.altIndents[top] as number;
    if (col === cur) {
      if (alt !== altCur) throw this.tabError();
    } else if (col > cur) {
      if (this.indents.length >= MAX_INDENT) throw this.errAt("too many levels of indentation", p, "IndentationError");
      if (alt <= altCur) throw this.tabError();
      this.indents.push(col);
      this.altIndents.push(alt);
      this.push("INDENT", "", this.lineStart, p);
    } else {
      while (this.indents.length > 1 && col < (this.indents[this.indents.length - 1] as number)) {
        this.indents.pop();
        this.altIndents.pop();
        this.push("DEDENT", "", p, p);
      }
      if (col !== this.indents[this.indents.length - 1]) {
        throw this.info.errorAt(
          "IndentationError",
          "unindent does not match any outer indentation level",
          this.line,
          // CPython points just past the end of the offending line.
          this.info.lineText(this.line).length,
        );
      }
      if (alt !== this.altIndents[this.altIndents.length - 1]) throw this.tabError();
    }
    return false;
  }

  private tabError(): PySyntaxError {
    return this.info.errorAt("TabError", "inconsistent use of tabs and spaces in indentation", this.line, 0);
  }

  private finish(): void {
    if (this.parens.length > 0 && !this.bracketed) {
      const open = this.parens[this.parens.length - 1] as { ch: string; pos: number };
      throw this.errAt(`'${open.ch}' was never closed`, open.pos);
    }
    const at = this.end;
    if (!this.bracketed) {
      if (this.lineHasTokens) this.push("NEWLINE", "", at, at);
      // CPython places the final DEDENTs and ENDMARKER at the end of the last line that has any
      // text (comments included), which is where errors at end of file point.
      if (at > 0 && this.src.charCodeAt(at - 1) === C_LF && this.line > 1) {
        this.line--;
        this.lineStart = this.info.lineStarts[this.line - 1] as number;
      }
      const eof = this.lineStart + this.info.lineText(this.line).length;
      while (this.indents.length > 1) {
        this.indents.pop();
        this.push("DEDENT", "", eof, eof, this.line, this.lineStart);
      }
      this.push("ENDMARKER", "", eof, eof, this.line, this.lineStart);
      return;
    }
    this.push("ENDMARKER", "", at, at);
  }

  private isIdStartAt(pos: number): boolean {
    const cp = this.src.codePointAt(pos) as number;
    return ID_START.test(String.fromCodePoint(cp));
  }

  private name(start: number): void {
    const src = this.src;
    const end = this.end;
    let p = start;
    let ascii = true;
    for (;;) {
      if (p >= end) break;
      const c = src.charCodeAt(p);
      if (isAsciiIdContinue(c)) {
        p++;
        continue;
      }
      if (c < 128) break;
      const cp = src.codePointAt(p) as number;
      if (!ID_CONTINUE.test(String.fromCodePoint(cp))) break;
      ascii = false;
      p += cp > 0xffff ? 2 : 1;
    }
    const c = src.charCodeAt(p);
    if ((c === C_QUOTE || c === C_APOS) && p - start <= 2 && isStringPrefix(src.slice(start, p).toLowerCase())) {
      this.string(start, p);
      return;
    }
    let text = src.slice(start, p);
    if (!ascii) {
      text = text.normalize("NFKC");
      // After normalization the identifier must still be valid (CPython's verify_identifier).
      const first = text.codePointAt(0) as number;
      if (!(isAsciiIdStart(first) || ID_START.test(String.fromCodePoint(first)))) {
        throw this.errAt(`invalid character '${String.fromCodePoint(first)}' (U+${hex4(first)})`, start);
      }
    }
    this.pos = p;
    this.push("NAME", text, start, p);
  }

  private operator(start: number): void {
    const src = this.src;
    const s3 = src.slice(start, start + 3);
    let op: string;
    if (OPS3.has(s3) && s3 !== "!=") op = s3;
    else if (OPS2.has(s3.slice(0, 2))) op = s3.slice(0, 2);
    else if (OPS1.has(s3.slice(0, 1))) op = s3.slice(0, 1);
    else {
      const cp = src.codePointAt(start) as number;
      const ch = String.fromCodePoint(cp);
      if (ch === "!" || ch === "$" || ch === "?" || ch === "`") throw this.errAt("invalid syntax", start);
      if (cp < 32 || cp === 127 || (cp >= 0x80 && cp < 0xa0) || cp === 0xa0 || /\p{Z}|\p{C}/u.test(ch)) {
        throw this.errAt(`invalid non-printable character U+${hex4(cp)}`, start);
      }
      throw this.errAt(`invalid character '${ch}' (U+${hex4(cp)})`, start);
    }
    if (op === "(" || op === "[" || op === "{") {
      if (this.parens.length >= MAX_LEVEL) throw this.errAt("too many nested parentheses", start);
      this.parens.push({ ch: op, pos: start });
    } else if (op === ")" || op === "]" || op === "}") {
      const open = this.parens.pop();
      if (open === undefined) {
        if (!this.bracketed) throw this.errAt(`unmatched '${op}'`, start);
      } else if (open.ch !== CLOSERS[op]) {
        const openLine = this.info.lineOf(open.pos);
        const suffix = openLine !== this.line ? ` on line ${openLine}` : "";
        throw this.errAt(`closing parenthesis '${op}' does not match opening parenthesis '${open.ch}'${suffix}`, start);
      }
    }
    this.pos = start + op.length;
    this.push("OP", op, start, this.pos);
  }

  // ---------------------------------------------------------------------------------------------
  // Numbers

  /** Reads digits accepted by `ok`, with single underscores between them; returns the end. */
  private digits(p: number, ok: (c: number) => boolean, kindMsg: string): number {
    const src = this.src;
    for (;;) {
      const c = src.charCodeAt(p);
      if (ok(c)) p++;
      else if (c === C_UNDERSCORE) {
        p++;
        if (!ok(src.charCodeAt(p))) throw this.errAt(kindMsg, p - 1);
      } else return p;
    }
  }

  private number(start: number): void {
    const src = this.src;
    let p = start;
    const c0 = src.charCodeAt(p);
    const c1 = src.charCodeAt(p + 1) | 0x20;
    if (c0 === 48 && (c1 === 120 || c1 === 111 || c1 === 98)) {
      p += 2;
      const [ok, name] = c1 === 120 ? [isHexDigit, "hexadecimal"] : c1 === 111 ? [(c: number) => c >= 48 && c <= 55, "octal"] : [(c: number) => c === 48 || c === 49, "binary"];
      const msg = `invalid ${name} literal`;
      if (src.charCodeAt(p) === C_UNDERSCORE) p++;
      if (!ok(src.charCodeAt(p))) {
        const c = src.charCodeAt(p);
        if (name !== "hexadecimal" && isDigit(c)) throw this.errAt(`invalid digit '${String.fromCharCode(c)}' in ${name} literal`, p);
        throw this.errAt(msg, p - 1);
      }
      p = this.digits(p, ok, msg);
      const c = src.charCodeAt(p);
      if (name !== "hexadecimal" && isDigit(c)) throw this.errAt(`invalid digit '${String.fromCharCode(c)}' in ${name} literal`, p);
      this.verifyEnd(p, msg);
      this.pos = p;
      this.push("NUMBER", src.slice(start, p), start, p);
      return;
    }
    let isFloat = false;
    if (c0 !== C_DOT) p = this.digits(p, isDigit, "invalid decimal literal");
    const intEnd = p;
    if (src.charCodeAt(p) === C_DOT) {
      isFloat = true;
      p++;
      if (isDigit(src.charCodeAt(p))) p = this.digits(p, isDigit, "invalid decimal literal");
    }
    const e = src.charCodeAt(p) | 0x20;
    if (e === 101) {
      let q = p + 1;
      const sign = src.charCodeAt(q);
      if (sign === 43 || sign === 45) {
        q++;
        if (!isDigit(src.charCodeAt(q))) throw this.errAt("invalid decimal literal", q - 1);
        p = this.digits(q, isDigit, "invalid decimal literal");
        isFloat = true;
      } else if (isDigit(sign)) {
        p = this.digits(q, isDigit, "invalid decimal literal");
        isFloat = true;
      }
      // Otherwise the number ends before the 'e' (as in `1else`), checked by verifyEnd below.
    }
    const j = src.charCodeAt(p) | 0x20;
    if (j === 106) {
      p++;
      this.verifyEnd(p, "invalid imaginary literal");
    } else {
      if (!isFloat && c0 === 48) {
        // "0", "00", "0_0" are fine; any other digit after leading zeros is an error.
        for (let q = start; q < intEnd; q++) {
          const d = src.charCodeAt(q);
          if (d !== 48 && d !== C_UNDERSCORE) {
            throw this.info.errorAtPos("SyntaxError", "leading zeros in decimal integer literals are not permitted; use an 0o prefix for octal integers", start);
          }
        }
      }
      this.verifyEnd(p, "invalid decimal literal");
    }
    this.pos = p;
    this.push("NUMBER", src.slice(start, p), start, p);
  }

  /**
   * CPython's verify_end_of_number: a number may be directly followed by one of a few keywords
   * (`1if x else y`) but not by other identifier characters.
   */
  private verifyEnd(p: number, msg: string): void {
    const src = this.src;
    const c = src.charCodeAt(p);
    if (!(isAsciiIdContinue(c) || (c >= 128 && this.isIdStartAt(p)))) return;
    const rest = src.slice(p, p + 6);
    for (const kw of ["and", "else", "for", "if", "in", "is", "not", "or"]) {
      if (rest.startsWith(kw)) return;
    }
    // CPython's column is that of the offending character (its offset counts from 0 here).
    throw this.errAt(msg, p - 1);
  }

  // ---------------------------------------------------------------------------------------------
  // Strings

  /** Scans a string literal whose prefix starts at `start` and whose quote is at `q`. */
  private string(start: number, q: number): void {
    const src = this.src;
    const end = this.end;
    const quote = src.charCodeAt(q);
    const triple = src.charCodeAt(q + 1) === quote && src.charCodeAt(q + 2) === quote;
    const startLine = this.line;
    const startLineStart = this.lineStart;
    let p = q + (triple ? 3 : 1);
    for (;;) {
      if (p >= end) {
        const what = triple ? "unterminated triple-quoted string literal" : "unterminated string literal";
        // CPython counts the line of the last newline read, not the empty line after it.
        const detected = end > 0 && src.charCodeAt(end - 1) === C_LF ? this.line - 1 : this.line;
        throw this.info.errorAt("SyntaxError", `${what} (detected at line ${detected})`, startLine, this.col(start, startLineStart));
      }
      const c = src.charCodeAt(p);
      if (c === quote) {
        if (!triple) {
          p++;
          break;
        }
        if (src.charCodeAt(p + 1) === quote && src.charCodeAt(p + 2) === quote) {
          p += 3;
          break;
        }
        p++;
      } else if (c === C_BACKSLASH) {
        p++;
        if (src.charCodeAt(p) === C_LF) {
          this.newLine(p + 1);
        }
        p++;
      } else if (c === C_LF) {
        if (!triple) {
          throw this.info.errorAt("SyntaxError", `unterminated string literal (detected at line ${this.line})`, startLine, this.col(start, startLineStart));
        }
        p++;
        this.newLine(p);
      } else p++;
    }
    this.pos = p;
    this.push("STRING", src.slice(start, p), start, p, startLine, startLineStart);
  }
}

function hex4(cp: number): string {
  return cp.toString(16).toUpperCase().padStart(4, "0");
}

export { KEYWORDS };
