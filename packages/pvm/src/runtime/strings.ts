// str with code-point semantics. JS strings are UTF-16; the fast path (no surrogates, by far the
// common case) indexes code units directly.

const SURROGATE = /[\uD800-\uDFFF]/;

export function hasSurrogates(s: string): boolean {
  return SURROGATE.test(s);
}

export function cpLength(s: string): number {
  if (!hasSurrogates(s)) return s.length;
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/** Code points of `s` as an array of one-code-point strings (slow path only). */
export function cpArray(s: string): string[] {
  return Array.from(s);
}

export function isAsciiSpace(c: string): boolean {
  return c === " " || c === "\t" || c === "\n" || c === "\r" || c === "\x0b" || c === "\x0c";
}

/** Python's str.isspace() for one code point. */
export function isPySpace(c: string): boolean {
  const code = c.charCodeAt(0);
  if (code < 128) return code === 32 || (code >= 9 && code <= 13) || (code >= 28 && code <= 31);
  return /^[\s\x1c-\x1f\x85]$/u.test(c) && c !== "\u200b" && c !== "\ufeff";
}

/** CPython's repr of a str: prefer single quotes, escape as CPython does for printable/non-printable. */
export function strRepr(s: string): string {
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of s) {
    const c = ch.codePointAt(0) as number;
    if (ch === quote || ch === "\\") out += `\\${ch}`;
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (ch === "\t") out += "\\t";
    else if (c < 0x20 || c === 0x7f) out += `\\x${c.toString(16).padStart(2, "0")}`;
    else if (c < 0x7f) out += ch;
    else if (!isPrintable(c)) {
      if (c <= 0xff) out += `\\x${c.toString(16).padStart(2, "0")}`;
      else if (c <= 0xffff) out += `\\u${c.toString(16).padStart(4, "0")}`;
      else out += `\\U${c.toString(16).padStart(8, "0")}`;
    } else out += ch;
  }
  return out + quote;
}

const NON_PRINTABLE = /^[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]$/u;

function isPrintable(c: number): boolean {
  if (c === 0x20) return true;
  return !NON_PRINTABLE.test(String.fromCodePoint(c));
}

export function bytesRepr(b: Uint8Array, prefix = "b"): string {
  let hasSingle = false;
  let hasDouble = false;
  for (const x of b) {
    if (x === 0x27) hasSingle = true;
    if (x === 0x22) hasDouble = true;
  }
  const quote = hasSingle && !hasDouble ? '"' : "'";
  let out = `${prefix}${quote}`;
  for (const x of b) {
    if (x === quote.charCodeAt(0) || x === 0x5c) out += `\\${String.fromCharCode(x)}`;
    else if (x === 0x0a) out += "\\n";
    else if (x === 0x0d) out += "\\r";
    else if (x === 0x09) out += "\\t";
    else if (x < 0x20 || x >= 0x7f) out += `\\x${x.toString(16).padStart(2, "0")}`;
    else out += String.fromCharCode(x);
  }
  return out + quote;
}

/** UTF-8 encode with errors='strict': lone surrogates are an error (returns null). */
export function utf8Encode(s: string): Uint8Array | null {
  if (hasSurrogates(s) && /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(s)) return null;
  return new TextEncoder().encode(s);
}

export function utf8Decode(b: Uint8Array): string | null {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(b);
  } catch {
    return null;
  }
}

/** ascii(): the repr with non-ASCII code points escaped. */
export function asciiReprOf(s: string): string {
  let out = "";
  for (const ch of s) {
    const cp = ch.codePointAt(0) as number;
    if (cp < 0x80) out += ch;
    else if (cp <= 0xff) out += `\\x${cp.toString(16).padStart(2, "0")}`;
    else if (cp <= 0xffff) out += `\\u${cp.toString(16).padStart(4, "0")}`;
    else out += `\\U${cp.toString(16).padStart(8, "0")}`;
  }
  return out;
}

/** Any UTF-16 unit from the surrogates up (no `u` flag: the class matches code units). */
const HIGH_UNITS = /[\ud800-\uffff]/;

/** Whether `s` has a UTF-16 unit from 0xD800 up: only then can JS `<` disagree with Python's order. */
export function hasHighUnits(s: string): boolean {
  return HIGH_UNITS.test(s);
}

/**
 * Python's str ordering (by code point). JS `<` compares UTF-16 code units, which disagrees when
 * an astral character (a surrogate pair) meets a BMP character at or above U+E000.
 */
export function cmpStr(a: string, b: string): number {
  if (a === b) return 0;
  // JS orders by UTF-16 code unit, Python by code point; they differ only where a surrogate meets a
  // unit of 0xE000 or more. When either string has no unit from 0xD800 up, the engine's (native,
  // specified) order is Python's: long strings take it instead of the loop below.
  if (a.length > 32 && b.length > 32 && (!HIGH_UNITS.test(a) || !HIGH_UNITS.test(b))) return a < b ? -1 : 1;
  const n = a.length < b.length ? a.length : b.length;
  let i = 0;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  if (i === n) return a.length - b.length;
  let x = a.charCodeAt(i);
  let y = b.charCodeAt(i);
  if (x >= 0xd800 && x <= 0xdfff) x += 0x10000;
  if (y >= 0xd800 && y <= 0xdfff) y += 0x10000;
  return x - y;
}

/**
 * Text made of many small pieces (a container's repr, a JSON document): each piece is appended to
 * a chunk of ~4 KiB, each full chunk is flattened, and the chunks are joined once. At 100,000
 * pieces one array element per piece is ~5x slower in V8 (the pieces outlive young-generation
 * collections and the array lands in the large-object space), and unflattened chunks ~2.5x (each
 * is a tree of cons strings holding every piece until the final join).
 */
export class TextBuilder {
  private readonly chunks: string[] = [];
  private chunk = "";

  add(s: string): void {
    this.chunk += s;
    if (this.chunk.length >= 4096) {
      this.chunk.charCodeAt(0); // flattens the cons-string tree: its pieces can be collected young
      this.chunks.push(this.chunk);
      this.chunk = "";
    }
  }

  /** The text so far (the builder can go on). */
  text(): string {
    return this.chunks.length === 0 ? this.chunk : this.chunks.join("") + this.chunk;
  }
}
