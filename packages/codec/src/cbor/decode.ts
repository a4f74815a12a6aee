// Canonical CBOR bytes → JS value (cips/canonical-encoding.md). Strict: accepts exactly the byte
// strings encodeCbor produces (and the PVM accepts); everything else is a CborError with the offset
// of the offending item and a reason. The byte rules are walk.ts's; this file builds the JS values
// and refuses keys that are unhashable or equal in Python.
import { abytes } from "../bytes.js";
import { CodecError } from "../errors.js";
import { CborError } from "./errors.js";
import { CBOR_DEFAULT_MAX_BYTES, CborFloat, CborSet, CborTuple, type CborValue } from "./model.js";
import { pyKey } from "./pykey.js";
import { type CborSink, cborText, walkCbor } from "./walk.js";

export interface DecodeCborOptions {
  /** Inputs longer than this are refused before any work (default 10 MiB). */
  readonly maxBytes?: number;
}

/** Keys (or items) read so far, by Python identity, to refuse two that Python holds equal. */
class Keyed<C> {
  seen: Set<string> | null = null;
  constructor(
    readonly into: C,
    readonly frozen = false,
  ) {}

  check(k: CborValue, at: number): void {
    if (typeof k === "string") return;
    const id = pyKey(k);
    if (id === null) throw new CborError("unhashable-key", at, "a map key or set item must be hashable (no list, dict or set)");
    this.seen ??= new Set();
    if (this.seen.has(id)) throw new CborError("duplicate-key", at, "equal in Python to an earlier key or item");
    this.seen.add(id);
  }
}

const JS_VALUES: CborSink<CborValue, Keyed<Map<CborValue, CborValue>>, Keyed<CborValue[]>> = {
  int: (v) => v,
  bytes: (view) => view.slice(),
  text(view, at) {
    const s = cborText(view);
    if (s === null) throw new CborError("invalid-utf8", at, "text is not valid UTF-8");
    return s;
  },
  float: (x) => x,
  bool: (b) => b,
  none: () => null,
  arrayStart: () => {},
  arrayEnd: (items, tuple) => (tuple ? new CborTuple(items) : items),
  mapStart: () => new Keyed(new Map<CborValue, CborValue>()),
  mapKey: (m, k, at) => m.check(k, at),
  // A JS Map folds the key -0 into +0: a -0.0 key is kept exact in a CborFloat box.
  mapSet: (m, k, v) => void m.into.set(Object.is(k, -0) ? new CborFloat(-0) : k, v),
  mapEnd: (m) => m.into,
  setStart: (_n, frozen) => new Keyed<CborValue[]>([], frozen),
  setAdd(s, k, at) {
    s.check(k, at);
    s.into.push(k);
  },
  setEnd: (s) => new CborSet(s.into, s.frozen),
};

/**
 * The value canonically encoded by `bytes`. Throws CborError (a CodecError with `reason` and
 * `offset`) for anything non-canonical, truncated, followed by trailing bytes or over `maxBytes`.
 */
export function decodeCbor(bytes: Uint8Array, opts: DecodeCborOptions = {}): CborValue {
  abytes(bytes, "decodeCbor: bytes");
  if (opts === null || typeof opts !== "object") throw new CodecError("INVALID_VALUE", 0, "decodeCbor: opts must be an object");
  const max = opts.maxBytes ?? CBOR_DEFAULT_MAX_BYTES;
  if (!Number.isSafeInteger(max) || max < 0) throw new CodecError("INVALID_VALUE", 0, `decodeCbor: opts.maxBytes must be a non-negative integer, got ${String(max)}`);
  if (bytes.length > max) throw new CborError("too-large", 0, `${bytes.length} bytes, at most ${max}`);
  return walkCbor(bytes, JS_VALUES);
}
