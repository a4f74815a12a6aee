// Canonical CBOR bytes → JS value (cips/canonical-encoding.md). Strict: accepts exactly the byte
// strings encodeCbor produces (and the PVM accepts); everything else is a CborError with the offset
// of the offending item and a reason.
import { abytes } from "../bytes.js";
import { CodecError } from "../errors.js";
import { CborError, type CborReason } from "./errors.js";
import {
  CBOR_DEFAULT_MAX_BYTES,
  CBOR_INT_LIMIT,
  CBOR_MAX_DEPTH,
  CBOR_TAG_FROZENSET,
  CBOR_TAG_SET,
  CBOR_TAG_TUPLE,
  CborFloat,
  CborSet,
  CborTuple,
  type CborValue,
} from "./model.js";
import { pyKey } from "./pykey.js";
import { compareBytes } from "./util.js";

export interface DecodeCborOptions {
  /** Inputs longer than this are refused before any work (default 10 MiB). */
  readonly maxBytes?: number;
}

const utf8 = new TextDecoder("utf-8", { fatal: true });
const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));

function fail(reason: CborReason, at: number, detail: string): never {
  throw new CborError(reason, at, detail);
}

class Reader {
  at = 0;
  /** Major type, additional information, start offset and argument of the last head read. */
  major = 0;
  info = 0;
  start = 0;
  arg = 0;
  big = 0n;
  readonly view: DataView;
  constructor(readonly b: Uint8Array) {
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
    if (info > 27) fail("reserved-info", start, `additional information ${info} is reserved`);
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
}

function decodeItem(r: Reader, depth: number): CborValue {
  if (depth > CBOR_MAX_DEPTH) fail("too-deep", r.at, `values nest deeper than ${CBOR_MAX_DEPTH} levels`);
  r.head();
  switch (r.major) {
    case 0:
      return r.bigArg();
    case 1:
      return -1n - r.bigArg();
    case 2: {
      const n = r.len(1);
      const out = r.b.slice(r.at, r.at + n);
      r.at += n;
      return out;
    }
    case 3: {
      const start = r.start;
      const n = r.len(1);
      const at = r.at;
      r.at += n;
      try {
        return utf8.decode(r.b.subarray(at, at + n));
      } catch {
        return fail("invalid-utf8", start, "text is not valid UTF-8");
      }
    }
    case 4: {
      const n = r.len(1);
      const items = new Array<CborValue>(n);
      for (let i = 0; i < n; i++) items[i] = decodeItem(r, depth + 1);
      return items;
    }
    case 5: {
      const n = r.len(2);
      const m = new Map<CborValue, CborValue>();
      // A JS Map folds the key -0 into +0: a -0.0 key is kept exact in a CborFloat box.
      decodeKeyed(r, n, depth + 1, (k) => m.set(Object.is(k, -0) ? new CborFloat(-0) : k, decodeItem(r, depth + 1)));
      return m;
    }
    case 6:
      return decodeTagged(r, depth);
    default:
      return decodeSimple(r);
  }
}

/** Reads `n` keys (map keys or set items) in strictly increasing byte order, pairwise unequal in Python. */
function decodeKeyed(r: Reader, n: number, depth: number, onKey: (k: CborValue) => void): void {
  let prev = -1;
  let prevEnd = -1;
  let seen: Set<string> | null = null;
  for (let i = 0; i < n; i++) {
    const k0 = r.at;
    const k = decodeItem(r, depth);
    const k1 = r.at;
    if (prev >= 0) {
      const c = compareBytes(r.b.subarray(prev, prevEnd), r.b.subarray(k0, k1));
      if (c >= 0) fail(c === 0 ? "duplicate-key" : "unsorted-keys", k0, c === 0 ? "a map key or set item repeats" : "map keys and set items must be sorted by their encodings");
    }
    prev = k0;
    prevEnd = k1;
    if (typeof k !== "string") {
      const id = pyKey(k);
      if (id === null) fail("unhashable-key", k0, "a map key or set item must be hashable (no list, dict or set)");
      seen ??= new Set();
      if (seen.has(id)) fail("duplicate-key", k0, "equal in Python to an earlier key or item");
      seen.add(id);
    }
    onKey(k);
  }
}

function decodeTagged(r: Reader, depth: number): CborValue {
  const tagStart = r.start;
  const tag = r.bigArg();
  if (tag === 2n || tag === 3n) {
    r.head();
    if (r.major !== 2) fail("bad-tag-content", tagStart, "a bignum tag wraps a byte string");
    const n = r.len(1);
    const b = r.b.subarray(r.at, r.at + n);
    r.at += n;
    if (n === 0 || b[0] === 0) fail("bad-bignum", tagStart, "bignum bytes are empty or start with a zero byte");
    if (n <= 8) fail("bad-bignum", tagStart, "a bignum below 2**64 must be a plain integer");
    if (n > 512) fail("int-too-large", tagStart, "integers are bounded by |v| < 2**4096");
    let hex = "0x";
    for (let i = 0; i < n; i++) hex += HEX[b[i]!]!;
    const m = BigInt(hex);
    const v = tag === 2n ? m : -1n - m;
    if (v >= CBOR_INT_LIMIT || v <= -CBOR_INT_LIMIT) fail("int-too-large", tagStart, "integers are bounded by |v| < 2**4096");
    return v;
  }
  if (tag === BigInt(CBOR_TAG_TUPLE)) {
    r.head();
    if (r.major !== 4) fail("bad-tag-content", tagStart, "a tuple tag wraps an array");
    const n = r.len(1);
    const items = new Array<CborValue>(n);
    for (let i = 0; i < n; i++) items[i] = decodeItem(r, depth + 1);
    return new CborTuple(items);
  }
  if (tag === BigInt(CBOR_TAG_SET) || tag === BigInt(CBOR_TAG_FROZENSET)) {
    r.head();
    if (r.major !== 4) fail("bad-tag-content", tagStart, "a set tag wraps an array");
    const n = r.len(1);
    const items: CborValue[] = [];
    decodeKeyed(r, n, depth + 1, (k) => items.push(k));
    return new CborSet(items, tag === BigInt(CBOR_TAG_FROZENSET));
  }
  return fail("unknown-tag", tagStart, `tag ${tag} is not used`);
}

function decodeSimple(r: Reader): CborValue {
  switch (r.info) {
    case 20:
      return false;
    case 21:
      return true;
    case 22:
      return null;
    case 27: {
      const x = r.view.getFloat64(r.start + 1);
      if (Number.isNaN(x)) fail("nan", r.start, "nan has no canonical encoding");
      return x;
    }
    case 25:
    case 26:
      return fail("short-float", r.start, "floats are encoded in 8 bytes");
    default:
      return fail("simple-value", r.start, `simple value ${r.info === 24 ? r.b[r.start + 1] : r.info} is not used`);
  }
}

/**
 * The value canonically encoded by `bytes`. Throws CborError (a CodecError with `reason` and
 * `offset`) for anything non-canonical, truncated, followed by trailing bytes or over `maxBytes`.
 */
export function decodeCbor(bytes: Uint8Array, opts: DecodeCborOptions = {}): CborValue {
  abytes(bytes, "decodeCbor: bytes");
  if (opts === null || typeof opts !== "object") throw new CodecError("INVALID_VALUE", 0, "decodeCbor: opts must be an object");
  const max = opts.maxBytes ?? CBOR_DEFAULT_MAX_BYTES;
  if (!Number.isSafeInteger(max) || max < 0) throw new CodecError("INVALID_VALUE", 0, `decodeCbor: opts.maxBytes must be a non-negative integer, got ${String(max)}`);
  if (bytes.length > max) fail("too-large", 0, `${bytes.length} bytes, at most ${max}`);
  const r = new Reader(bytes);
  const v = decodeItem(r, 0);
  if (r.at !== bytes.length) fail("trailing-bytes", r.at, `${bytes.length - r.at} bytes after the value`);
  return v;
}
