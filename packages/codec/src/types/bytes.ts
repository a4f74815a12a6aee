import type { Codec } from "../codec.js";
import { CodecError } from "../errors.js";
import { inRange, type RangeCfg } from "../range.js";
import { varintSizeNumber } from "../varint.js";

function checkLength(len: number, cfg: RangeCfg, at: number): void {
  if (!inRange(cfg, len)) {
    throw new CodecError("LENGTH_OUT_OF_RANGE", at, `length ${len} not in [${cfg.min}, ${cfg.max}]`);
  }
}

function requireBytes(v: unknown, at: number): asserts v is Uint8Array {
  if (!(v instanceof Uint8Array)) throw new CodecError("INVALID_VALUE", at, "expected a Uint8Array");
}

/** Exactly `n` raw bytes with no prefix (addresses, hashes, signatures). */
export function fixedBytes(n: number): Codec<Uint8Array> {
  if (!Number.isSafeInteger(n) || n < 0) throw new CodecError("INVALID_VALUE", 0, "fixedBytes size must be a non-negative integer");
  return {
    fixedSize: n,
    encodeSize(v) {
      requireBytes(v, 0);
      if (v.length !== n) throw new CodecError("INVALID_VALUE", 0, `expected ${n} bytes, got ${v.length}`);
      return n;
    },
    write(w, v) {
      requireBytes(v, w.length);
      if (v.length !== n) throw new CodecError("INVALID_VALUE", w.length, `expected ${n} bytes, got ${v.length}`);
      w.bytes(v);
    },
    read: (r) => r.bytes(n),
  };
}

/** A byte string: varint length (bounded by `cfg`) then the bytes. */
export function bytes(cfg: RangeCfg): Codec<Uint8Array> {
  return {
    encodeSize(v) {
      requireBytes(v, 0);
      checkLength(v.length, cfg, 0);
      return varintSizeNumber(v.length) + v.length;
    },
    write(w, v) {
      requireBytes(v, w.length);
      checkLength(v.length, cfg, w.length);
      w.varint32(v.length).bytes(v);
    },
    read(r) {
      const len = r.length(cfg);
      return r.bytes(len);
    },
  };
}

const UTF8_DECODER = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
const UTF8_ENCODER = new TextEncoder();

// A JS string with a lone surrogate has no UTF-8 form; TextEncoder would silently substitute
// U+FFFD and the value would not survive a round trip, so the encoder refuses it.
function checkWellFormed(s: string, at: number): void {
  if (typeof s !== "string") throw new CodecError("INVALID_VALUE", at, "expected a string");
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = s.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        i++;
        continue;
      }
      throw new CodecError("INVALID_UTF8", at, `lone surrogate at index ${i}`);
    }
    if (c >= 0xdc00 && c <= 0xdfff) throw new CodecError("INVALID_UTF8", at, `lone surrogate at index ${i}`);
  }
}

/** A UTF-8 string: varint byte length (bounded by `cfg`) then strictly valid UTF-8. */
export function utf8(cfg: RangeCfg): Codec<string> {
  const inner = bytes(cfg);
  return {
    encodeSize(v) {
      checkWellFormed(v, 0);
      return inner.encodeSize(UTF8_ENCODER.encode(v));
    },
    write(w, v) {
      checkWellFormed(v, w.length);
      inner.write(w, UTF8_ENCODER.encode(v));
    },
    read(r) {
      const start = r.offset;
      const raw = inner.read(r);
      try {
        return UTF8_DECODER.decode(raw);
      } catch {
        throw new CodecError("INVALID_UTF8", start, "string is not valid UTF-8");
      }
    },
  };
}
