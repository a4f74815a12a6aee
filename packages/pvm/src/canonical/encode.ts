// Python value → canonical CBOR bytes (cips/canonical-encoding.md). Exact builtin types only: a
// subclass (or any other object) has no canonical form and raises TypeError naming its type. The
// bytes are written by @cowboy/codec's CborWriter (the same writer encodeCbor uses); this file maps
// Python values onto it and words the errors as CPython-style TypeError/ValueError.
import { CBOR_MAX_DEPTH, CBOR_TAG_FROZENSET, CBOR_TAG_SET, CBOR_TAG_TUPLE, type CborKeySpan, CborWriter, hasLoneSurrogate } from "@cowboy/codec";
import { COST_TABLE_V1, linearCost } from "@cowboy/metering";
import type { Runtime } from "../runtime/context.js";
import { PyDict, PySet } from "../runtime/dict.js";
import { pyErr } from "../runtime/exceptions.js";
import { PyBytes, PyFloat, PyList, PyTuple, type Value } from "../runtime/object.js";
import { typeOf } from "../runtime/ops.js";
import { None, T } from "../runtime/types.js";

/**
 * Writes the items of a map (pairs) or a set (single items) straight into `out`, then lets the
 * writer reorder the region by the bytes of each entry's key.
 */
function encodeSorted(rt: Runtime, out: CborWriter, entries: readonly (readonly [Value, Value | undefined])[], depth: number, what: string): void {
  const start = out.n;
  const spans: CborKeySpan[] = [];
  for (const [k, v] of entries) {
    const k0 = out.n;
    encodeInto(rt, out, k, depth);
    const k1 = out.n;
    if (v !== undefined) encodeInto(rt, out, v, depth);
    spans.push({ k0, k1, end: out.n });
  }
  // Python-equal keys cannot coexist in a dict or set, so equal encodings mean a broken invariant.
  if (!out.sortKeyed(start, spans)) throw pyErr("ValueError", `cannot canonically encode a ${what} with two equal keys`);
}

function encodeInto(rt: Runtime, out: CborWriter, v: Value, depth: number): void {
  if (depth > CBOR_MAX_DEPTH) throw pyErr("ValueError", `cannot canonically encode values nested deeper than ${CBOR_MAX_DEPTH}`);
  if (v === None) return out.byte(0xf6);
  switch (typeof v) {
    case "boolean":
      return out.byte(v ? 0xf5 : 0xf4);
    case "number":
      return v >= 0 ? out.head(0, v) : out.head(1, -1 - v);
    case "bigint":
      return out.int(v);
    case "string":
      if (hasLoneSurrogate(v)) throw pyErr("TypeError", "cannot canonically encode a str containing lone surrogates");
      return out.text(v);
  }
  const cls = (v as { cls?: unknown }).cls;
  if (v instanceof PyFloat && cls === T.float) {
    if (Number.isNaN(v.v)) throw pyErr("TypeError", "cannot canonically encode nan");
    return out.float(v.v);
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
    out.head(6, CBOR_TAG_TUPLE);
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
    out.head(6, cls === T.set ? CBOR_TAG_SET : CBOR_TAG_FROZENSET);
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
  const out = new CborWriter();
  encodeInto(rt, out, v, 0);
  rt.charge(Number(linearCost(COST_TABLE_V1.pvm.serialize, out.n) - COST_TABLE_V1.pvm.serialize.base));
  return out.result();
}
