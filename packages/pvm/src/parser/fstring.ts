// Adjacent string literals → one Constant or JoinedStr, with f-string replacement fields parsed
// the way CPython 3.11 does (Parser/string_parser.c): the expression text is located in the source
// and parsed there, so its nodes carry true positions, while the JoinedStr's own Constant and
// FormattedValue parts carry the span of the whole concatenation.

import type { Constant, Expr, FormattedValue, JoinedStr, Pos } from "../ast.js";
import type { PySyntaxError, SourceInfo } from "./errors.js";
import { decodeBytes, decodeStrEscapes, EscapeError, readPrefix } from "./strings.js";
import type { Token } from "./tokens.js";

/** Parses the expression at source offsets [start, end) (an f-string replacement field). */
export type SubParse = (start: number, end: number) => Expr;

const MAX_FSTRING_PARENS = 200;

interface Ctx {
  readonly info: SourceInfo;
  readonly sub: SubParse;
  /** Span of the whole concatenation. */
  readonly whole: Pos;
  /** Where decoding errors are reported: the token after the strings, as CPython. */
  readonly after: Token;
}

function posOf(t: Token): Pos {
  return { lineno: t.lineno, col_offset: t.col, end_lineno: t.endLineno, end_col_offset: t.endCol };
}

function fail(ctx: Ctx, msg: string): PySyntaxError {
  return ctx.info.errorAt("SyntaxError", msg, ctx.after.lineno, ctx.after.col);
}

function decode(ctx: Ctx, body: string, raw: boolean): string {
  if (raw) return body;
  try {
    return decodeStrEscapes(body);
  } catch (e) {
    if (e instanceof EscapeError) throw fail(ctx, e.msg);
    throw e;
  }
}

/** Builds the node for a run of adjacent STRING tokens; `after` is the token that follows them. */
export function concatStrings(info: SourceInfo, toks: Token[], after: Token, sub: SubParse): Expr {
  const first = toks[0] as Token;
  const last = toks[toks.length - 1] as Token;
  const whole: Pos = { lineno: first.lineno, col_offset: first.col, end_lineno: last.endLineno, end_col_offset: last.endCol };
  const ctx: Ctx = { info, sub, whole, after };
  const firstPrefix = readPrefix(first.value);
  let anyF = false;
  for (const t of toks) {
    const p = readPrefix(t.value);
    if (p.bytes !== firstPrefix.bytes) throw fail(ctx, "cannot mix bytes and nonbytes literals");
    if (p.fmt) anyF = true;
  }
  if (firstPrefix.bytes) {
    const parts: Uint8Array[] = [];
    let total = 0;
    for (const t of toks) {
      const p = readPrefix(t.value);
      const body = t.value.slice(p.length + p.quoteLen, t.value.length - p.quoteLen);
      let bytes: Uint8Array;
      try {
        bytes = decodeBytes(body, p.raw);
      } catch (e) {
        // CPython reports non-ASCII bytes literals at the literal itself.
        if (e instanceof EscapeError && e.msg.startsWith("bytes can only")) throw info.errorAt("SyntaxError", e.msg, t.lineno, t.col);
        if (e instanceof EscapeError) throw fail(ctx, e.msg);
        throw e;
      }
      parts.push(bytes);
      total += bytes.length;
    }
    const out = new Uint8Array(total);
    let o = 0;
    for (const b of parts) {
      out.set(b, o);
      o += b.length;
    }
    return { type: "Constant", value: { kind: "bytes", value: out }, kind: null, ...whole };
  }
  if (!anyF) {
    let s = "";
    for (const t of toks) {
      const p = readPrefix(t.value);
      s += decode(ctx, t.value.slice(p.length + p.quoteLen, t.value.length - p.quoteLen), p.raw);
    }
    // CPython sets kind "u" only for a lowercase `u` prefix on the first literal.
    return { type: "Constant", value: { kind: "str", value: s }, kind: first.value.charCodeAt(0) === 117 ? "u" : null, ...whole };
  }
  const values: Expr[] = [];
  const acc = { text: "" };
  for (const t of toks) {
    const p = readPrefix(t.value);
    const bodyStart = t.start + p.length + p.quoteLen;
    const body = t.value.slice(p.length + p.quoteLen, t.value.length - p.quoteLen);
    if (!p.fmt) {
      acc.text += decode(ctx, body, p.raw);
      continue;
    }
    const scanner = new FStringScanner(ctx, t, body, bodyStart, p.raw);
    scanner.parseInto(values, acc, 0);
  }
  flush(values, acc, whole);
  return { type: "JoinedStr", values, ...whole };
}

function flush(values: Expr[], acc: { text: string }, pos: Pos): void {
  if (acc.text.length === 0) return;
  const c: Constant = { type: "Constant", value: { kind: "str", value: acc.text }, kind: null, ...pos };
  values.push(c);
  acc.text = "";
}

class FStringScanner {
  private i = 0;

  constructor(
    private readonly ctx: Ctx,
    private readonly tok: Token,
    private readonly body: string,
    private readonly bodyStart: number,
    private readonly raw: boolean,
  ) {}

  /**
   * Parses literal text and replacement fields into `values` until the end of the body, or (in a
   * format spec, depth 1) until the closing '}' of the enclosing field.
   */
  parseInto(values: Expr[], acc: { text: string }, depth: number): void {
    const body = this.body;
    const n = body.length;
    let chunkStart = this.i;
    while (this.i < n) {
      const c = body.charCodeAt(this.i);
      if (c === 92 && !this.raw && body.charCodeAt(this.i + 1) === 78 && body.charCodeAt(this.i + 2) === 123) {
        throw fail(this.ctx, "(unicode error) \\N{...} escapes are not supported by the PVM (no Unicode name table)");
      }
      if (c === 123) {
        if (depth === 0 && body.charCodeAt(this.i + 1) === 123) {
          acc.text += this.decodeChunk(chunkStart, this.i + 1);
          this.i += 2;
          chunkStart = this.i;
          continue;
        }
        acc.text += this.decodeChunk(chunkStart, this.i);
        this.i++;
        // A `{x=}` field's text joins the pending literal before it is flushed, as in CPython.
        const field = this.parseField(acc, depth);
        flush(values, acc, this.ctx.whole);
        values.push(field);
        chunkStart = this.i;
        continue;
      }
      if (c === 125) {
        if (depth > 0) break;
        if (body.charCodeAt(this.i + 1) === 125) {
          acc.text += this.decodeChunk(chunkStart, this.i + 1);
          this.i += 2;
          chunkStart = this.i;
          continue;
        }
        throw fail(this.ctx, "f-string: single '}' is not allowed");
      }
      this.i++;
    }
    acc.text += this.decodeChunk(chunkStart, this.i);
  }

  private decodeChunk(a: number, b: number): string {
    if (a >= b) return "";
    return decode(this.ctx, this.body.slice(a, b), this.raw);
  }

  /** Parses one replacement field after its '{'; leaves `i` after the closing '}'. */
  private parseField(acc: { text: string }, depth: number): FormattedValue {
    const ctx = this.ctx;
    if (depth >= 2) throw fail(ctx, "f-string: expressions nested too deeply");
    const body = this.body;
    const n = body.length;
    const exprStart = this.i;
    const stack: number[] = [];
    let quote = 0;
    let tripleQuote = false;
    let exprEnd = -1;
    while (this.i < n) {
      const c = body.charCodeAt(this.i);
      if (c === 92) throw fail(ctx, "f-string expression part cannot include a backslash");
      if (quote !== 0) {
        if (c === quote) {
          if (tripleQuote) {
            if (body.charCodeAt(this.i + 1) === c && body.charCodeAt(this.i + 2) === c) {
              this.i += 3;
              quote = 0;
              continue;
            }
          } else quote = 0;
        }
        this.i++;
        continue;
      }
      if (c === 39 || c === 34) {
        if (body.charCodeAt(this.i + 1) === c && body.charCodeAt(this.i + 2) === c) {
          tripleQuote = true;
          this.i += 3;
        } else {
          tripleQuote = false;
          this.i++;
        }
        quote = c;
        continue;
      }
      if (c === 40 || c === 91 || c === 123) {
        if (stack.length >= MAX_FSTRING_PARENS) throw fail(ctx, "f-string: too many nested parenthesis");
        stack.push(c);
        this.i++;
        continue;
      }
      if (c === 35) throw fail(ctx, "f-string expression part cannot include '#'");
      if (stack.length === 0 && (c === 33 || c === 58 || c === 125 || c === 61 || c === 60 || c === 62)) {
        const next = body.charCodeAt(this.i + 1);
        if (c === 33 && next === 61) {
          this.i += 2;
          continue;
        }
        if (c === 61 && next === 61) {
          this.i += 2;
          continue;
        }
        if (c === 60 || c === 62) {
          this.i += next === 61 ? 2 : 1;
          continue;
        }
        exprEnd = this.i;
        break;
      }
      if (c === 41 || c === 93 || c === 125) {
        const open = stack.pop();
        if (open === undefined) throw fail(ctx, `f-string: unmatched '${String.fromCharCode(c)}'`);
        const want = open === 40 ? 41 : open === 91 ? 93 : 125;
        if (want !== c) {
          throw fail(ctx, `f-string: closing parenthesis '${String.fromCharCode(c)}' does not match opening parenthesis '${String.fromCharCode(open)}'`);
        }
      }
      this.i++;
    }
    if (quote !== 0) throw fail(ctx, "f-string: unterminated string");
    if (stack.length > 0) throw fail(ctx, `f-string: unmatched '${String.fromCharCode(stack[stack.length - 1] as number)}'`);
    if (exprEnd < 0) throw fail(ctx, "f-string: expecting '}'");
    const exprText = body.slice(exprStart, exprEnd);
    if (/^[ \t\f\n\r\v]*$/.test(exprText)) throw fail(ctx, "f-string: empty expression not allowed");
    const value = ctx.sub(this.bodyStart + exprStart, this.bodyStart + exprEnd);
    let conversion = -1;
    let debug = false;
    if (body.charCodeAt(this.i) === 61) {
      this.i++;
      while (this.i < n && /[ \t\f\n\r\v]/.test(body.charAt(this.i))) this.i++;
      acc.text += body.slice(exprStart, this.i);
      debug = true;
    }
    if (body.charCodeAt(this.i) === 33) {
      this.i++;
      const conv = body.charCodeAt(this.i);
      if (this.i >= n) throw fail(ctx, "f-string: expecting '}'");
      if (conv !== 115 && conv !== 114 && conv !== 97) {
        throw fail(ctx, "f-string: invalid conversion character: expected 's', 'r', or 'a'");
      }
      conversion = conv;
      this.i++;
      const after = body.charCodeAt(this.i);
      if (this.i >= n || (after !== 58 && after !== 125)) throw fail(ctx, "f-string: expecting '}'");
    }
    let formatSpec: JoinedStr | null = null;
    if (body.charCodeAt(this.i) === 58) {
      this.i++;
      const specValues: Expr[] = [];
      const specAcc = { text: "" };
      this.parseInto(specValues, specAcc, depth + 1);
      // CPython 3.11 gives the spec's JoinedStr, and its final literal, the span of this token only.
      const tokPos = posOf(this.tok);
      flush(specValues, specAcc, tokPos);
      formatSpec = { type: "JoinedStr", values: specValues, ...tokPos };
    }
    if (this.i >= n || body.charCodeAt(this.i) !== 125) throw fail(ctx, "f-string: expecting '}'");
    this.i++;
    if (debug && conversion === -1 && formatSpec === null) conversion = 114;
    return { type: "FormattedValue", value, conversion, format_spec: formatSpec, ...ctx.whole };
  }
}
