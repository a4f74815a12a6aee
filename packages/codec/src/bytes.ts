import { CodecError } from "./errors.js";

// Byte helpers shared by every Cowboy package. Hex lives only at the edges (JSON, logs, vectors);
// inside libraries bytes are always Uint8Array.

const HEX_CHARS = "0123456789abcdef";
const BYTE_TO_HEX: readonly string[] = Array.from({ length: 256 }, (_, i) => HEX_CHARS[i >> 4]! + HEX_CHARS[i & 15]!);

/** Throws a CodecError naming `name` unless `value` is a Uint8Array (of `length`, when given). */
export function abytes(value: unknown, name: string, length?: number): asserts value is Uint8Array {
  if (!(value instanceof Uint8Array)) {
    throw new CodecError("INVALID_VALUE", 0, `${name} must be a Uint8Array`);
  }
  if (length !== undefined && value.length !== length) {
    throw new CodecError("INVALID_VALUE", 0, `${name} must be ${length} bytes, got ${value.length}`);
  }
}

/** Lowercase hex, no `0x` prefix. */
export function toHex(bytes: Uint8Array): string {
  abytes(bytes, "bytes");
  let out = "";
  for (let i = 0; i < bytes.length; i++) out += BYTE_TO_HEX[bytes[i]!]!;
  return out;
}

function nibble(code: number): number {
  if (code >= 48 && code <= 57) return code - 48; // 0-9
  if (code >= 97 && code <= 102) return code - 87; // a-f
  if (code >= 65 && code <= 70) return code - 55; // A-F
  return -1;
}

/**
 * Parses hex with an optional `0x` prefix. Strict: an odd number of digits or any non-hex character
 * is a CodecError("INVALID_HEX") whose offset is the character index.
 */
export function fromHex(hex: string): Uint8Array {
  if (typeof hex !== "string") throw new CodecError("INVALID_HEX", 0, "hex must be a string");
  const start = hex.startsWith("0x") || hex.startsWith("0X") ? 2 : 0;
  const digits = hex.length - start;
  if (digits % 2 !== 0) {
    throw new CodecError("INVALID_HEX", hex.length, "odd number of hex digits");
  }
  const out = new Uint8Array(digits / 2);
  for (let i = 0; i < out.length; i++) {
    const at = start + 2 * i;
    const hi = nibble(hex.charCodeAt(at));
    const lo = nibble(hex.charCodeAt(at + 1));
    if (hi < 0 || lo < 0) {
      const bad = hi < 0 ? at : at + 1;
      throw new CodecError("INVALID_HEX", bad, `unexpected character ${JSON.stringify(hex[bad])}`);
    }
    out[i] = (hi << 4) | lo;
  }
  return out;
}

/** Byte-wise equality (not constant-time: never use it to compare secrets). */
export function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  abytes(a, "a");
  abytes(b, "b");
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Lexicographic order (a shorter prefix sorts first): negative, zero or positive. */
export function compareBytes(a: Uint8Array, b: Uint8Array): number {
  abytes(a, "a");
  abytes(b, "b");
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const d = a[i]! - b[i]!;
    if (d !== 0) return d;
  }
  return a.length - b.length;
}

/** A fresh array holding the given arrays one after another. */
export function concatBytes(...parts: Uint8Array[]): Uint8Array {
  let total = 0;
  for (let i = 0; i < parts.length; i++) {
    abytes(parts[i], `parts[${i}]`);
    total += parts[i]!.length;
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
