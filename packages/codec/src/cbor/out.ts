// A growable output buffer that writes CBOR heads in their shortest form.

export class Out {
  buf = new Uint8Array(256);
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

  float(x: number): void {
    this.ensure(9);
    this.buf[this.n] = 0xfb;
    this.view.setFloat64(this.n + 1, x);
    this.n += 9;
  }

  result(): Uint8Array {
    return this.buf.slice(0, this.n);
  }
}
