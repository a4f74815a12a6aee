import type { Codec } from "../codec.js";
import { CodecError } from "../errors.js";
import type { Reader } from "../reader.js";
import { varintSizeBigint, varintSizeNumber, U64_MAX } from "../varint.js";
import type { Writer } from "../writer.js";
import { inRange, type RangeCfg } from "../range.js";

/** u8, one byte. */
export const u8: Codec<number> = {
  fixedSize: 1,
  encodeSize: () => 1,
  write: (w, v) => void w.u8(v),
  read: (r) => r.u8(),
};

/** u16, two bytes big-endian. */
export const u16: Codec<number> = {
  fixedSize: 2,
  encodeSize: () => 2,
  write: (w, v) => void w.u16(v),
  read: (r) => r.u16(),
};

/** u32, four bytes big-endian. */
export const u32: Codec<number> = {
  fixedSize: 4,
  encodeSize: () => 4,
  write: (w, v) => void w.u32(v),
  read: (r) => r.u32(),
};

/** u64, eight bytes big-endian, as bigint. */
export const u64: Codec<bigint> = {
  fixedSize: 8,
  encodeSize: () => 8,
  write: (w, v) => void w.u64(v),
  read: (r) => r.u64(),
};

function uintSize(v: bigint): number {
  if (typeof v !== "bigint" || v < 0n || v > U64_MAX) {
    throw new CodecError("VALUE_OUT_OF_RANGE", 0, `uint must be a bigint in [0, 2^64-1], got ${String(v)}`);
  }
  return varintSizeBigint(v);
}

/** u64 as a minimal varint (commonware `UInt<u64>`), as bigint. */
export const uint: Codec<bigint> = {
  encodeSize: uintSize,
  write: (w, v) => void w.uint(v),
  read: (r) => r.uint(),
};

/**
 * A u32 varint held in a number, for counts and small numbers, bounded by `cfg` on both sides so
 * a decoded value is always one the caller allowed (and so the encoder cannot emit one it would
 * refuse to read back).
 */
export function varuint32(cfg: RangeCfg = { min: 0, max: 0xffff_ffff }): Codec<number> {
  return {
    encodeSize(v) {
      if (!Number.isInteger(v) || !inRange(cfg, v)) {
        throw new CodecError("VALUE_OUT_OF_RANGE", 0, `value ${String(v)} not in [${cfg.min}, ${cfg.max}]`);
      }
      return varintSizeNumber(v);
    },
    write(w: Writer, v) {
      if (!Number.isInteger(v) || !inRange(cfg, v)) {
        throw new CodecError("VALUE_OUT_OF_RANGE", w.length, `value ${String(v)} not in [${cfg.min}, ${cfg.max}]`);
      }
      w.varint32(v);
    },
    read(r: Reader) {
      const start = r.offset;
      const v = r.varint32();
      if (!inRange(cfg, v)) {
        throw new CodecError("VALUE_OUT_OF_RANGE", start, `value ${v} not in [${cfg.min}, ${cfg.max}]`);
      }
      return v;
    },
  };
}

/** bool as one byte, 0x00 or 0x01; any other byte is INVALID_BOOL. */
export const bool: Codec<boolean> = {
  fixedSize: 1,
  encodeSize: () => 1,
  write: (w, v) => void w.bool(v),
  read: (r) => r.bool(),
};

/** A unit value that takes no bytes (for enum variants without a body). */
export const unit: Codec<null> = {
  fixedSize: 0,
  encodeSize: () => 0,
  write: (_w, v) => {
    if (v !== null) throw new CodecError("INVALID_VALUE", 0, "unit value must be null");
  },
  read: () => null,
};
