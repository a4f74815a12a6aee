// Canonical CBOR bytes → Python value (cips/canonical-encoding.md). Strict: exactly the byte strings
// the encoder produces are accepted; anything else raises ValueError naming the offset and the rule
// broken. The byte rules are @cowboy/codec's walkCbor (the walker decodeCbor uses); this file builds
// Python values at its hooks, charging the memory of each before building it, refuses keys Python
// cannot hold (unhashable, or equal to an earlier one), and words every failure as the PVM's ValueError.
import { CBOR_MAX_DEPTH, CborError, type CborSink, cborText, walkCbor } from "@cowboy/codec";
import { COST_TABLE_V1, linearCost } from "@cowboy/metering";
import type { Runtime } from "../runtime/context.js";
import { PyDict, PySet } from "../runtime/dict.js";
import { pyErr } from "../runtime/exceptions.js";
import * as I from "../runtime/int.js";
import { PyBytes, PyFloat, PyList, PyTuple, type Value } from "../runtime/object.js";
import { None, T } from "../runtime/types.js";
import { REASONS, type Reason } from "./reasons.js";

/** Memory model of decoded objects, in bytes (the figures the interpreter uses for the same objects). */
const MEM = { bytes: 33, str: 49, float: 24, bigint: 8, list: 56, slot: 8, dict: 64, set: 64 } as const;

/** Default upper bound on the input, matching the PVM's 10 MiB per-call memory limit. */
export const DEFAULT_MAX_DECODE_BYTES = 10 * 1024 * 1024;

export interface DecodeValueOptions {
  /** Inputs longer than this are refused before any work (default 10 MiB). */
  readonly maxBytes?: number;
}

function invalid(reason: Reason, at: number, detail?: string): ReturnType<typeof pyErr> {
  return pyErr("ValueError", `invalid canonical encoding at byte ${at}: ${REASONS[reason]}${detail === undefined ? "" : ` (${detail})`}`);
}

function fail(reason: Reason, at: number, detail?: string): never {
  throw invalid(reason, at, detail);
}

/** The codec's bignum details, and the PVM's words for them. */
const BIGNUM_DETAILS: Readonly<Record<string, string>> = {
  "bignum bytes are empty or start with a zero byte": "empty or with a leading zero byte",
  "a bignum below 2**64 must be a plain integer": "below 2**64: a plain integer",
};

/** The PVM's parenthesised detail for a rule the walker found broken (none where the reason says it all). */
function detailOf(e: CborError): string | undefined {
  switch (e.reason) {
    case "indefinite-length":
    case "unsorted-keys":
    case "duplicate-key":
    case "nan":
    case "short-float":
      return undefined;
    case "reserved-info":
      return `additional information ${String(e.value)}`;
    case "too-deep":
      return `more than ${CBOR_MAX_DEPTH} levels`;
    case "bad-bignum":
      return BIGNUM_DETAILS[e.detail] ?? e.detail;
    case "int-too-large":
      return "more than 4096 bits";
    case "unknown-tag":
      return `tag ${String(e.value)}`;
    case "simple-value":
      return `simple(${String(e.value)})`;
    default:
      // truncated, non-minimal-head, bad-tag-content, trailing-bytes: the codec's words are the PVM's.
      return e.detail;
  }
}

/** True when `v` can be a dict key or set item (hashable), checked without calling Python code. */
function hashable(v: Value): boolean {
  if (v instanceof PyTuple) return v.items.every(hashable);
  return !(v instanceof PyList || v instanceof PyDict || (v instanceof PySet && v.cls === T.set));
}

/** Builds Python values for walkCbor, charging each one's memory first. */
class PythonValues implements CborSink<Value, PyDict, PySet> {
  constructor(readonly rt: Runtime) {}

  int(v: bigint, bignumBytes: number): Value {
    if (bignumBytes > 0) this.rt.alloc(MEM.bigint + bignumBytes);
    return I.norm(v);
  }

  bytes(view: Uint8Array): Value {
    this.rt.alloc(view.length + MEM.bytes);
    return new PyBytes(T.bytes, view.slice());
  }

  text(view: Uint8Array, at: number): Value {
    this.rt.alloc(view.length + MEM.str);
    const s = cborText(view);
    return s === null ? fail("invalid-utf8", at) : s;
  }

  float(x: number): Value {
    this.rt.alloc(MEM.float);
    return new PyFloat(T.float, x);
  }

  bool(b: boolean): Value {
    return b;
  }

  none(): Value {
    return None;
  }

  arrayStart(n: number): void {
    this.rt.alloc(MEM.list + MEM.slot * n);
  }

  arrayEnd(items: Value[], tuple: boolean): Value {
    return tuple ? new PyTuple(T.tuple, items) : new PyList(T.list, items);
  }

  mapStart(): PyDict {
    this.rt.alloc(MEM.dict);
    return new PyDict();
  }

  mapKey(_d: PyDict, key: Value, at: number): void {
    if (!hashable(key)) fail("unhashable-key", at);
  }

  mapSet(d: PyDict, key: Value, value: Value, at: number): void {
    const before = d.table.size;
    d.set(this.rt, key, value);
    // Distinct encodings of Python-equal keys (1, 1.0, True) would collapse into one entry.
    if (d.table.size === before) fail("duplicate-key", at, "equal to an earlier key in Python");
  }

  mapEnd(d: PyDict): Value {
    return d;
  }

  setStart(_n: number, frozen: boolean): PySet {
    this.rt.alloc(MEM.set);
    return new PySet(frozen ? T.frozenset : T.set, frozen);
  }

  setAdd(s: PySet, item: Value, at: number): void {
    if (!hashable(item)) fail("unhashable-key", at);
    const before = s.table.size;
    s.add(this.rt, item);
    if (s.table.size === before) fail("duplicate-key", at, "equal to an earlier item in Python");
  }

  setEnd(s: PySet): Value {
    return s;
  }
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
  try {
    return walkCbor(bytes, new PythonValues(rt));
  } catch (e) {
    if (e instanceof CborError) throw invalid(e.reason as Reason, e.offset, detailOf(e));
    throw e;
  }
}
