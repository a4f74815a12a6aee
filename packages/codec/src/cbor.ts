// Canonical CBOR for wallets, the CLI and the node (cips/canonical-encoding.md): the same bytes the
// PVM produces for actor arguments, return values and storage. Deterministic on encode (shortest
// heads, definite lengths, map keys and set items sorted by their encoded bytes), strict on decode.
import { CodecError } from "./errors.js";

/** Our own tags for Python's tuple and frozenset; 258 (a registered tag) is a set. */
export const CBOR_TAG_TUPLE = 24601;
export const CBOR_TAG_FROZENSET = 24602;
const TAG_SET = 258;
export const CBOR_MAX_DEPTH = 64;
const U64 = 1n << 64n;
/** The PVM's int width: wider integers are refused. */
const MAX_INT_BITS = 4096;

/** A Python tuple. */
export class CborTuple {
  constructor(readonly items: readonly CborValue[]) {}
}
/** A Python set (or frozenset). */
export class CborSet {
  constructor(
    readonly items: readonly CborValue[],
    readonly frozen = false,
  ) {}
}

/**
 * The JS face of canonical values: null, boolean, bigint (int), number (float64), string,
 * Uint8Array (bytes), arrays (list), CborTuple, CborSet, Map (dict with any keys) and plain objects
 * (dict with string keys).
 */
export type CborValue = null | boolean | bigint | number | string | Uint8Array | CborValue[] | CborTuple | CborSet | Map<CborValue, CborValue> | { [key: string]: CborValue };

const utf8 = new TextEncoder();
const utf8Strict = new TextDecoder("utf-8", { fatal: true });

function compare(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

function head(out: number[], major: number, n: bigint): void {
  const m = major << 5;
  if (n < 24n) out.push(m | Number(n));
  else if (n < 0x100n) out.push(m | 24, Number(n));
  else if (n < 0x10000n) out.push(m | 25, Number(n >> 8n), Number(n & 0xffn));
  else if (n < 0x100000000n) out.push(m | 26, ...[24n, 16n, 8n, 0n].map((s) => Number((n >> s) & 0xffn)));
  else out.push(m | 27, ...[56n, 48n, 40n, 32n, 24n, 16n, 8n, 0n].map((s) => Number((n >> s) & 0xffn)));
}

function bigBytes(n: bigint): number[] {
  let h = n.toString(16);
  if (h.length % 2) h = "0" + h;
  const out: number[] = [];
  for (let i = 0; i < h.length; i += 2) out.push(parseInt(h.slice(i, i + 2), 16));
  return out;
}

function encodeInto(out: number[], v: CborValue, depth: number): void {
  if (depth > CBOR_MAX_DEPTH) throw new CodecError("INVALID_VALUE", 0, `values nest deeper than ${CBOR_MAX_DEPTH}`);
  if (v === null) return void out.push(0xf6);
  switch (typeof v) {
    case "boolean":
      return void out.push(v ? 0xf5 : 0xf4);
    case "bigint": {
      const neg = v < 0n;
      const m = neg ? -1n - v : v;
      if (m < U64) return head(out, neg ? 1 : 0, m);
      if (m.toString(2).length > MAX_INT_BITS) throw new CodecError("INVALID_VALUE", 0, `integer wider than ${MAX_INT_BITS} bits`);
      head(out, 6, neg ? 3n : 2n);
      const b = bigBytes(m);
      head(out, 2, BigInt(b.length));
      return void out.push(...b);
    }
    case "number": {
      if (Number.isNaN(v)) throw new CodecError("INVALID_VALUE", 0, "nan has no canonical encoding");
      const b = new Uint8Array(8);
      new DataView(b.buffer).setFloat64(0, v);
      return void out.push(0xfb, ...b);
    }
    case "string": {
      if (/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(v)) throw new CodecError("INVALID_VALUE", 0, "a string with lone surrogates has no canonical encoding");
      const b = utf8.encode(v);
      head(out, 3, BigInt(b.length));
      return void out.push(...b);
    }
  }
  if (v instanceof Uint8Array) {
    head(out, 2, BigInt(v.length));
    for (const x of v) out.push(x);
    return;
  }
  if (Array.isArray(v)) {
    head(out, 4, BigInt(v.length));
    for (const x of v) encodeInto(out, x, depth + 1);
    return;
  }
  if (v instanceof CborTuple) {
    head(out, 6, BigInt(CBOR_TAG_TUPLE));
    head(out, 4, BigInt(v.items.length));
    for (const x of v.items) encodeInto(out, x, depth + 1);
    return;
  }
  if (v instanceof CborSet) {
    const items = v.items.map((x) => encodeAt(x, depth + 1)).sort(compare);
    for (let i = 1; i < items.length; i++) if (compare(items[i - 1]!, items[i]!) === 0) throw new CodecError("INVALID_VALUE", 0, "a set holds the same item twice");
    head(out, 6, BigInt(v.frozen ? CBOR_TAG_FROZENSET : TAG_SET));
    head(out, 4, BigInt(items.length));
    for (const x of items) out.push(...x);
    return;
  }
  const entries: [CborValue, CborValue][] = v instanceof Map ? [...v] : Object.entries(v);
  const pairs = entries.map(([k, x]) => [encodeAt(k, depth + 1), encodeAt(x, depth + 1)] as const).sort((a, b) => compare(a[0], b[0]));
  for (let i = 1; i < pairs.length; i++) if (compare(pairs[i - 1]![0], pairs[i]![0]) === 0) throw new CodecError("INVALID_VALUE", 0, "a map holds the same key twice");
  head(out, 5, BigInt(pairs.length));
  for (const [k, x] of pairs) out.push(...k, ...x);
}

function encodeAt(v: CborValue, depth: number): Uint8Array {
  const out: number[] = [];
  encodeInto(out, v, depth);
  return new Uint8Array(out);
}

/** The canonical encoding of `value`. */
export function encodeCbor(value: CborValue): Uint8Array {
  return encodeAt(value, 0);
}

class In {
  at = 0;
  constructor(readonly b: Uint8Array) {}
  fail(msg: string, at = this.at): never {
    throw new CodecError("INVALID_VALUE", at, `non-canonical or malformed CBOR: ${msg}`);
  }
  take(n: number): Uint8Array {
    if (n > this.b.length - this.at) throw new CodecError("END_OF_BUFFER", this.at, `needed ${n} more bytes`);
    const out = this.b.subarray(this.at, this.at + n);
    this.at += n;
    return out;
  }
  head(): { major: number; arg: bigint; info: number; start: number } {
    const start = this.at;
    const first = this.take(1)[0]!;
    const major = first >> 5;
    const info = first & 31;
    if (info < 24) return { major, arg: BigInt(info), info, start };
    if (info > 27) this.fail(info === 31 ? "indefinite length" : `reserved additional information ${info}`, start);
    if (major === 7) {
      if (info === 27) this.take(8);
      return { major, arg: 0n, info, start };
    }
    const size = 1 << (info - 24);
    let arg = 0n;
    for (const x of this.take(size)) arg = (arg << 8n) | BigInt(x);
    if (arg < (info === 24 ? 24n : 1n << BigInt(4 * size))) this.fail("head not in its shortest form", start);
    return { major, arg, info, start };
  }
}

function decodeFrom(r: In, depth: number): CborValue {
  if (depth > CBOR_MAX_DEPTH) r.fail(`nested deeper than ${CBOR_MAX_DEPTH}`);
  const { major, arg, info, start } = r.head();
  const len = (): number => {
    if (arg > BigInt(r.b.length - r.at)) throw new CodecError("END_OF_BUFFER", r.at, `length ${arg} runs past the end`);
    return Number(arg);
  };
  switch (major) {
    case 0:
      return arg;
    case 1:
      return -1n - arg;
    case 2:
      return r.take(len()).slice();
    case 3:
      try {
        return utf8Strict.decode(r.take(len()));
      } catch (e) {
        if (e instanceof CodecError) throw e;
        throw new CodecError("INVALID_UTF8", start, "text is not UTF-8");
      }
    case 4: {
      const n = len();
      const items: CborValue[] = [];
      for (let i = 0; i < n; i++) items.push(decodeFrom(r, depth + 1));
      return items;
    }
    case 5: {
      const n = len();
      const m = new Map<CborValue, CborValue>();
      let prev: Uint8Array | null = null;
      for (let i = 0; i < n; i++) {
        const ks = r.at;
        const k = decodeFrom(r, depth + 1);
        const kb = r.b.subarray(ks, r.at);
        if (prev !== null && compare(prev, kb) >= 0) throw new CodecError(compare(prev, kb) === 0 ? "DUPLICATE_MAP_KEY" : "UNSORTED_MAP", ks, "map keys must be sorted by their encodings, without repeats");
        prev = kb;
        m.set(k, decodeFrom(r, depth + 1));
      }
      return m;
    }
    case 6: {
      const at = r.at;
      if (arg === 2n || arg === 3n) {
        const b = decodeFrom(r, depth + 1);
        if (!(b instanceof Uint8Array) || b.length === 0 || b[0] === 0) return r.fail("bignum bytes empty or with a leading zero", at);
        const n = BigInt("0x" + Buffer.from(b).toString("hex"));
        if (n < U64) r.fail("bignum below 2**64", at);
        if (n.toString(2).length > MAX_INT_BITS) r.fail(`integer wider than ${MAX_INT_BITS} bits`, at);
        return arg === 2n ? n : -1n - n;
      }
      if (arg === BigInt(CBOR_TAG_TUPLE)) {
        const items = decodeFrom(r, depth + 1);
        if (!Array.isArray(items)) return r.fail("a tuple tag wraps an array", at);
        return new CborTuple(items);
      }
      if (arg === BigInt(TAG_SET) || arg === BigInt(CBOR_TAG_FROZENSET)) {
        const h = r.head();
        if (h.major !== 4) r.fail("a set tag wraps an array", at);
        const items: CborValue[] = [];
        let prev: Uint8Array | null = null;
        for (let i = 0n; i < h.arg; i++) {
          const s = r.at;
          items.push(decodeFrom(r, depth + 1));
          const b = r.b.subarray(s, r.at);
          if (prev !== null && compare(prev, b) >= 0) r.fail("set items out of order or repeated", s);
          prev = b;
        }
        return new CborSet(items, arg === BigInt(CBOR_TAG_FROZENSET));
      }
      return r.fail(`unknown tag ${arg}`, start);
    }
    default:
      if (info === 20) return false;
      if (info === 21) return true;
      if (info === 22) return null;
      if (info === 27) {
        const x = new DataView(r.b.buffer, r.b.byteOffset + r.at - 8, 8).getFloat64(0);
        if (Number.isNaN(x)) r.fail("nan", start);
        return x;
      }
      return r.fail(info === 25 || info === 26 ? "floats take 8 bytes" : `simple value ${info}`, start);
  }
}

/** The value canonically encoded by `bytes`; CodecError on anything non-canonical or truncated. */
export function decodeCbor(bytes: Uint8Array): CborValue {
  if (!(bytes instanceof Uint8Array)) throw new CodecError("INVALID_VALUE", 0, "bytes must be a Uint8Array");
  const r = new In(bytes);
  const v = decodeFrom(r, 0);
  if (r.at !== bytes.length) throw new CodecError("TRAILING_BYTES", r.at, `${bytes.length - r.at} bytes after the value`);
  return v;
}
