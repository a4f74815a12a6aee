// Decoding of string and bytes literal bodies (escape sequences), as CPython's
// decode_unicode_with_escapes / PyBytes_DecodeEscape. f-string structure is handled in fstring.ts.

/** The prefix flags of one STRING token. */
export interface StringPrefix {
  readonly raw: boolean;
  readonly bytes: boolean;
  readonly fmt: boolean;
  readonly unicode: boolean;
  /** Length of the prefix in UTF-16 units. */
  readonly length: number;
  /** 1 or 3. */
  readonly quoteLen: number;
}

export function readPrefix(text: string): StringPrefix {
  let raw = false;
  let bytes = false;
  let fmt = false;
  let unicode = false;
  let i = 0;
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i) | 0x20;
    if (c === 114) raw = true;
    else if (c === 98) bytes = true;
    else if (c === 102) fmt = true;
    else if (c === 117) unicode = true;
    else break;
  }
  const q = text.charCodeAt(i);
  const quoteLen = text.length - i >= 6 && text.charCodeAt(i + 1) === q && text.charCodeAt(i + 2) === q ? 3 : 1;
  return { raw, bytes, fmt, unicode, length: i, quoteLen };
}

/** A decoding failure: message in CPython's words, and the offset in the body it concerns. */
export class EscapeError {
  constructor(
    readonly msg: string,
    readonly at: number,
  ) {}
}

function hexValue(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  const l = c | 0x20;
  if (l >= 97 && l <= 102) return l - 87;
  return -1;
}

/**
 * Decodes the escapes of a non-raw str literal body. Unknown escapes keep their backslash (CPython
 * only warns). `\N{...}` is rejected: the PVM carries no Unicode name table.
 */
export function decodeStrEscapes(body: string): string {
  if (body.indexOf("\\") < 0) return body;
  let out = "";
  let i = 0;
  const n = body.length;
  while (i < n) {
    const j = body.indexOf("\\", i);
    if (j < 0) {
      out += body.slice(i);
      break;
    }
    out += body.slice(i, j);
    i = j + 1;
    if (i >= n) {
      out += "\\";
      break;
    }
    const c = body.charCodeAt(i);
    i++;
    switch (c) {
      case 10: // backslash-newline: line continuation inside the literal
        break;
      case 92:
        out += "\\";
        break;
      case 39:
        out += "'";
        break;
      case 34:
        out += '"';
        break;
      case 97:
        out += "\x07";
        break;
      case 98:
        out += "\b";
        break;
      case 102:
        out += "\f";
        break;
      case 110:
        out += "\n";
        break;
      case 114:
        out += "\r";
        break;
      case 116:
        out += "\t";
        break;
      case 118:
        out += "\v";
        break;
      case 120:
      case 117:
      case 85: {
        const digits = c === 120 ? 2 : c === 117 ? 4 : 8;
        let v = 0;
        let k = 0;
        for (; k < digits; k++) {
          const h = hexValue(body.charCodeAt(i + k));
          if (h < 0) break;
          v = v * 16 + h;
        }
        if (k < digits) {
          const name = c === 120 ? "\\xXX" : c === 117 ? "\\uXXXX" : "\\UXXXXXXXX";
          throw new EscapeError(`(unicode error) 'unicodeescape' codec can't decode bytes in position ${j}-${i + k - 1}: truncated ${name} escape`, j);
        }
        if (v > 0x10ffff) {
          throw new EscapeError(`(unicode error) 'unicodeescape' codec can't decode bytes in position ${j}-${i + k - 1}: illegal Unicode character`, j);
        }
        out += String.fromCodePoint(v);
        i += digits;
        break;
      }
      case 78:
        throw new EscapeError("(unicode error) \\N{...} escapes are not supported by the PVM (no Unicode name table)", j);
      default:
        if (c >= 48 && c <= 55) {
          let v = c - 48;
          for (let k = 0; k < 2; k++) {
            const d = body.charCodeAt(i);
            if (d >= 48 && d <= 55) {
              v = v * 8 + (d - 48);
              i++;
            } else break;
          }
          out += String.fromCodePoint(v);
        } else {
          out += "\\" + String.fromCharCode(c);
        }
    }
  }
  return out;
}

/** Decodes a bytes literal body (raw or not) into bytes; non-ASCII characters are an error. */
export function decodeBytes(body: string, raw: boolean): Uint8Array {
  const out: number[] = [];
  const n = body.length;
  for (let i = 0; i < n; i++) {
    const c = body.charCodeAt(i);
    if (c >= 128) throw new EscapeError("bytes can only contain ASCII literal characters", i);
    if (c !== 92 || raw) {
      out.push(c);
      continue;
    }
    const e = body.charCodeAt(i + 1);
    if (i + 1 >= n) {
      out.push(92);
      continue;
    }
    i++;
    switch (e) {
      case 10:
        break;
      case 92:
      case 39:
      case 34:
        out.push(e);
        break;
      case 97:
        out.push(7);
        break;
      case 98:
        out.push(8);
        break;
      case 102:
        out.push(12);
        break;
      case 110:
        out.push(10);
        break;
      case 114:
        out.push(13);
        break;
      case 116:
        out.push(9);
        break;
      case 118:
        out.push(11);
        break;
      case 120: {
        const h1 = hexValue(body.charCodeAt(i + 1));
        const h2 = hexValue(body.charCodeAt(i + 2));
        if (h1 < 0 || h2 < 0) {
          throw new EscapeError(`(value error) invalid \\x escape at position ${i - 1}`, i - 1);
        }
        out.push(h1 * 16 + h2);
        i += 2;
        break;
      }
      default:
        if (e >= 48 && e <= 55) {
          let v = e - 48;
          for (let k = 0; k < 2; k++) {
            const d = body.charCodeAt(i + 1);
            if (d >= 48 && d <= 55) {
              v = v * 8 + (d - 48);
              i++;
            } else break;
          }
          out.push(v & 0xff);
        } else if (e >= 128) {
          throw new EscapeError("bytes can only contain ASCII literal characters", i);
        } else {
          out.push(92, e);
        }
    }
  }
  return Uint8Array.from(out);
}
