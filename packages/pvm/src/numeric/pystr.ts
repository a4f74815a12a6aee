/**
 * The few pieces of Python's str semantics that error messages need: whitespace, Unicode decimal
 * digits and repr(str). Unicode properties come from the host's regex engine (ICU); Python 3.11 ships
 * Unicode 14.0, Node 20 a newer version, so characters assigned after 14.0 may classify differently.
 */

/** Py_UNICODE_ISSPACE: the characters str.split()/strip() and int()/float() treat as whitespace. */
export function isPySpace(cp: number): boolean {
  if (cp <= 0x20) return cp === 0x20 || (cp >= 0x09 && cp <= 0x0d) || (cp >= 0x1c && cp <= 0x1f);
  return cp === 0x85 || cp === 0xa0 || cp === 0x1680 || (cp >= 0x2000 && cp <= 0x200a) || cp === 0x2028 || cp === 0x2029 || cp === 0x202f || cp === 0x205f || cp === 0x3000;
}

const ND = /^\p{Nd}$/u;

/** The decimal value 0..9 of a Unicode Nd code point, or -1. Nd code points come in aligned runs of 10. */
export function decimalValue(cp: number): number {
  if (cp >= 0x30 && cp <= 0x39) return cp - 0x30;
  if (cp < 0x80 || !ND.test(String.fromCodePoint(cp))) return -1;
  let start = cp;
  while (start > 0 && ND.test(String.fromCodePoint(start - 1))) start--;
  return (cp - start) % 10;
}

/**
 * Python's int()/float() first map every Unicode decimal digit to its ASCII digit and every Unicode
 * space to ' ' (_PyUnicode_TransformDecimalAndSpaceToASCII); other non-ASCII characters make the
 * literal invalid, marked here by '?'.
 */
export function toAsciiDecimal(text: string): string {
  let ascii = true;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) >= 0x80) ascii = false;
  if (ascii) return text;
  let out = "";
  for (const ch of text) {
    const cp = ch.codePointAt(0) as number;
    if (cp < 0x80) out += ch;
    else if (isPySpace(cp)) out += " ";
    else {
      const d = decimalValue(cp);
      out += d >= 0 ? String.fromCharCode(0x30 + d) : "?";
    }
  }
  return out;
}

export function stripPySpace(text: string): string {
  let a = 0;
  let b = text.length;
  while (a < b && isPySpace(text.charCodeAt(a))) a++;
  while (b > a && isPySpace(text.charCodeAt(b - 1))) b--;
  return text.slice(a, b);
}

const NOT_PRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;

/** repr(str) of CPython: quote choice, escapes, and \x/\u/\U for non-printable code points. */
export function pyStrRepr(s: string): string {
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of s) {
    const cp = ch.codePointAt(0) as number;
    if (ch === quote || ch === "\\") out += `\\${ch}`;
    else if (ch === "\t") out += "\\t";
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (cp < 0x20 || cp === 0x7f) out += `\\x${cp.toString(16).padStart(2, "0")}`;
    else if (cp < 0x7f) out += ch;
    else if (cp !== 0x20 && NOT_PRINTABLE.test(ch)) {
      if (cp <= 0xff) out += `\\x${cp.toString(16).padStart(2, "0")}`;
      else if (cp <= 0xffff) out += `\\u${cp.toString(16).padStart(4, "0")}`;
      else out += `\\U${cp.toString(16).padStart(8, "0")}`;
    } else out += ch;
  }
  return out + quote;
}

/** CPython's "%.200R": the repr, cut to at most 200 code points. */
export function reprTruncated(s: string, max = 200): string {
  const r = pyStrRepr(s);
  const cps = [...r];
  return cps.length <= max ? r : cps.slice(0, max).join("");
}

/** Code points of `s` (a surrogate pair is one, a lone surrogate one), without building an array. */
export function cpLength(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0xd800 || c >= 0xdc00 || i + 1 >= s.length) n++;
    else {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d < 0xe000) i++;
      n++;
    }
  }
  return n;
}
