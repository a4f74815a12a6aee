/**
 * sre_parse's Tokenizer: yields one character, or a backslash plus the next character, as a
 * string token, and reports errors at the same offsets CPython does. Bytes patterns are tokenized as
 * their Latin-1 decoding, exactly as CPython does.
 */
import { RegexError } from "./errors.js";

export class Tokenizer {
  readonly chars: readonly string[];
  readonly isText: boolean;
  readonly code: "RE_BAD_PATTERN" | "RE_BAD_TEMPLATE";
  private index = 0;
  next: string | null = null;

  constructor(codePoints: readonly number[], isText: boolean, code: "RE_BAD_PATTERN" | "RE_BAD_TEMPLATE") {
    this.chars = codePoints.map((c) => String.fromCodePoint(c));
    this.isText = isText;
    this.code = code;
    this.advance();
  }

  private advance(): void {
    let index = this.index;
    const ch = this.chars[index];
    if (ch === undefined) {
      this.next = null;
      return;
    }
    let tok = ch;
    if (ch === "\\") {
      index += 1;
      const nx = this.chars[index];
      if (nx === undefined) throw this.errorAt("bad escape (end of pattern)", this.chars.length - 1);
      tok += nx;
    }
    this.index = index + 1;
    this.next = tok;
  }

  match(ch: string): boolean {
    if (ch === this.next) {
      this.advance();
      return true;
    }
    return false;
  }

  get(): string | null {
    const t = this.next;
    this.advance();
    return t;
  }

  getWhile(n: number, charset: string): string {
    let out = "";
    for (let i = 0; i < n; i++) {
      const c = this.next;
      if (c === null || c.length !== 1 || !charset.includes(c)) break;
      out += c;
      this.advance();
    }
    return out;
  }

  getUntil(terminator: string, name: string): string {
    let out = "";
    for (;;) {
      const c = this.next;
      this.advance();
      if (c === null) {
        if (!out) throw this.error(`missing ${name}`);
        throw this.error(`missing ${terminator}, unterminated name`, cpLen(out));
      }
      if (c === terminator) {
        if (!out) throw this.error(`missing ${name}`, 1);
        break;
      }
      out += c;
    }
    return out;
  }

  tell(): number {
    return this.index - (this.next === null ? 0 : cpLen(this.next));
  }

  seek(index: number): void {
    this.index = index;
    this.advance();
  }

  error(msg: string, offset = 0): RegexError {
    return this.errorAt(msg, this.tell() - offset);
  }

  errorAt(msg: string, pos: number): RegexError {
    // CPython re-encodes messages about bytes patterns with backslashreplace.
    const text = this.isText ? msg : asciiBackslashReplace(msg);
    return new RegexError(this.code, text, pos);
  }
}

export function cpLen(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

function asciiBackslashReplace(s: string): string {
  let out = "";
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (c < 0x80) out += ch;
    else if (c < 0x100) out += "\\x" + c.toString(16).padStart(2, "0");
    else if (c < 0x10000) out += "\\u" + c.toString(16).padStart(4, "0");
    else out += "\\U" + c.toString(16).padStart(8, "0");
  }
  return out;
}
