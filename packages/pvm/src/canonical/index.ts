// Canonical CBOR for Python values: actor storage values, arguments, return values and payloads.
// The byte rules are @cowboy/codec's (CborWriter, walkCbor); this folder maps Python values onto
// them, meters the work and words the errors as the PVM's TypeError/ValueError.
export { encodeValue } from "./encode.js";
export { decodeValue, DEFAULT_MAX_DECODE_BYTES, type DecodeValueOptions } from "./decode.js";
export { REASONS as CANONICAL_DECODE_REASONS, type Reason as CanonicalDecodeReason } from "./reasons.js";
