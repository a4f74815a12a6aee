import type { Codec, Infer } from "../codec.js";
import { encode } from "../codec.js";
import { compareBytes } from "../bytes.js";
import { CodecError } from "../errors.js";
import { inRange, type RangeCfg } from "../range.js";
import { varintSizeNumber } from "../varint.js";

/** Option<T>: tag 0x00 (absent, encoded as `null`) or 0x01 followed by the value. */
export function option<T>(inner: Codec<T>): Codec<T | null> {
  return {
    encodeSize: (v) => (v === null ? 1 : 1 + inner.encodeSize(v)),
    write(w, v) {
      if (v === null) {
        w.u8(0);
      } else {
        w.u8(1);
        inner.write(w, v);
      }
    },
    read(r) {
      const start = r.offset;
      const tag = r.u8();
      if (tag === 0) return null;
      if (tag === 1) return inner.read(r);
      throw new CodecError("INVALID_OPTION_TAG", start, `tag 0x${tag.toString(16).padStart(2, "0")}`);
    },
  };
}

function checkCount(len: number, cfg: RangeCfg, at: number): void {
  if (!inRange(cfg, len)) {
    throw new CodecError("LENGTH_OUT_OF_RANGE", at, `length ${len} not in [${cfg.min}, ${cfg.max}]`);
  }
}

function requireArray(v: unknown, at: number): asserts v is readonly unknown[] {
  if (!Array.isArray(v)) throw new CodecError("INVALID_VALUE", at, "expected an array");
}

/** Vec<T>: varint element count (bounded by `cfg`), then the elements. */
export function vec<T>(inner: Codec<T>, cfg: RangeCfg): Codec<readonly T[]> {
  return {
    encodeSize(v) {
      requireArray(v, 0);
      checkCount(v.length, cfg, 0);
      let size = varintSizeNumber(v.length);
      if (inner.fixedSize !== undefined) return size + inner.fixedSize * v.length;
      for (const item of v) size += inner.encodeSize(item);
      return size;
    },
    write(w, v) {
      requireArray(v, w.length);
      checkCount(v.length, cfg, w.length);
      w.varint32(v.length);
      for (const item of v) inner.write(w, item);
    },
    read(r) {
      const start = r.offset;
      const len = r.length(cfg);
      // Elements of known size must all fit in what is left: refuse before allocating.
      if (inner.fixedSize !== undefined && inner.fixedSize > 0 && len * inner.fixedSize > r.remaining) {
        throw new CodecError("END_OF_BUFFER", start, `${len} elements do not fit in ${r.remaining} bytes`);
      }
      const out: T[] = [];
      for (let i = 0; i < len; i++) out.push(inner.read(r));
      return out;
    },
  };
}

type TupleValue<Cs extends readonly Codec<unknown>[]> = { -readonly [K in keyof Cs]: Infer<Cs[K]> };

/** A fixed sequence of differently-typed values, concatenated with no framing. */
export function tuple<const Cs extends readonly Codec<any>[]>(codecs: Cs): Codec<TupleValue<Cs>> {
  const fixed = codecs.every((c) => c.fixedSize !== undefined) ? codecs.reduce((sum, c) => sum + c.fixedSize!, 0) : undefined;
  return {
    ...(fixed === undefined ? {} : { fixedSize: fixed }),
    encodeSize(v) {
      requireArray(v, 0);
      if (v.length !== codecs.length) throw new CodecError("INVALID_VALUE", 0, `expected a ${codecs.length}-tuple`);
      let size = 0;
      for (let i = 0; i < codecs.length; i++) size += codecs[i]!.encodeSize(v[i]);
      return size;
    },
    write(w, v) {
      requireArray(v, w.length);
      if (v.length !== codecs.length) throw new CodecError("INVALID_VALUE", w.length, `expected a ${codecs.length}-tuple`);
      for (let i = 0; i < codecs.length; i++) codecs[i]!.write(w, v[i]);
    },
    read(r) {
      const out: unknown[] = [];
      for (const c of codecs) out.push(c.read(r));
      return out as TupleValue<Cs>;
    },
  };
}

type StructValue<S extends Record<string, Codec<any>>> = { [K in keyof S]: Infer<S[K]> };

/**
 * A record whose fields are encoded in declaration order with no framing. Field names that look
 * like array indices are refused, because JavaScript would reorder them ahead of the others.
 */
export function struct<const S extends Record<string, Codec<any>>>(fields: S): Codec<StructValue<S>> {
  const entries = Object.entries(fields);
  for (const [name] of entries) {
    if (/^(0|[1-9][0-9]*)$/.test(name)) {
      throw new CodecError("INVALID_VALUE", 0, `struct field name ${name} would not keep its declared order`);
    }
  }
  const fixed = entries.every(([, c]) => c.fixedSize !== undefined) ? entries.reduce((sum, [, c]) => sum + c.fixedSize!, 0) : undefined;
  const requireObject = (v: unknown, at: number): void => {
    if (v === null || typeof v !== "object") throw new CodecError("INVALID_VALUE", at, "expected an object");
  };
  return {
    ...(fixed === undefined ? {} : { fixedSize: fixed }),
    encodeSize(v) {
      requireObject(v, 0);
      let size = 0;
      for (const [name, c] of entries) size += c.encodeSize((v as Record<string, unknown>)[name]);
      return size;
    },
    write(w, v) {
      requireObject(v, w.length);
      for (const [name, c] of entries) c.write(w, (v as Record<string, unknown>)[name]);
    },
    read(r) {
      const out: Record<string, unknown> = {};
      for (const [name, c] of entries) out[name] = c.read(r);
      return out as StructValue<S>;
    },
  };
}

/** One case of a `variant`: its u8 discriminant and the codec of its body. */
export interface VariantCase<T> {
  readonly tag: number;
  readonly codec: Codec<T>;
}

type VariantValue<Cases extends Record<string, VariantCase<any>>> = {
  [K in keyof Cases & string]: { readonly type: K; readonly value: Infer<Cases[K]["codec"]> };
}[keyof Cases & string];

/**
 * A tagged union (a Rust enum): one u8 discriminant, then the body of that case. Values are
 * `{ type, value }`; a discriminant that names no case is UNKNOWN_DISCRIMINANT.
 */
export function variant<const Cases extends Record<string, VariantCase<any>>>(cases: Cases): Codec<VariantValue<Cases>> {
  const byTag = new Map<number, [string, Codec<unknown>]>();
  for (const [type, c] of Object.entries(cases)) {
    if (!Number.isInteger(c.tag) || c.tag < 0 || c.tag > 0xff) {
      throw new CodecError("INVALID_VALUE", 0, `variant ${type}: tag must be a u8`);
    }
    if (byTag.has(c.tag)) throw new CodecError("INVALID_VALUE", 0, `variant ${type}: tag ${c.tag} used twice`);
    byTag.set(c.tag, [type, c.codec]);
  }
  const caseOf = (v: unknown, at: number): VariantCase<unknown> => {
    const type = (v as { type?: unknown } | null)?.type;
    const c = typeof type === "string" && Object.hasOwn(cases, type) ? cases[type] : undefined;
    if (c === undefined) throw new CodecError("INVALID_VALUE", at, `unknown variant type ${String(type)}`);
    return c;
  };
  return {
    encodeSize(v) {
      return 1 + caseOf(v, 0).codec.encodeSize(v.value);
    },
    write(w, v) {
      const c = caseOf(v, w.length);
      w.u8(c.tag);
      c.codec.write(w, v.value);
    },
    read(r) {
      const start = r.offset;
      const tag = r.u8();
      const found = byTag.get(tag);
      if (found === undefined) throw new CodecError("UNKNOWN_DISCRIMINANT", start, `tag ${tag}`);
      return { type: found[0], value: found[1].read(r) } as VariantValue<Cases>;
    },
  };
}

/**
 * A map as a list of entries: varint count (bounded by `cfg`), then key/value pairs with keys in
 * strictly ascending order of their encodings. The encoder sorts (and refuses duplicate keys);
 * the decoder refuses unsorted or repeated keys, so each map has exactly one encoding.
 */
export function map<K, V>(keyCodec: Codec<K>, valueCodec: Codec<V>, cfg: RangeCfg): Codec<ReadonlyArray<readonly [K, V]>> {
  const sortedEncodedKeys = (v: ReadonlyArray<readonly [K, V]>, at: number): Array<[Uint8Array, number]> => {
    requireArray(v, at);
    checkCount(v.length, cfg, at);
    const keyed = v.map((entry, i): [Uint8Array, number] => {
      requireArray(entry, at);
      return [encode(keyCodec, entry[0]), i];
    });
    keyed.sort((a, b) => compareBytes(a[0], b[0]));
    for (let i = 1; i < keyed.length; i++) {
      if (compareBytes(keyed[i - 1]![0], keyed[i]![0]) === 0) {
        throw new CodecError("DUPLICATE_MAP_KEY", at, `entries ${keyed[i - 1]![1]} and ${keyed[i]![1]} share a key`);
      }
    }
    return keyed;
  };
  return {
    encodeSize(v) {
      const keyed = sortedEncodedKeys(v, 0);
      let size = varintSizeNumber(v.length);
      for (const [k, i] of keyed) size += k.length + valueCodec.encodeSize(v[i]![1]);
      return size;
    },
    write(w, v) {
      const keyed = sortedEncodedKeys(v, w.length);
      w.varint32(v.length);
      for (const [k, i] of keyed) {
        w.bytes(k);
        valueCodec.write(w, v[i]![1]);
      }
    },
    read(r) {
      const len = r.length(cfg);
      const out: Array<readonly [K, V]> = [];
      let previous: Uint8Array | undefined;
      for (let i = 0; i < len; i++) {
        const keyStart = r.offset;
        const key = keyCodec.read(r);
        // Decoding is strict, so the bytes just consumed are the key's one canonical encoding.
        const keyBytes = r.consumedSince(keyStart);
        if (previous !== undefined) {
          const order = compareBytes(previous, keyBytes);
          if (order === 0) throw new CodecError("DUPLICATE_MAP_KEY", keyStart);
          if (order > 0) throw new CodecError("UNSORTED_MAP", keyStart);
        }
        previous = keyBytes;
        out.push([key, valueCodec.read(r)]);
      }
      return out;
    },
  };
}

/**
 * A codec for `T` built on a codec for its wire shape `W`: `from` checks and converts a decoded
 * wire value (throwing a CodecError to reject it), `to` converts back for encoding.
 */
export function transform<W, T>(inner: Codec<W>, from: (wire: W) => T, to: (value: T) => W): Codec<T> {
  return {
    ...(inner.fixedSize === undefined ? {} : { fixedSize: inner.fixedSize }),
    encodeSize: (v) => inner.encodeSize(to(v)),
    write: (w, v) => inner.write(w, to(v)),
    read: (r) => from(inner.read(r)),
  };
}
