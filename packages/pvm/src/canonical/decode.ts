// Canonical CBOR bytes → Python value (cips/canonical-encoding.md). Strict: exactly the byte strings
// the encoder produces are accepted; anything else raises ValueError naming the offset and the rule
// broken. Memory for what is built is charged before building it.
import { COST_TABLE_V1, linearCost } from "@cowboy/metering";
import type { Runtime } from "../runtime/context.js";
import { PyDict, PySet } from "../runtime/dict.js";
import { pyErr } from "../runtime/exceptions.js";
import * as I from "../runtime/int.js";
import { PyBytes, PyFloat, PyList, PyTuple, type Value } from "../runtime/object.js";
import { None, T } from "../runtime/types.js";
import { INT_LIMIT, MAX_DEPTH, TAG_FROZENSET, TAG_NEG_BIGNUM, TAG_POS_BIGNUM, TAG_SET, TAG_TUPLE, U64, bytesToBig, compareBytes } from "./cbor-rules.js";
import { REASONS, type Reason } from "./reasons.js";

/** Memory model of decoded objects, in bytes (the figures the interpreter uses for the same objects). */
const MEM = { bytes: 33, str: 49, float: 24, bigint: 8, list: 56, slot: 8, dict: 64, set: 64 } as const;

/** Default upper bound on the input, matching the PVM's 10 MiB per-call memory limit. */
export const DEFAULT_MAX_DECODE_BYTES = 10 * 1024 * 1024;

export interface DecodeValueOptions {
  /** Inputs longer than this are refused before any work (default 10 MiB). */
  readonly maxBytes?: number;
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

function fail(reason: Reason, at: number, detail?: string): never {
  throw pyErr("ValueError", `invalid canonical encoding at byte ${at}: ${REASONS[reason]}${detail === undefined ? "" : ` (${detail})`}`);
}

interface Head {
  major: number;
  info: number;
  /** The argument; exact below 2**53, a bigint-checked upper bound above (then only used as a length). */
  arg: number;
  big: bigint;
  start: number;
}

class Reader {
  at = 0;
  constructor(
    readonly rt: Runtime,
    readonly b: Uint8Array,
  ) {}

  /** Reads a head, refusing reserved and indefinite forms and arguments not in their shortest form. */
  head(): Head {
    const start = this.at;
    const b = this.b;
    if (start >= b.length) fail("truncated", start, "expected a data item");
    const first = b[start]!;
    const major = first >> 5;
    const info = first & 31;
    if (info < 24) return ((this.at = start + 1), { major, info, arg: info, big: BigInt(info), start });
    if (info === 31) fail("indefinite-length", start);
    if (info > 27) fail("reserved-info", start, `additional information ${info}`);
    const size = 1 << (info - 24);
    if (start + 1 + size > b.length) fail("truncated", start, `a head needs ${size} more bytes`);
    this.at = start + 1 + size;
    if (major === 7) return { major, info, arg: 0, big: 0n, start };
    let big = 0n;
    let arg = 0;
    if (size <= 4) {
      for (let i = 1; i <= size; i++) arg = arg * 256 + b[start + i]!;
      big = BigInt(arg);
    } else {
      big = new DataView(b.buffer, b.byteOffset + start + 1, 8).getBigUint64(0);
      arg = Number(big);
    }
    const min = info === 24 ? 24 : 2 ** (4 * size);
    if (arg < min) fail("non-minimal-head", start, `${big} fits a shorter head`);
    return { major, info, arg, big, start };
  }

  /** A length that must fit in what is left, each element taking at least `unit` bytes. */
  len(h: Head, unit: number): number {
    const left = this.b.length - this.at;
    if (h.arg > left / unit) fail("truncated", h.start, `length ${h.big} runs past the end of the input`);
    return h.arg;
  }
}

/** True when `v` can be a dict key or set item (hashable), checked without calling Python code. */
function hashable(v: Value): boolean {
  if (v instanceof PyTuple) return v.items.every(hashable);
  return !(v instanceof PyList || v instanceof PyDict || (v instanceof PySet && v.cls === T.set));
}

function decodeItem(r: Reader, depth: number): Value {
  if (depth > MAX_DEPTH) fail("too-deep", r.at, `more than ${MAX_DEPTH} levels`);
  const rt = r.rt;
  const h = r.head();
  switch (h.major) {
    case 0:
      return I.norm(h.big);
    case 1:
      return I.norm(-1n - h.big);
    case 2: {
      const n = r.len(h, 1);
      rt.alloc(n + MEM.bytes);
      const b = r.b.slice(r.at, r.at + n);
      r.at += n;
      return new PyBytes(T.bytes, b);
    }
    case 3: {
      const n = r.len(h, 1);
      rt.alloc(n + MEM.str);
      const at = r.at;
      r.at += n;
      try {
        return utf8.decode(r.b.subarray(at, at + n));
      } catch {
        return fail("invalid-utf8", h.start);
      }
    }
    case 4: {
      const n = r.len(h, 1);
      rt.alloc(MEM.list + MEM.slot * n);
      const items: Value[] = new Array<Value>(n);
      for (let i = 0; i < n; i++) items[i] = decodeItem(r, depth + 1);
      return new PyList(T.list, items);
    }
    case 5: {
      const n = r.len(h, 2);
      rt.alloc(MEM.dict);
      const d = new PyDict();
      let prev: Uint8Array | null = null;
      for (let i = 0; i < n; i++) {
        const k0 = r.at;
        const k = decodeItem(r, depth + 1);
        const kb = r.b.subarray(k0, r.at);
        if (prev !== null) {
          const c = compareBytes(prev, kb);
          if (c >= 0) fail(c === 0 ? "duplicate-key" : "unsorted-keys", k0);
        }
        prev = kb;
        if (!hashable(k)) fail("unhashable-key", k0);
        const before = d.table.size;
        d.set(rt, k, decodeItem(r, depth + 1));
        // Distinct encodings of Python-equal keys (1, 1.0, True) would collapse into one entry.
        if (d.table.size === before) fail("duplicate-key", k0, "equal to an earlier key in Python");
      }
      return d;
    }
    case 6:
      return decodeTagged(r, h, depth);
    default:
      return decodeSimple(r, h);
  }
}

function decodeSimple(r: Reader, h: Head): Value {
  switch (h.info) {
    case 20:
      return false;
    case 21:
      return true;
    case 22:
      return None;
    case 27: {
      const x = new DataView(r.b.buffer, r.b.byteOffset + h.start + 1, 8).getFloat64(0);
      if (Number.isNaN(x)) fail("nan", h.start);
      r.rt.alloc(MEM.float);
      return new PyFloat(T.float, x);
    }
    case 25:
    case 26:
      return fail("short-float", h.start);
    default:
      return fail("simple-value", h.start, h.info === 24 ? `simple(${r.b[h.start + 1]})` : `simple(${h.info})`);
  }
}

function decodeTagged(r: Reader, tag: Head, depth: number): Value {
  const rt = r.rt;
  const t = tag.big;
  if (t === BigInt(TAG_POS_BIGNUM) || t === BigInt(TAG_NEG_BIGNUM)) {
    const h = r.head();
    if (h.major !== 2) fail("bad-tag-content", tag.start, "a bignum tag wraps a byte string");
    const n = r.len(h, 1);
    const b = r.b.subarray(r.at, r.at + n);
    r.at += n;
    if (n === 0 || b[0] === 0) fail("bad-bignum", tag.start, "empty or with a leading zero byte");
    if (n <= 8) fail("bad-bignum", tag.start, "below 2**64: a plain integer");
    if (n > 512) fail("int-too-large", tag.start, "more than 4096 bits");
    const m = bytesToBig(b);
    const v = t === BigInt(TAG_POS_BIGNUM) ? m : -1n - m;
    if (v >= INT_LIMIT || v <= -INT_LIMIT) fail("int-too-large", tag.start, "more than 4096 bits");
    rt.alloc(MEM.bigint + n);
    return I.norm(v);
  }
  if (t === BigInt(TAG_TUPLE)) {
    const h = r.head();
    if (h.major !== 4) fail("bad-tag-content", tag.start, "a tuple tag wraps an array");
    const n = r.len(h, 1);
    rt.alloc(MEM.list + MEM.slot * n);
    const items: Value[] = new Array<Value>(n);
    for (let i = 0; i < n; i++) items[i] = decodeItem(r, depth + 1);
    return new PyTuple(T.tuple, items);
  }
  if (t === BigInt(TAG_SET) || t === BigInt(TAG_FROZENSET)) {
    const frozen = t === BigInt(TAG_FROZENSET);
    const h = r.head();
    if (h.major !== 4) fail("bad-tag-content", tag.start, "a set tag wraps an array");
    const n = r.len(h, 1);
    rt.alloc(MEM.set);
    const s = new PySet(frozen ? T.frozenset : T.set, frozen);
    let prev: Uint8Array | null = null;
    for (let i = 0; i < n; i++) {
      const k0 = r.at;
      const k = decodeItem(r, depth + 1);
      const kb = r.b.subarray(k0, r.at);
      if (prev !== null) {
        const c = compareBytes(prev, kb);
        if (c >= 0) fail(c === 0 ? "duplicate-key" : "unsorted-keys", k0);
      }
      prev = kb;
      if (!hashable(k)) fail("unhashable-key", k0);
      const before = s.table.size;
      s.add(rt, k);
      if (s.table.size === before) fail("duplicate-key", k0, "equal to an earlier item in Python");
    }
    return s;
  }
  return fail("unknown-tag", tag.start, `tag ${t}`);
}

/**
 * The Python value that `bytes` canonically encodes. Costs `COST_TABLE_V1.pvm.serialize` (20 + 1
 * per input byte) Cycles, charged up front, plus the memory of what it builds. Raises ValueError
 * ("invalid canonical encoding at byte N: …") for anything non-canonical, truncated or oversized.
 */
export function decodeValue(rt: Runtime, bytes: Uint8Array, opts: DecodeValueOptions = {}): Value {
  if (!(bytes instanceof Uint8Array)) throw pyErr("TypeError", "decodeValue: bytes must be a Uint8Array");
  const max = opts.maxBytes ?? DEFAULT_MAX_DECODE_BYTES;
  if (!Number.isSafeInteger(max) || max < 0) throw pyErr("ValueError", `decodeValue: maxBytes must be a non-negative integer, got ${String(max)}`);
  if (bytes.length > max) fail("too-large", 0, `${bytes.length} bytes, at most ${max}`);
  rt.charge(Number(linearCost(COST_TABLE_V1.pvm.serialize, bytes.length)));
  const r = new Reader(rt, bytes);
  const v = decodeItem(r, 0);
  if (r.at !== bytes.length) fail("trailing-bytes", r.at, `${bytes.length - r.at} bytes after the value`);
  return v;
}
