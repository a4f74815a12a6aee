import { CodecError } from "./errors.js";
import { U64_MAX } from "./varint.js";

/**
 * An append-only byte buffer. Fixed-width integers are big-endian (as commonware writes them);
 * `uint` writes the minimal LEB128 varint. The buffer grows by doubling, but `encode()` sizes it
 * exactly up front, so the common path never copies.
 */
export class Writer {
  private buf: Uint8Array;
  private view: DataView | undefined;
  private pos = 0;

  constructor(initialCapacity = 64) {
    if (!Number.isSafeInteger(initialCapacity) || initialCapacity < 0) {
      throw new CodecError("INVALID_VALUE", 0, "initialCapacity must be a non-negative integer");
    }
    this.buf = new Uint8Array(initialCapacity);
  }

  // Created on first use: most encodings hold no u16/u32 and a DataView is not free.
  private dataView(): DataView {
    this.view ??= new DataView(this.buf.buffer, this.buf.byteOffset, this.buf.byteLength);
    return this.view;
  }

  /** Bytes written so far. */
  get length(): number {
    return this.pos;
  }

  private ensure(extra: number): void {
    const need = this.pos + extra;
    if (need <= this.buf.length) return;
    let cap = Math.max(16, this.buf.length * 2);
    while (cap < need) cap *= 2;
    const next = new Uint8Array(cap);
    next.set(this.buf.subarray(0, this.pos));
    this.buf = next;
    this.view = undefined;
  }

  private checkInt(value: number, max: number, what: string): void {
    if (!Number.isInteger(value) || value < 0 || value > max) {
      throw new CodecError("VALUE_OUT_OF_RANGE", this.pos, `${what} must be an integer in [0, ${max}], got ${String(value)}`);
    }
  }

  u8(value: number): this {
    this.checkInt(value, 0xff, "u8");
    this.ensure(1);
    this.buf[this.pos++] = value;
    return this;
  }

  u16(value: number): this {
    this.checkInt(value, 0xffff, "u16");
    this.ensure(2);
    this.dataView().setUint16(this.pos, value);
    this.pos += 2;
    return this;
  }

  u32(value: number): this {
    this.checkInt(value, 0xffff_ffff, "u32");
    this.ensure(4);
    this.dataView().setUint32(this.pos, value);
    this.pos += 4;
    return this;
  }

  u64(value: bigint): this {
    if (typeof value !== "bigint" || value < 0n || value > U64_MAX) {
      throw new CodecError("VALUE_OUT_OF_RANGE", this.pos, `u64 must be a bigint in [0, 2^64-1], got ${String(value)}`);
    }
    this.ensure(8);
    // Two 32-bit halves: cheaper than setBigUint64 on current V8.
    const view = this.dataView();
    view.setUint32(this.pos, Number(value >> 32n));
    view.setUint32(this.pos + 4, Number(value & 0xffff_ffffn));
    this.pos += 8;
    return this;
  }

  /** Minimal varint of a u64 (commonware `UInt<u64>`). */
  uint(value: bigint): this {
    if (typeof value !== "bigint" || value < 0n || value > U64_MAX) {
      throw new CodecError("VALUE_OUT_OF_RANGE", this.pos, `uint must be a bigint in [0, 2^64-1], got ${String(value)}`);
    }
    if (value < 0x80n) {
      this.ensure(1);
      this.buf[this.pos++] = Number(value);
      return this;
    }
    if (value <= 0xffff_ffffn) return this.writeVarint32(Number(value));
    // Split into two 32-bit halves so the loop runs on small numbers, not bigints.
    let lo = Number(value & 0xffff_ffffn);
    let hi = Number(value >> 32n);
    this.ensure(10);
    const buf = this.buf;
    let pos = this.pos;
    while (hi > 0 || lo >= 0x80) {
      buf[pos++] = (lo & 0x7f) | 0x80;
      // Shift the 64-bit (hi, lo) pair right by 7.
      lo = ((lo >>> 7) | ((hi & 0x7f) << 25)) >>> 0;
      hi = hi >>> 7;
    }
    buf[pos++] = lo;
    this.pos = pos;
    return this;
  }

  /** Minimal varint of a u32 held in a number (lengths and small counts). */
  varint32(value: number): this {
    this.checkInt(value, 0xffff_ffff, "varint32");
    return this.writeVarint32(value);
  }

  private writeVarint32(value: number): this {
    this.ensure(5);
    const buf = this.buf;
    let pos = this.pos;
    let v = value;
    while (v >= 0x80) {
      buf[pos++] = (v & 0x7f) | 0x80;
      v = Math.floor(v / 0x80);
    }
    buf[pos++] = v;
    this.pos = pos;
    return this;
  }

  bool(value: boolean): this {
    if (typeof value !== "boolean") {
      throw new CodecError("INVALID_VALUE", this.pos, `bool must be a boolean, got ${typeof value}`);
    }
    this.ensure(1);
    this.buf[this.pos++] = value ? 1 : 0;
    return this;
  }

  /** Raw bytes, no prefix. */
  bytes(value: Uint8Array): this {
    if (!(value instanceof Uint8Array)) {
      throw new CodecError("INVALID_VALUE", this.pos, "bytes must be a Uint8Array");
    }
    const n = value.length;
    this.ensure(n);
    // A byte loop beats TypedArray.set for short inputs (addresses, signatures).
    if (n <= 96) {
      const buf = this.buf;
      let pos = this.pos;
      for (let i = 0; i < n; i++) buf[pos++] = value[i]!;
    } else {
      this.buf.set(value, this.pos);
    }
    this.pos += n;
    return this;
  }

  /**
   * The bytes written. When the buffer was sized exactly this is the buffer itself (no copy);
   * otherwise a copy trimmed to length. The writer must not be used afterwards.
   */
  finish(): Uint8Array {
    if (this.pos === this.buf.length) return this.buf;
    return this.buf.slice(0, this.pos);
  }
}
