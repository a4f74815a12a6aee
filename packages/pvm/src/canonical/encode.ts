// Python value → canonical CBOR bytes (cips/canonical-encoding.md). Exact builtin types only: a
// subclass (or any other object) has no canonical form and raises TypeError naming its type.
import { COST_TABLE_V1, linearCost } from "@cowboy/metering";
import type { Runtime } from "../runtime/context.js";
import { PyDict, PySet } from "../runtime/dict.js";
import { pyErr } from "../runtime/exceptions.js";
import { PyBytes, PyFloat, PyList, PyTuple, type Value } from "../runtime/object.js";
import { typeOf } from "../runtime/ops.js";
import { None, T } from "../runtime/types.js";
import { MAX_DEPTH, Out, TAG_FROZENSET, TAG_NEG_BIGNUM, TAG_POS_BIGNUM, TAG_SET, TAG_TUPLE, U64, bigToBytes, compareBytes, hasLoneSurrogate } from "./cbor-rules.js";

const utf8 = new TextEncoder();

function encodeInt(out: Out, v: number | bigint): void {
  if (typeof v === "number") return v >= 0 ? out.head(0, v) : out.head(1, -1 - v);
  const neg = v < 0n;
  const m = neg ? -1n - v : v;
  if (m < U64) return out.head(neg ? 1 : 0, m);
  const b = bigToBytes(m);
  out.head(6, neg ? TAG_NEG_BIGNUM : TAG_POS_BIGNUM);
  out.head(2, b.length);
  out.bytes(b);
}

/**
 * Writes the items of a map (pairs) or a set (single items) straight into `out`, then reorders the
 * written region by the bytes of each entry's key: one scratch copy per container, no re-encoding.
 */
function encodeSorted(rt: Runtime, out: Out, entries: readonly (readonly [Value, Value | undefined])[], depth: number, what: string): void {
  const start = out.n;
  const spans: { k0: number; k1: number; end: number }[] = [];
  for (const [k, v] of entries) {
    const k0 = out.n;
    encodeInto(rt, out, k, depth);
    const k1 = out.n;
    if (v !== undefined) encodeInto(rt, out, v, depth);
    spans.push({ k0, k1, end: out.n });
  }
  const buf = out.buf;
  const key = (s: { k0: number; k1: number }) => buf.subarray(s.k0, s.k1);
  let sorted = true;
  for (let i = 1; i < spans.length && sorted; i++) sorted = compareBytes(key(spans[i - 1]!), key(spans[i]!)) < 0;
  if (sorted) return;
  spans.sort((a, b) => compareBytes(key(a), key(b)));
  for (let i = 1; i < spans.length; i++) {
    // Python-equal keys cannot coexist in a dict or set, so equal encodings mean a broken invariant.
    if (compareBytes(key(spans[i - 1]!), key(spans[i]!)) === 0) throw pyErr("ValueError", `cannot canonically encode a ${what} with two equal keys`);
  }
  const region = buf.slice(start, out.n);
  let at = start;
  for (const s of spans) {
    buf.set(region.subarray(s.k0 - start, s.end - start), at);
    at += s.end - s.k0;
  }
}

function encodeInto(rt: Runtime, out: Out, v: Value, depth: number): void {
  if (depth > MAX_DEPTH) throw pyErr("ValueError", `cannot canonically encode values nested deeper than ${MAX_DEPTH}`);
  if (v === None) return out.byte(0xf6);
  switch (typeof v) {
    case "boolean":
      return out.byte(v ? 0xf5 : 0xf4);
    case "number":
    case "bigint":
      return encodeInt(out, v);
    case "string": {
      if (hasLoneSurrogate(v)) throw pyErr("TypeError", "cannot canonically encode a str containing lone surrogates");
      const b = utf8.encode(v);
      out.head(3, b.length);
      return out.bytes(b);
    }
  }
  const cls = (v as { cls?: unknown }).cls;
  if (v instanceof PyFloat && cls === T.float) {
    if (Number.isNaN(v.v)) throw pyErr("TypeError", "cannot canonically encode nan");
    out.ensure(9);
    out.buf[out.n] = 0xfb;
    new DataView(out.buf.buffer, out.buf.byteOffset).setFloat64(out.n + 1, v.v);
    out.n += 9;
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
    const entries: [Value, Value][] = [];
    for (const e of v.table.entries()) entries.push([e.k, e.v]);
    out.head(5, entries.length);
    return encodeSorted(rt, out, entries, depth + 1, "dict");
  }
  if (v instanceof PySet && (cls === T.set || cls === T.frozenset)) {
    const items = v.keys().map((k) => [k, undefined] as const);
    out.head(6, cls === T.set ? TAG_SET : TAG_FROZENSET);
    out.head(4, items.length);
    return encodeSorted(rt, out, items, depth + 1, cls === T.set ? "set" : "frozenset");
  }
  throw pyErr("TypeError", `cannot canonically encode a value of type '${typeOf(v).name}'`);
}

/**
 * The canonical bytes of `v`. Costs `COST_TABLE_V1.pvm.serialize` (20 + 1 per output byte) Cycles;
 * the result is a fresh buffer the caller owns (wrapping it in a `bytes` charges its memory there).
 * Raises TypeError for a value with no canonical form, ValueError past 64 levels of nesting.
 */
export function encodeValue(rt: Runtime, v: Value): Uint8Array {
  rt.charge(Number(COST_TABLE_V1.pvm.serialize.base));
  const out = new Out();
  encodeInto(rt, out, v, 0);
  rt.charge(Number(linearCost(COST_TABLE_V1.pvm.serialize, out.n) - COST_TABLE_V1.pvm.serialize.base));
  return out.result();
}
