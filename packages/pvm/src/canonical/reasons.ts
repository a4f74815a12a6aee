// Why a byte string is not a canonical encoding: stable identifiers (also used by @cowboy/codec's
// CborError.reason and by test-vectors/cbor) and the text that follows the offset in the ValueError.
export const REASONS = {
  truncated: "input ends inside a data item",
  "trailing-bytes": "bytes after the value",
  "too-large": "input larger than the decoder's limit",
  "too-deep": "nested too deeply",
  "non-minimal-head": "integer or length not in its shortest form",
  "indefinite-length": "indefinite lengths are not canonical",
  "reserved-info": "reserved additional information",
  "invalid-utf8": "text is not valid UTF-8",
  "unsorted-keys": "map keys or set items not in canonical order",
  "duplicate-key": "map key or set item repeated",
  "unhashable-key": "map key or set item is not hashable",
  "unknown-tag": "unknown tag",
  "bad-tag-content": "tag wraps the wrong kind of item",
  "bad-bignum": "bignum not in canonical form",
  "int-too-large": "integer beyond the PVM's 4096-bit limit",
  "short-float": "floats are encoded in 8 bytes",
  nan: "nan has no canonical encoding",
  "simple-value": "simple value not used",
} as const;

export type Reason = keyof typeof REASONS;
