// JS value → canonical CBOR bytes (cips/canonical-encoding.md). Deterministic: shortest heads,
// definite lengths, map keys and set items ordered by their encoded bytes, floats always 8 bytes.
import { CborError } from "./errors.js";
import { CBOR_INT_LIMIT, CBOR_MAX_DEPTH, CBOR_TAG_FROZENSET, CBOR_TAG_SET, CBOR_TAG_TUPLE, CborFloat, CborSet, CborTuple, type CborValue } from "./model.js";
import { pyKey } from "./pykey.js";
import { hasLoneSurrogate } from "./util.js";
import { type CborKeySpan, CborWriter } from "./writer.js";

function kindOf(v: unknown): string {
  if (v === undefined) return "undefined";
  if (typeof v !== "object" || v === null) return typeof v;
  return (v as { constructor?: { name?: string } }).constructor?.name ?? "object";
}

function encodeBigint(out: CborWriter, v: bigint): void {
  if (v >= CBOR_INT_LIMIT || v <= -CBOR_INT_LIMIT) throw new CborError("int-too-large", 0, "integers are bounded by |v| < 2**4096");
  out.int(v);
}

/**
 * Encodes map entries (or set items, `v` undefined) straight into `out`, then reorders that region
 * by key bytes. Keys that are not strings are checked for hashability and Python equality.
 */
function encodeSorted(out: CborWriter, entries: readonly (readonly [CborValue, CborValue | undefined])[], depth: number): void {
  const start = out.n;
  const spans: CborKeySpan[] = new Array(entries.length);
  let seen: Set<string> | null = null;
  for (let i = 0; i < entries.length; i++) {
    const [k, v] = entries[i]!;
    if (typeof k !== "string") {
      const id = pyKey(k);
      if (id === null) throw new CborError("unhashable-key", 0, `a ${kindOf(k)} cannot be a map key or set item`);
      seen ??= new Set();
      if (seen.has(id)) throw new CborError("duplicate-key", 0, "two map keys or set items are equal in Python");
      seen.add(id);
    }
    const k0 = out.n;
    encodeAt(out, k, depth);
    const k1 = out.n;
    if (v !== undefined) encodeAt(out, v, depth);
    spans[i] = { k0, k1, end: out.n };
  }
  if (!out.sortKeyed(start, spans)) throw new CborError("duplicate-key", 0, "two map keys or set items have the same encoding");
}

function encodeAt(out: CborWriter, v: CborValue, depth: number): void {
  if (depth > CBOR_MAX_DEPTH) throw new CborError("too-deep", 0, `values nest deeper than ${CBOR_MAX_DEPTH} levels`);
  if (v === null) return out.byte(0xf6);
  switch (typeof v) {
    case "boolean":
      return out.byte(v ? 0xf5 : 0xf4);
    case "bigint":
      return encodeBigint(out, v);
    case "number":
      if (Number.isNaN(v)) throw new CborError("nan", 0, "nan has no canonical encoding");
      return out.float(v);
    case "string": {
      if (hasLoneSurrogate(v)) throw new CborError("not-encodable", 0, "a string with lone surrogates is not UTF-8");
      return out.text(v);
    }
    case "object":
      break;
    default:
      throw new CborError("not-encodable", 0, `a ${kindOf(v)} has no canonical encoding`);
  }
  if (v instanceof CborFloat) return encodeAt(out, v.value, depth);
  if (v instanceof Uint8Array) {
    out.head(2, v.length);
    return out.bytes(v);
  }
  if (Array.isArray(v)) {
    out.head(4, v.length);
    for (const x of v) encodeAt(out, x, depth + 1);
    return;
  }
  if (v instanceof CborTuple) {
    out.head(6, CBOR_TAG_TUPLE);
    out.head(4, v.items.length);
    for (const x of v.items) encodeAt(out, x, depth + 1);
    return;
  }
  if (v instanceof CborSet) {
    out.head(6, v.frozen ? CBOR_TAG_FROZENSET : CBOR_TAG_SET);
    out.head(4, v.items.length);
    return encodeSorted(
      out,
      v.items.map((x) => [x, undefined] as const),
      depth + 1,
    );
  }
  if (v instanceof Map) {
    out.head(5, v.size);
    return encodeSorted(out, [...v], depth + 1);
  }
  const proto = Object.getPrototypeOf(v) as unknown;
  if (proto !== Object.prototype && proto !== null) throw new CborError("not-encodable", 0, `a ${kindOf(v)} has no canonical encoding`);
  const entries = Object.entries(v);
  out.head(5, entries.length);
  encodeSorted(out, entries, depth + 1);
}

/**
 * The canonical encoding of `value`. Throws CborError (a CodecError) for what has none: NaN, a
 * string with lone surrogates, an int beyond 4096 bits, nesting past 64 levels, an unhashable or
 * repeated (Python-equal) key, or a JS value outside the data model.
 */
export function encodeCbor(value: CborValue): Uint8Array {
  const out = new CborWriter();
  encodeAt(out, value, 0);
  return out.result();
}
