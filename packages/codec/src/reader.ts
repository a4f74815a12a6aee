import { CodecError } from "./errors.js";
import { inRange, type RangeCfg } from "./range.js";

/**
 * A cursor over untrusted bytes. Every read checks what is left before touching memory, and every
 * failure is a CodecError whose offset is where the failing item starts.
 */
export class Reader {
  private readonly buf: Uint8Array;
  private readonly view: DataView;
  private pos = 0;

  constructor(bytes: Uint8Array) {
    if (!(bytes instanceof Uint8Array)) {
      throw new CodecError("INVALID_VALUE", 0, "bytes must be a Uint8Array");
    }
    this.buf = bytes;
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  /** Bytes consumed so far. */
  get offset(): number {
    return this.pos;
  }

  /** Bytes not yet consumed. */
  get remaining(): number {
    return this.buf.length - this.pos;
  }

  /** Throws END_OF_BUFFER unless `n` more bytes are available. */
  need(n: number): void {
    if (this.buf.length - this.pos < n) {
      throw new CodecError("END_OF_BUFFER", this.pos, `need ${n} bytes, ${this.buf.length - this.pos} left`);
    }
  }

  /** Throws TRAILING_BYTES unless every byte has been consumed. */
  end(): void {
    if (this.pos !== this.buf.length) {
      throw new CodecError("TRAILING_BYTES", this.pos, `${this.buf.length - this.pos} unread`);
    }
  }

  u8(): number {
    this.need(1);
    return this.buf[this.pos++]!;
  }

  u16(): number {
    this.need(2);
    const v = this.view.getUint16(this.pos);
    this.pos += 2;
    return v;
  }

  u32(): number {
    this.need(4);
    const v = this.view.getUint32(this.pos);
    this.pos += 4;
    return v;
  }

  u64(): bigint {
    this.need(8);
    const v = this.view.getBigUint64(this.pos);
    this.pos += 8;
    return v;
  }

  /**
   * A varint u64, strictly: minimal form only, at most ten bytes, and the tenth byte may only
   * carry the single remaining bit (0x01).
   */
  uint(): bigint {
    const start = this.pos;
    const buf = this.buf;
    // The first seven groups (49 bits) accumulate exactly in a double; only longer varints,
    // which need bits 49..63, fall back to bigint.
    let low = 0;
    let scale = 1;
    for (let i = 0; i < 7; i++) {
      if (this.pos >= buf.length) throw new CodecError("END_OF_BUFFER", start, "truncated varint");
      const byte = buf[this.pos++]!;
      low += (byte & 0x7f) * scale;
      if ((byte & 0x80) === 0) {
        if (byte === 0 && i > 0) throw new CodecError("NON_CANONICAL_VARINT", start);
        return BigInt(low);
      }
      scale *= 0x80;
    }
    let value = BigInt(low);
    for (let i = 7; i < 10; i++) {
      if (this.pos >= buf.length) throw new CodecError("END_OF_BUFFER", start, "truncated varint");
      const byte = buf[this.pos++]!;
      if (i === 9 && byte > 1) throw new CodecError("VARINT_OVERFLOW", start, "exceeds 64 bits");
      value |= BigInt(byte & 0x7f) << BigInt(7 * i);
      if ((byte & 0x80) === 0) {
        if (byte === 0) throw new CodecError("NON_CANONICAL_VARINT", start);
        return value;
      }
    }
    // Unreachable: the tenth byte either ended the varint or failed the overflow check.
    throw new CodecError("VARINT_OVERFLOW", start, "exceeds 64 bits");
  }

  /** A varint u32 as a number, strictly (minimal, at most five bytes, fifth byte <= 0x0f). */
  varint32(): number {
    const start = this.pos;
    const buf = this.buf;
    let value = 0;
    let scale = 1;
    for (let i = 0; i < 5; i++) {
      if (this.pos >= buf.length) throw new CodecError("END_OF_BUFFER", start, "truncated varint");
      const byte = buf[this.pos++]!;
      if (i === 4 && byte > 0x0f) throw new CodecError("VARINT_OVERFLOW", start, "exceeds 32 bits");
      value += (byte & 0x7f) * scale;
      if ((byte & 0x80) === 0) {
        if (byte === 0 && i > 0) throw new CodecError("NON_CANONICAL_VARINT", start);
        return value;
      }
      scale *= 0x80;
    }
    throw new CodecError("VARINT_OVERFLOW", start, "exceeds 32 bits");
  }

  /** A length prefix, checked against `cfg` before anything is allocated for it. */
  length(cfg: RangeCfg): number {
    const start = this.pos;
    const len = this.varint32();
    if (!inRange(cfg, len)) {
      throw new CodecError("LENGTH_OUT_OF_RANGE", start, `length ${len} not in [${cfg.min}, ${cfg.max}]`);
    }
    return len;
  }

  bool(): boolean {
    const start = this.pos;
    const b = this.u8();
    if (b === 0) return false;
    if (b === 1) return true;
    throw new CodecError("INVALID_BOOL", start, `tag 0x${b.toString(16).padStart(2, "0")}`);
  }

  /** `n` raw bytes, copied so the result never aliases the input. */
  bytes(n: number): Uint8Array {
    this.need(n);
    const out = this.buf.slice(this.pos, this.pos + n);
    this.pos += n;
    return out;
  }

  /** A view of the input from `start` up to the current offset: the bytes of what was just read. */
  consumedSince(start: number): Uint8Array {
    return this.buf.subarray(start, this.pos);
  }

  /** `n` raw bytes as a view into the input (no copy): for hashing or peeking, not for keeping. */
  subarray(n: number): Uint8Array {
    this.need(n);
    const out = this.buf.subarray(this.pos, this.pos + n);
    this.pos += n;
    return out;
  }
}
