// Canonical CBOR for Python values: actor storage values, arguments, return values and payloads.
export { encodeValue } from "./encode.js";
export { decodeValue, DEFAULT_MAX_DECODE_BYTES, type DecodeValueOptions } from "./decode.js";
export { REASONS as CANONICAL_DECODE_REASONS, type Reason as CanonicalDecodeReason } from "./reasons.js";
export { MAX_DEPTH as CANONICAL_MAX_DEPTH, TAG_TUPLE, TAG_FROZENSET, TAG_SET } from "./cbor-rules.js";
