import { CodecError } from "./errors.js";
import { Reader } from "./reader.js";
import { Writer } from "./writer.js";

/**
 * How one type of value maps to bytes and back. `encodeSize` must equal the number of bytes
 * `write` appends; `read` must accept exactly the bytes `write` produces and nothing else, so that
 * decode(encode(x)) = x and encode(decode(b)) = b.
 */
export interface Codec<T> {
  encodeSize(value: T): number;
  write(writer: Writer, value: T): void;
  read(reader: Reader): T;
  /** Set when every value encodes to this many bytes. */
  readonly fixedSize?: number;
}

/** The value type of a codec. */
export type Infer<C> = C extends Codec<infer T> ? T : never;

function checkCodec(codec: unknown): asserts codec is Codec<unknown> {
  const c = codec as Partial<Codec<unknown>> | null;
  if (c === null || typeof c !== "object" || typeof c.write !== "function" || typeof c.read !== "function" || typeof c.encodeSize !== "function") {
    throw new CodecError("INVALID_VALUE", 0, "codec must be a Codec");
  }
}

/** The canonical encoding of `value`, in a buffer sized exactly. */
export function encode<T>(codec: Codec<T>, value: T): Uint8Array {
  checkCodec(codec);
  const writer = new Writer(codec.encodeSize(value));
  codec.write(writer, value);
  return writer.finish();
}

/** Decodes `bytes` as one value, strictly: every byte must be consumed. */
export function decode<T>(codec: Codec<T>, bytes: Uint8Array): T {
  checkCodec(codec);
  const reader = new Reader(bytes);
  const value = codec.read(reader);
  reader.end();
  return value;
}

/** Like `decode`, but reads a prefix and reports how many bytes it used. */
export function decodePrefix<T>(codec: Codec<T>, bytes: Uint8Array): { value: T; bytesRead: number } {
  checkCodec(codec);
  const reader = new Reader(bytes);
  const value = codec.read(reader);
  return { value, bytesRead: reader.offset };
}
