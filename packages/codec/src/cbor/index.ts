// Canonical CBOR: the byte encoding of actor storage values, arguments, return values and payloads
// (cips/canonical-encoding.md), byte-identical with @cowboy/pvm's encodeValue/decodeValue, which
// drive the same writer and walker from Python values.
export {
  CBOR_DEFAULT_MAX_BYTES,
  CBOR_INT_LIMIT,
  CBOR_MAX_DEPTH,
  CBOR_TAG_FROZENSET,
  CBOR_TAG_SET,
  CBOR_TAG_TUPLE,
  CborFloat,
  CborSet,
  CborTuple,
  type CborValue,
} from "./model.js";
export { CBOR_REASONS, CborError, type CborReason } from "./errors.js";
export { encodeCbor } from "./encode.js";
export { decodeCbor, type DecodeCborOptions } from "./decode.js";
export { cborFromJson, cborJsonOf, cborToJson } from "./json.js";
export { CborWriter, type CborKeySpan } from "./writer.js";
export { walkCbor, cborText, type CborSink } from "./walk.js";
export { hasLoneSurrogate } from "./util.js";
