// The byte writer of canonical CBOR (cips/canonical-encoding.md): heads in their shortest form,
// floats always in 8 bytes, integers past 64 bits as tag 2/3 bignums with minimal bytes, and the
// reordering of a map's or set's entries by the bytes of their keys. encodeCbor drives it from JS
// values; @cowboy/pvm drives it from Python values, charging Cycles as it walks. Callers check what
// has no encoding (NaN, lone surrogates, depth) and word the error themselves.

const U64 = 1n << 64n;
const utf8 = new TextEncoder();

/** Where one map entry (or set item) was written: its key spans k0..k1, the entry k0..end. */
export interface CborKeySpan {
  k0: number;
  k1: number;
  end: number;
}

/** A growable output buffer (doubling, so writing n bytes copies O(n) in total). */
export class CborWriter {
  buf = new Uint8Array(256);
  /** Bytes written so far. */
  n = 0;
  private view = new DataView(this.buf.buffer);

  ensure(k: number): void {
    if (this.n + k <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.n + k) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.n));
    this.buf = next;
    this.view = new DataView(next.buffer);
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

  /** A head with a number argument (a non-negative safe integer). */
  head(major: number, arg: number): void {
    const m = major << 5;
    if (arg < 24) return this.byte(m | arg);
    this.ensure(9);
    const b = this.buf;
    if (arg < 0x100) {
      b[this.n] = m | 24;
      b[this.n + 1] = arg;
      this.n += 2;
    } else if (arg < 0x10000) {
      b[this.n] = m | 25;
      this.view.setUint16(this.n + 1, arg);
      this.n += 3;
    } else if (arg < 0x100000000) {
      b[this.n] = m | 26;
      this.view.setUint32(this.n + 1, arg);
      this.n += 5;
    } else {
      b[this.n] = m | 27;
      this.view.setBigUint64(this.n + 1, BigInt(arg));
      this.n += 9;
    }
  }

  /** A head with a bigint argument below 2**64. */
  headBig(major: number, arg: bigint): void {
    if (arg < 0x100000000n) return this.head(major, Number(arg));
    this.ensure(9);
    this.buf[this.n] = (major << 5) | 27;
    this.view.setBigUint64(this.n + 1, arg);
    this.n += 9;
  }

  /** An integer: major 0 or 1 below 2**64 in magnitude, else a tag 2/3 bignum (no size limit here). */
  int(v: bigint): void {
    const neg = v < 0n;
    const m = neg ? -1n - v : v;
    if (m < U64) return this.headBig(neg ? 1 : 0, m);
    let hex = m.toString(16);
    if (hex.length & 1) hex = "0" + hex;
    const n = hex.length >> 1;
    this.byte(neg ? 0xc3 : 0xc2);
    this.head(2, n);
    this.ensure(n);
    for (let i = 0; i < n; i++) this.buf[this.n + i] = parseInt(hex.substr(2 * i, 2), 16);
    this.n += n;
  }

  /** A text string (the caller has refused lone surrogates, which have no UTF-8 form). */
  text(s: string): void {
    const b = utf8.encode(s);
    this.head(3, b.length);
    this.bytes(b);
  }

  float(x: number): void {
    this.ensure(9);
    this.buf[this.n] = 0xfb;
    this.view.setFloat64(this.n + 1, x);
    this.n += 9;
  }

  /**
   * Puts the entries written since `start` (one span each) in canonical order: by the bytes of their
   * keys (RFC 8949 §4.2.1). One scratch copy per container, no re-encoding. Returns false, leaving
   * the region as it was, when two keys have the same bytes (the caller raises its own error).
   */
  sortKeyed(start: number, spans: readonly CborKeySpan[]): boolean {
    const buf = this.buf;
    const cmp = (a: CborKeySpan, b: CborKeySpan) => compareRegions(buf, a.k0, a.k1, b.k0, b.k1);
    let sorted = true;
    for (let i = 1; i < spans.length && sorted; i++) sorted = cmp(spans[i - 1]!, spans[i]!) < 0;
    if (sorted) return true;
    const order = spans.slice().sort(cmp);
    for (let i = 1; i < order.length; i++) if (cmp(order[i - 1]!, order[i]!) === 0) return false;
    const region = buf.slice(start, this.n);
    let at = start;
    for (const s of order) {
      buf.set(region.subarray(s.k0 - start, s.end - start), at);
      at += s.end - s.k0;
    }
    return true;
  }

  result(): Uint8Array {
    return this.buf.slice(0, this.n);
  }
}

/** Bytewise order of buf[a0..a1) and buf[b0..b1), shorter first on a common prefix. */
function compareRegions(buf: Uint8Array, a0: number, a1: number, b0: number, b1: number): number {
  const la = a1 - a0;
  const lb = b1 - b0;
  const n = la < lb ? la : lb;
  for (let i = 0; i < n; i++) {
    const d = buf[a0 + i]! - buf[b0 + i]!;
    if (d !== 0) return d;
  }
  return la - lb;
}
