// The strict reader of canonical CBOR (cips/canonical-encoding.md): one walk over the bytes that
// enforces every byte rule (shortest heads, definite lengths, lengths that fit the input, map keys
// and set items in strictly increasing byte order, canonical bignums, our tags only, 8-byte floats,
// no NaN, no unused simple values, a depth limit, no trailing bytes) and hands each item to a sink
// that builds values. decodeCbor's sink builds JS values; @cowboy/pvm's builds Python values and
// charges memory at each hook, before it builds. A broken rule throws CborError (reason, offset,
// detail and, where the message needs one, the offending number in `value`); a sink may throw its
// own errors, which pass through untouched.
import { CborError } from "./errors.js";
import { CBOR_INT_LIMIT, CBOR_MAX_DEPTH, CBOR_TAG_FROZENSET, CBOR_TAG_SET, CBOR_TAG_TUPLE } from "./model.js";

/**
 * What the walk calls, in input order. Hooks that take `at` get the offset of the item, for the
 * sink's own errors (an unhashable or Python-equal key). `V` is a built value, `M` a map being
 * built, `S` a set being built.
 */
export interface CborSink<V, M, S> {
  /** An integer; `bignumBytes` is the length of a tag 2/3 bignum's magnitude, 0 for a plain one. */
  int(v: bigint, bignumBytes: number): V;
  /** A byte string: `view` aliases the input, so copy what is kept. */
  bytes(view: Uint8Array): V;
  /** A text string's bytes, not yet checked; decode them with cborText and refuse a null result. */
  text(view: Uint8Array, at: number): V;
  /** A float64 (never NaN). */
  float(x: number): V;
  bool(b: boolean): V;
  none(): V;
  /** A list (`tuple` false) or tuple of `n` items begins; its items follow, then arrayEnd. */
  arrayStart(n: number, tuple: boolean): void;
  arrayEnd(items: V[], tuple: boolean): V;
  mapStart(n: number): M;
  /** A key has been read (its bytes are in order); its value is read next. */
  mapKey(m: M, key: V, at: number): void;
  mapSet(m: M, key: V, value: V, at: number): void;
  mapEnd(m: M): V;
  setStart(n: number, frozen: boolean): S;
  /** An item has been read (its bytes are in order). */
  setAdd(s: S, item: V, at: number): void;
  setEnd(s: S): V;
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** The text held by UTF-8 bytes, or null when they are not valid UTF-8. */
export function cborText(view: Uint8Array): string | null {
  // Short ASCII (keys, names, symbols: most text in actor values) skips TextDecoder's call overhead.
  const n = view.length;
  if (n <= 32) {
    let s = "";
    let i = 0;
    for (; i < n; i++) {
      const c = view[i]!;
      if (c > 0x7f) break;
      s += String.fromCharCode(c);
    }
    if (i === n) return s;
  }
  try {
    return utf8.decode(view);
  } catch {
    return null;
  }
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));

function fail(reason: ConstructorParameters<typeof CborError>[0], at: number, detail: string, value?: number | bigint): never {
  throw new CborError(reason, at, detail, value);
}

class Walk<V, M, S> {
  at = 0;
  /** Major type, additional information, start offset and argument of the last head read. */
  major = 0;
  info = 0;
  start = 0;
  arg = 0;
  big = 0n;
  readonly view: DataView;
  constructor(
    readonly b: Uint8Array,
    readonly sink: CborSink<V, M, S>,
  ) {
    this.view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  }

  /** Reads a head, refusing reserved and indefinite forms and arguments not in their shortest form. */
  head(): void {
    const start = (this.start = this.at);
    const b = this.b;
    if (start >= b.length) fail("truncated", start, "expected a data item");
    const first = b[start]!;
    const major = (this.major = first >> 5);
    const info = (this.info = first & 31);
    if (info < 24) {
      this.at = start + 1;
      this.arg = info;
      this.big = -1n;
      return;
    }
    if (info === 31) fail("indefinite-length", start, "indefinite lengths are not canonical");
    if (info > 27) fail("reserved-info", start, `additional information ${info} is reserved`, info);
    const size = 1 << (info - 24);
    if (start + 1 + size > b.length) fail("truncated", start, `a head needs ${size} more bytes`);
    this.at = start + 1 + size;
    this.big = -1n;
    if (major === 7) return;
    let arg: number;
    if (info === 24) arg = b[start + 1]!;
    else if (info === 25) arg = this.view.getUint16(start + 1);
    else if (info === 26) arg = this.view.getUint32(start + 1);
    else {
      this.big = this.view.getBigUint64(start + 1);
      arg = Number(this.big);
    }
    this.arg = arg;
    if (arg < (info === 24 ? 24 : 2 ** (4 * size))) fail("non-minimal-head", start, `${this.bigArg()} fits a shorter head`);
  }

  /** The exact argument of the last head. */
  bigArg(): bigint {
    return this.big >= 0n ? this.big : BigInt(this.arg);
  }

  /** The last head's argument as a length whose elements (each at least `unit` bytes) fit the input. */
  len(unit: number): number {
    if (this.arg > (this.b.length - this.at) / unit) fail("truncated", this.start, `length ${this.bigArg()} runs past the end of the input`);
    return this.arg;
  }

  item(depth: number): V {
    if (depth > CBOR_MAX_DEPTH) fail("too-deep", this.at, `values nest deeper than ${CBOR_MAX_DEPTH} levels`);
    this.head();
    const sink = this.sink;
    switch (this.major) {
      case 0:
        return sink.int(this.bigArg(), 0);
      case 1:
        return sink.int(-1n - this.bigArg(), 0);
      case 2: {
        const n = this.len(1);
        const at = this.at;
        this.at += n;
        return sink.bytes(this.b.subarray(at, at + n));
      }
      case 3: {
        const start = this.start;
        const n = this.len(1);
        const at = this.at;
        this.at += n;
        return sink.text(this.b.subarray(at, at + n), start);
      }
      case 4:
        return this.array(depth, false);
      case 5: {
        const n = this.len(2);
        const m = sink.mapStart(n);
        let prev = -1;
        let prevEnd = -1;
        for (let i = 0; i < n; i++) {
          const k0 = this.at;
          const k = this.item(depth + 1);
          this.inOrder(prev, prevEnd, k0);
          prev = k0;
          prevEnd = this.at;
          sink.mapKey(m, k, k0);
          sink.mapSet(m, k, this.item(depth + 1), k0);
        }
        return sink.mapEnd(m);
      }
      case 6:
        return this.tagged(depth);
      default:
        return this.simple();
    }
  }

  /** Refuses a key (or set item) at k0..this.at that does not sort strictly after the one at prev..prevEnd. */
  inOrder(prev: number, prevEnd: number, k0: number): void {
    if (prev < 0) return;
    const b = this.b;
    const la = prevEnd - prev;
    const lb = this.at - k0;
    const n = la < lb ? la : lb;
    let c = 0;
    for (let i = 0; i < n && c === 0; i++) c = b[prev + i]! - b[k0 + i]!;
    if (c === 0) c = la - lb;
    if (c >= 0) fail(c === 0 ? "duplicate-key" : "unsorted-keys", k0, c === 0 ? "a map key or set item repeats" : "map keys and set items must be sorted by their encodings");
  }

  /** The array under the last head: a list, or (after a tuple tag) a tuple. */
  array(depth: number, tuple: boolean): V {
    const n = this.len(1);
    this.sink.arrayStart(n, tuple);
    const items = new Array<V>(n);
    for (let i = 0; i < n; i++) items[i] = this.item(depth + 1);
    return this.sink.arrayEnd(items, tuple);
  }

  tagged(depth: number): V {
    const tagStart = this.start;
    const tag = this.bigArg();
    if (tag === 2n || tag === 3n) {
      this.head();
      if (this.major !== 2) fail("bad-tag-content", tagStart, "a bignum tag wraps a byte string");
      const n = this.len(1);
      const b = this.b.subarray(this.at, this.at + n);
      this.at += n;
      if (n === 0 || b[0] === 0) fail("bad-bignum", tagStart, "bignum bytes are empty or start with a zero byte");
      if (n <= 8) fail("bad-bignum", tagStart, "a bignum below 2**64 must be a plain integer");
      if (n > 512) fail("int-too-large", tagStart, "integers are bounded by |v| < 2**4096");
      let hex = "0x";
      for (let i = 0; i < n; i++) hex += HEX[b[i]!]!;
      const m = BigInt(hex);
      const v = tag === 2n ? m : -1n - m;
      if (v >= CBOR_INT_LIMIT || v <= -CBOR_INT_LIMIT) fail("int-too-large", tagStart, "integers are bounded by |v| < 2**4096");
      return this.sink.int(v, n);
    }
    if (tag === BigInt(CBOR_TAG_TUPLE)) {
      this.head();
      if (this.major !== 4) fail("bad-tag-content", tagStart, "a tuple tag wraps an array");
      return this.array(depth, true);
    }
    if (tag === BigInt(CBOR_TAG_SET) || tag === BigInt(CBOR_TAG_FROZENSET)) {
      this.head();
      if (this.major !== 4) fail("bad-tag-content", tagStart, "a set tag wraps an array");
      const n = this.len(1);
      const sink = this.sink;
      const s = sink.setStart(n, tag === BigInt(CBOR_TAG_FROZENSET));
      let prev = -1;
      let prevEnd = -1;
      for (let i = 0; i < n; i++) {
        const k0 = this.at;
        const k = this.item(depth + 1);
        this.inOrder(prev, prevEnd, k0);
        prev = k0;
        prevEnd = this.at;
        sink.setAdd(s, k, k0);
      }
      return sink.setEnd(s);
    }
    return fail("unknown-tag", tagStart, `tag ${tag} is not used`, tag);
  }

  simple(): V {
    switch (this.info) {
      case 20:
        return this.sink.bool(false);
      case 21:
        return this.sink.bool(true);
      case 22:
        return this.sink.none();
      case 27: {
        const x = this.view.getFloat64(this.start + 1);
        if (Number.isNaN(x)) fail("nan", this.start, "nan has no canonical encoding");
        return this.sink.float(x);
      }
      case 25:
      case 26:
        return fail("short-float", this.start, "floats are encoded in 8 bytes");
      default: {
        const simple = this.info === 24 ? this.b[this.start + 1]! : this.info;
        return fail("simple-value", this.start, `simple value ${simple} is not used`, simple);
      }
    }
  }
}

/**
 * Walks the one canonical item that `bytes` must hold, calling `sink` for each item, and returns
 * what the sink built for it. Throws CborError for a broken rule or bytes after the item. The
 * caller bounds the input size first (decodeCbor's maxBytes).
 */
export function walkCbor<V, M, S>(bytes: Uint8Array, sink: CborSink<V, M, S>): V {
  const w = new Walk(bytes, sink);
  const v = w.item(0);
  if (w.at !== bytes.length) fail("trailing-bytes", w.at, `${bytes.length - w.at} bytes after the value`);
  return v;
}
