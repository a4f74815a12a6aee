// The JS data model of canonical CBOR (cips/canonical-encoding.md), one JS shape per Python type:
//   None → null, bool → boolean, int → bigint, float → number (always float64) or CborFloat, str → string,
//   bytes → Uint8Array, list → array, tuple → CborTuple, dict → Map (or, to encode, a plain object
//   with string keys), set → CborSet, frozenset → CborSet with `frozen` true.
// A JS `number` is a float even when integral (1 encodes as 1.0): ints are bigints, so a wallet can
// never lose an amount to float64 rounding by accident.

/** Our own tags (IANA first-come-first-served range, unassigned): a Python tuple and frozenset. */
export const CBOR_TAG_TUPLE = 24601;
export const CBOR_TAG_FROZENSET = 24602;
/** The IANA-registered "finite set" tag: a Python set. */
export const CBOR_TAG_SET = 258;
/** Deepest container nesting accepted on encode and decode (the top-level value is depth 0). */
export const CBOR_MAX_DEPTH = 64;
/** Integers are bounded like the PVM's: |v| < 2**4096. */
export const CBOR_INT_LIMIT = 1n << 4096n;
/** Default input limit of decodeCbor, matching the PVM's 10 MiB per-call memory limit. */
export const CBOR_DEFAULT_MAX_BYTES = 10 * 1024 * 1024;

/** A Python tuple: hashable, so it can be a dict key or a set item. */
export class CborTuple {
  readonly items: readonly CborValue[];
  constructor(items: readonly CborValue[]) {
    if (!Array.isArray(items)) throw new TypeError("CborTuple: items must be an array");
    this.items = items;
  }
}

/** A Python set, or a frozenset when `frozen` (only a frozenset can be a key or an item). */
export class CborSet {
  readonly items: readonly CborValue[];
  readonly frozen: boolean;
  constructor(items: readonly CborValue[], frozen = false) {
    if (!Array.isArray(items)) throw new TypeError("CborSet: items must be an array");
    if (typeof frozen !== "boolean") throw new TypeError("CborSet: frozen must be a boolean");
    this.items = items;
    this.frozen = frozen;
  }
}

/**
 * A float64 in a box. Encodes exactly like a plain `number`; useful where a float must be explicit,
 * and the one shape a decoded `-0.0` dict key takes, since a JS Map folds the key -0 into +0.
 */
export class CborFloat {
  readonly value: number;
  constructor(value: number) {
    if (typeof value !== "number") throw new TypeError("CborFloat: value must be a number");
    this.value = value;
  }
}

/** A value with a canonical encoding (see the header for the Python type each shape stands for). */
export type CborValue =
  | null
  | boolean
  | bigint
  | number
  | string
  | Uint8Array
  | CborValue[]
  | CborTuple
  | CborSet
  | CborFloat
  | Map<CborValue, CborValue>
  | { [key: string]: CborValue };
