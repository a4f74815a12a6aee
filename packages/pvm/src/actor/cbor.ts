// Canonical CBOR between Python values and bytes (cips/canonical-encoding.md): what actors store,
// take as arguments, return and send. Deterministic (RFC 8949 §4.2.1 core rules: definite lengths,
// shortest heads, map keys sorted by their encoded bytes) and strict on decode. Metered: 20 Cycles
// + 1 per byte (COST_TABLE_V1.pvm.serialize), memory charged for what decoding builds.
import { COST_TABLE_V1, linearCost } from "@cowboy/metering";
import type { Runtime } from "../runtime/context.js";
import { PyDict, PySet } from "../runtime/dict.js";
import { pyErr } from "../runtime/exceptions.js";
import * as I from "../runtime/int.js";
import { PyBytes, PyFloat, PyList, PyTuple, type Value } from "../runtime/object.js";
import { typeOf } from "../runtime/ops.js";
import { None, T } from "../runtime/types.js";

/** Our tags (unassigned in the IANA registry's first-come range): a tuple and a frozenset. */
export const TAG_TUPLE = 24601;
export const TAG_FROZENSET = 24602;
/** RFC 8949 bignums and the registered "finite set" tag. */
const TAG_POS_BIGNUM = 2;
const TAG_NEG_BIGNUM = 3;
const TAG_SET = 258;
export const MAX_DEPTH = 64;

const U64 = 1n << 64n;
const utf8 = new TextEncoder();
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const utf8Strict = new TextDecoder("utf-8", { fatal: true });

class Out {
  buf = new Uint8Array(64);
  n = 0;
  ensure(k: number): void {
    if (this.n + k <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.n + k) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.n));
    this.buf = next;
  }
  byte(b: number): void {
    this.ensure(1);
    this.buf[this.n++] = b;
  }
  bytes(b: Uint8Array): void {
    this.ensure(b.length);
    this.buf.set(b, this.n);
    this.n += b.length;
  }
  head(major: number, arg: number | bigint): void {
    const m = major << 5;
    const a = typeof arg === "bigint" ? arg : BigInt(arg);
    if (a < 24n) this.byte(m | Number(a));
    else if (a < 0x100n) (this.byte(m | 24), this.byte(Number(a)));
    else if (a < 0x10000n) (this.byte(m | 25), this.byte(Number(a >> 8n)), this.byte(Number(a & 0xffn)));
    else if (a < 0x100000000n) {
      this.byte(m | 26);
      for (let s = 24n; s >= 0n; s -= 8n) this.byte(Number((a >> s) & 0xffn));
    } else {
      this.byte(m | 27);
      for (let s = 56n; s >= 0n; s -= 8n) this.byte(Number((a >> s) & 0xffn));
    }
  }
  result(): Uint8Array {
    return this.buf.slice(0, this.n);
  }
}

function bigBytes(n: bigint): Uint8Array {
  let hex = n.toString(16);
  if (hex.length % 2) hex = "0" + hex;
  return Uint8Array.from(Buffer.from(hex, "hex"));
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

function encodeInto(rt: Runtime, out: Out, v: Value, depth: number): void {
  if (depth > MAX_DEPTH) throw pyErr("ValueError", `cannot canonically encode values nested deeper than ${MAX_DEPTH}`);
  if (v === None) return out.byte(0xf6);
  if (typeof v === "boolean") return out.byte(v ? 0xf5 : 0xf4);
  if (typeof v === "number" || typeof v === "bigint") {
    const n = I.big(v);
    if (n >= 0n) {
      if (n < U64) return out.head(0, n);
      out.head(6, TAG_POS_BIGNUM);
      const b = bigBytes(n);
      out.head(2, b.length);
      return out.bytes(b);
    }
    const m = -1n - n;
    if (m < U64) return out.head(1, m);
    out.head(6, TAG_NEG_BIGNUM);
    const b = bigBytes(m);
    out.head(2, b.length);
    return out.bytes(b);
  }
  if (typeof v === "string") {
    if (LONE_SURROGATE.test(v)) throw pyErr("TypeError", "cannot canonically encode a str containing lone surrogates");
    const b = utf8.encode(v);
    out.head(3, b.length);
    return out.bytes(b);
  }
  const cls = v.cls;
  if (v instanceof PyFloat && cls === T.float) {
    if (Number.isNaN(v.v)) throw pyErr("TypeError", "cannot canonically encode nan");
    out.byte(0xfb);
    out.ensure(8);
    new DataView(out.buf.buffer, out.buf.byteOffset).setFloat64(out.n, v.v);
    out.n += 8;
    return;
  }
  if (v instanceof PyBytes && cls === T.bytes) {
    out.head(2, v.b.length);
    return out.bytes(v.b);
  }
  if (v instanceof PyList && cls === T.list) {
    out.head(4, v.items.length);
    for (const x of v.items) encodeInto(rt, out, x, depth + 1);
    return;
  }
  if (v instanceof PyTuple && cls === T.tuple) {
    out.head(6, TAG_TUPLE);
    out.head(4, v.items.length);
    for (const x of v.items) encodeInto(rt, out, x, depth + 1);
    return;
  }
  if (v instanceof PyDict && cls === T.dict) {
    const pairs: [Uint8Array, Uint8Array][] = [];
    for (const e of v.table.entries()) pairs.push([encodeValueAt(rt, e.k, depth + 1), encodeValueAt(rt, e.v, depth + 1)]);
    pairs.sort((a, b) => compareBytes(a[0], b[0]));
    out.head(5, pairs.length);
    for (const [k, x] of pairs) (out.bytes(k), out.bytes(x));
    return;
  }
  if (v instanceof PySet && (cls === T.set || cls === T.frozenset)) {
    const items = v.keys().map((k) => encodeValueAt(rt, k, depth + 1));
    items.sort(compareBytes);
    out.head(6, cls === T.set ? TAG_SET : TAG_FROZENSET);
    out.head(4, items.length);
    for (const x of items) out.bytes(x);
    return;
  }
  throw pyErr("TypeError", `cannot canonically encode a value of type '${typeOf(v).name}'`);
}

function encodeValueAt(rt: Runtime, v: Value, depth: number): Uint8Array {
  const out = new Out();
  encodeInto(rt, out, v, depth);
  return out.result();
}

/** The canonical bytes of `v`; TypeError for what has no canonical form (cips/canonical-encoding.md). */
export function encodeValue(rt: Runtime, v: Value): Uint8Array {
  const bytes = encodeValueAt(rt, v, 0);
  rt.charge(Number(linearCost(COST_TABLE_V1.pvm.serialize, bytes.length)));
  return bytes;
}

class In {
  at = 0;
  constructor(readonly b: Uint8Array) {}
  fail(msg: string): never {
    throw pyErr("ValueError", `invalid canonical encoding at byte ${this.at}: ${msg}`);
  }
  byte(): number {
    if (this.at >= this.b.length) this.fail("unexpected end of input");
    return this.b[this.at++]!;
  }
  take(n: number): Uint8Array {
    if (n > this.b.length - this.at) this.fail(`length ${n} runs past the end of input`);
    const out = this.b.subarray(this.at, this.at + n);
    this.at += n;
    return out;
  }
  /** A head: major type and argument, refusing non-shortest forms and indefinite lengths. */
  head(): { major: number; arg: bigint; info: number } {
    const first = this.byte();
    const major = first >> 5;
    const info = first & 31;
    if (info < 24) return { major, arg: BigInt(info), info };
    if (info > 27) this.fail(info === 31 ? "indefinite lengths are not canonical" : `reserved additional information ${info}`);
    if (major === 7) {
      if (info === 27) this.take(8);
      return { major, arg: 0n, info };
    }
    const size = 1 << (info - 24);
    let arg = 0n;
    for (const x of this.take(size)) arg = (arg << 8n) | BigInt(x);
    const min = info === 24 ? 24n : 1n << BigInt(4 * size);
    if (arg < min) this.fail("integer or length not in its shortest form");
    return { major, arg, info };
  }
}

function decodeFrom(rt: Runtime, r: In, depth: number): Value {
  if (depth > MAX_DEPTH) r.fail(`nested deeper than ${MAX_DEPTH}`);
  const start = r.at;
  const { major, arg, info } = r.head();
  const len = (): number => {
    if (arg > BigInt(r.b.length - r.at)) r.fail(`length ${arg} runs past the end of input`);
    return Number(arg);
  };
  switch (major) {
    case 0:
      return I.norm(arg);
    case 1:
      return I.norm(-1n - arg);
    case 2: {
      const b = r.take(len());
      rt.alloc(b.length + 33);
      return new PyBytes(T.bytes, b.slice());
    }
    case 3: {
      const b = r.take(len());
      rt.alloc(b.length + 49);
      try {
        return utf8Strict.decode(b);
      } catch {
        r.at = start;
        return r.fail("text is not valid UTF-8");
      }
    }
    case 4: {
      const n = len();
      rt.alloc(56 + 8 * n);
      const items: Value[] = [];
      for (let i = 0; i < n; i++) items.push(decodeFrom(rt, r, depth + 1));
      return new PyList(T.list, items);
    }
    case 5: {
      const n = len();
      const d = new PyDict();
      let prev: Uint8Array | null = null;
      for (let i = 0; i < n; i++) {
        const keyStart = r.at;
        const k = decodeFrom(rt, r, depth + 1);
        const keyBytes = r.b.subarray(keyStart, r.at);
        if (prev !== null && compareBytes(prev, keyBytes) >= 0) (r.at = keyStart), r.fail("map keys are not in canonical order (or repeat)");
        prev = keyBytes;
        const v = decodeFrom(rt, r, depth + 1);
        d.set(rt, k, v);
      }
      return d;
    }
    case 6:
      return decodeTagged(rt, r, arg, depth);
    default: {
      if (info === 20) return false;
      if (info === 21) return true;
      if (info === 22) return None;
      if (info === 27) {
        const x = new DataView(r.b.buffer, r.b.byteOffset + r.at - 8, 8).getFloat64(0);
        if (Number.isNaN(x)) (r.at = start), r.fail("nan has no canonical encoding");
        rt.alloc(24);
        return new PyFloat(T.float, x);
      }
      r.at = start;
      return r.fail(info === 25 || info === 26 ? "floats are encoded in 8 bytes" : `simple value ${info} is not used`);
    }
  }
}

function decodeTagged(rt: Runtime, r: In, tag: bigint, depth: number): Value {
  const at = r.at;
  if (tag === 2n || tag === 3n) {
    const v = decodeFrom(rt, r, depth + 1);
    if (!(v instanceof PyBytes)) (r.at = at), r.fail("a bignum holds a byte string");
    const b = (v as PyBytes).b;
    if (b.length === 0 || b[0] === 0) (r.at = at), r.fail("bignum bytes have a leading zero");
    const n = BigInt("0x" + Buffer.from(b).toString("hex"));
    if (n < U64) (r.at = at), r.fail("a bignum below 2**64 must be a plain integer");
    if (n.toString(2).length > 4097) (r.at = at), r.fail("integer wider than the PVM's 4096 bits");
    return I.norm(tag === 2n ? n : -1n - n);
  }
  if (tag === BigInt(TAG_TUPLE)) {
    const v = decodeFrom(rt, r, depth + 1);
    if (!(v instanceof PyList)) (r.at = at), r.fail("a tuple tag wraps an array");
    return new PyTuple(T.tuple, (v as PyList).items);
  }
  if (tag === BigInt(TAG_SET) || tag === BigInt(TAG_FROZENSET)) {
    const head = r.head();
    if (head.major !== 4) (r.at = at), r.fail("a set tag wraps an array");
    const frozen = tag === BigInt(TAG_FROZENSET);
    const s = new PySet(frozen ? T.frozenset : T.set, frozen);
    let prev: Uint8Array | null = null;
    for (let i = 0n; i < head.arg; i++) {
      const itemStart = r.at;
      const k = decodeFrom(rt, r, depth + 1);
      const bytes = r.b.subarray(itemStart, r.at);
      if (prev !== null && compareBytes(prev, bytes) >= 0) (r.at = itemStart), r.fail("set items are not in canonical order (or repeat)");
      prev = bytes;
      s.add(rt, k);
    }
    return s;
  }
  r.at = at;
  return r.fail(`unknown tag ${tag}`);
}

/** The value `bytes` canonically encodes; ValueError for anything non-canonical or truncated. */
export function decodeValue(rt: Runtime, bytes: Uint8Array): Value {
  rt.charge(Number(linearCost(COST_TABLE_V1.pvm.serialize, bytes.length)));
  const r = new In(bytes);
  const v = decodeFrom(rt, r, 0);
  if (r.at !== bytes.length) r.fail(`${bytes.length - r.at} trailing bytes`);
  return v;
}
