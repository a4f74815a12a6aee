// The byte-level rules of canonical CBOR shared by the encoder and the decoder
// (cips/canonical-encoding.md): tag numbers, limits, the growable output buffer and the helpers
// that move big integers to and from their minimal big-endian bytes.

/** RFC 8949 bignums (tag 2 positive, tag 3 negative: value = -1 - n). */
export const TAG_POS_BIGNUM = 2;
export const TAG_NEG_BIGNUM = 3;
/** The IANA-registered "finite set" tag: a Python `set`. */
export const TAG_SET = 258;
/** Our own tags, in the first-come-first-served range and unassigned: tuple and frozenset. */
export const TAG_TUPLE = 24601;
export const TAG_FROZENSET = 24602;
/** Deepest container nesting that encodes or decodes (the top-level value is depth 0). */
export const MAX_DEPTH = 64;
/** Integers are bounded like the PVM's own ints: |v| < 2**4096. */
export const INT_LIMIT = 1n << 4096n;
export const U64 = 1n << 64n;

/** Growable output buffer: doubles, so encoding n bytes copies O(n) in total. */
export class Out {
  buf = new Uint8Array(64);
  n = 0;

  ensure(k: number): void {
    if (this.n + k <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.n + k) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.n));
    this.buf = next;
  }

  byte(b: number): void {
    if (this.n === this.buf.length) this.ensure(1);
    this.buf[this.n++] = b;
  }

  bytes(b: Uint8Array): void {
    this.ensure(b.length);
    this.buf.set(b, this.n);
    this.n += b.length;
  }

  /** A head in its shortest form. `arg` is a non-negative safe integer or a bigint below 2**64. */
  head(major: number, arg: number | bigint): void {
    const m = major << 5;
    if (typeof arg === "number" && arg < 0x100000000) {
      if (arg < 24) return this.byte(m | arg);
      if (arg < 0x100) return (this.byte(m | 24), this.byte(arg));
      this.ensure(5);
      const b = this.buf;
      if (arg < 0x10000) {
        b[this.n] = m | 25;
        b[this.n + 1] = arg >>> 8;
        b[this.n + 2] = arg & 0xff;
        this.n += 3;
        return;
      }
      b[this.n] = m | 26;
      b[this.n + 1] = arg >>> 24;
      b[this.n + 2] = (arg >>> 16) & 0xff;
      b[this.n + 3] = (arg >>> 8) & 0xff;
      b[this.n + 4] = arg & 0xff;
      this.n += 5;
      return;
    }
    const a = BigInt(arg);
    if (a < 0x100000000n) return this.head(major, Number(a));
    this.ensure(9);
    this.buf[this.n] = m | 27;
    new DataView(this.buf.buffer, this.buf.byteOffset).setBigUint64(this.n + 1, a);
    this.n += 9;
  }

  result(): Uint8Array {
    return this.buf.slice(0, this.n);
  }
}

/** Minimal big-endian bytes of a positive bigint (no leading zero byte). */
export function bigToBytes(n: bigint): Uint8Array {
  let hex = n.toString(16);
  if (hex.length & 1) hex = "0" + hex;
  const out = new Uint8Array(hex.length >> 1);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.substr(i * 2, 2), 16);
  return out;
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));

/** The unsigned big-endian integer held by `b` (non-empty). */
export function bytesToBig(b: Uint8Array): bigint {
  let hex = "0x";
  for (let i = 0; i < b.length; i++) hex += HEX[b[i]!]!;
  return BigInt(hex);
}

/** Bytewise lexicographic order, shorter first on a common prefix (RFC 8949 §4.2.1). */
export function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = a.length < b.length ? a.length : b.length;
  for (let i = 0; i < n; i++) {
    const d = a[i]! - b[i]!;
    if (d !== 0) return d;
  }
  return a.length - b.length;
}

/** True when `s` holds a UTF-16 surrogate that is not part of a pair (not encodable as UTF-8). */
export function hasLoneSurrogate(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0xd800 || c > 0xdfff) continue;
    if (c > 0xdbff) return true;
    const d = s.charCodeAt(i + 1);
    if (!(d >= 0xdc00 && d <= 0xdfff)) return true;
    i++;
  }
  return false;
}
