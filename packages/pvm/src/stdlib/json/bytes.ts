// json.loads on bytes: CPython's json.detect_encoding, then a decoder with errors='surrogatepass'
// whose UnicodeDecodeError messages match CPython's codecs for the cases a document can hit.
import { pyErr } from "../../runtime/exceptions.js";

/** json.detect_encoding: the codec name CPython picks from the first bytes. */
function detectEncoding(b: Uint8Array): string {
  const [b0, b1, b2, b3] = [b[0], b[1], b[2], b[3]];
  if (b.length >= 4 && ((b0 === 0 && b1 === 0 && b2 === 0xfe && b3 === 0xff) || (b0 === 0xff && b1 === 0xfe && b2 === 0 && b3 === 0))) return "utf-32";
  if (b.length >= 2 && ((b0 === 0xfe && b1 === 0xff) || (b0 === 0xff && b1 === 0xfe))) return "utf-16";
  if (b.length >= 3 && b0 === 0xef && b1 === 0xbb && b2 === 0xbf) return "utf-8-sig";
  if (b.length >= 4) {
    if (b0 === 0) return b1 !== 0 ? "utf-16-be" : "utf-32-be";
    if (b1 === 0) return b2 !== 0 || b3 !== 0 ? "utf-16-le" : "utf-32-le";
  } else if (b.length === 2) {
    if (b0 === 0) return "utf-16-be";
    if (b1 === 0) return "utf-16-le";
  }
  return "utf-8";
}

function fail(codec: string, b: Uint8Array, start: number, end: number, reason: string): never {
  const where = end - start <= 1 ? `byte 0x${(b[start] as number).toString(16).padStart(2, "0")} in position ${start}` : `bytes in position ${start}-${end - 1}`;
  throw pyErr("UnicodeDecodeError", `'${codec}' codec can't decode ${where}: ${reason}`);
}

function utf8(b: Uint8Array, from: number, codec: string): string {
  let out = "";
  let i = from;
  while (i < b.length) {
    const c = b[i] as number;
    if (c < 0x80) {
      out += String.fromCharCode(c);
      i++;
      continue;
    }
    let need: number;
    let lo = 0x80;
    let hi = 0xbf;
    let cp: number;
    if (c >= 0xc2 && c <= 0xdf) [need, cp] = [1, c & 0x1f];
    else if (c >= 0xe0 && c <= 0xef) [need, cp, lo] = [2, c & 0x0f, c === 0xe0 ? 0xa0 : 0x80];
    else if (c >= 0xf0 && c <= 0xf4) [need, cp, lo, hi] = [3, c & 0x07, c === 0xf0 ? 0x90 : 0x80, c === 0xf4 ? 0x8f : 0xbf];
    else fail(codec, b, i, i + 1, "invalid start byte");
    for (let k = 1; k <= need; k++) {
      const j = i + k;
      if (j >= b.length) fail(codec, b, i, b.length, "unexpected end of data");
      const d = b[j] as number;
      if (d < (k === 1 ? lo : 0x80) || d > (k === 1 ? hi : 0xbf)) fail(codec, b, i, j, "invalid continuation byte");
      cp = (cp << 6) | (d & 0x3f);
    }
    out += String.fromCodePoint(cp);
    i += need + 1;
  }
  return out;
}

function utf16(b: Uint8Array, from: number, little: boolean, codec: string): string {
  let out = "";
  let i = from;
  for (; i + 1 < b.length; i += 2) {
    out += String.fromCharCode(little ? (b[i] as number) | ((b[i + 1] as number) << 8) : ((b[i] as number) << 8) | (b[i + 1] as number));
  }
  if (i < b.length) fail(codec, b, i, b.length, "truncated data");
  return out;
}

function utf32(b: Uint8Array, from: number, little: boolean, codec: string): string {
  let out = "";
  let i = from;
  for (; i + 3 < b.length; i += 4) {
    const [x0, x1, x2, x3] = [b[i] as number, b[i + 1] as number, b[i + 2] as number, b[i + 3] as number];
    const cp = little ? x0 + x1 * 0x100 + x2 * 0x10000 + x3 * 0x1000000 : x3 + x2 * 0x100 + x1 * 0x10000 + x0 * 0x1000000;
    if (cp > 0x10ffff) fail(codec, b, i, i + 4, "code point not in range(0x110000)");
    out += String.fromCodePoint(cp);
  }
  if (i < b.length) fail(codec, b, i, b.length, "truncated data");
  return out;
}

/** bytes.decode(detect_encoding(b), 'surrogatepass') as json.loads does it. */
export function decodeJsonBytes(b: Uint8Array): string {
  const enc = detectEncoding(b);
  switch (enc) {
    case "utf-32":
      return utf32(b, 4, b[0] === 0xff, enc);
    case "utf-16":
      return utf16(b, 2, b[0] === 0xff, enc);
    case "utf-8-sig":
      return utf8(b, 3, enc);
    case "utf-16-be":
    case "utf-16-le":
      return utf16(b, 0, enc.endsWith("le"), enc);
    case "utf-32-be":
    case "utf-32-le":
      return utf32(b, 0, enc.endsWith("le"), enc);
    default:
      return utf8(b, 0, enc);
  }
}
