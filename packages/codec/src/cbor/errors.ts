// Canonical CBOR errors: a CodecError (so callers can keep catching one type) with a stable,
// finer-grained `reason`, the same identifiers the PVM's ValueError texts and the vectors use.
import { CodecError, type CodecErrorCode } from "../errors.js";

export const CBOR_REASONS = {
  truncated: "END_OF_BUFFER",
  "trailing-bytes": "TRAILING_BYTES",
  "too-large": "LENGTH_OUT_OF_RANGE",
  "too-deep": "VALUE_OUT_OF_RANGE",
  "non-minimal-head": "INVALID_VALUE",
  "indefinite-length": "INVALID_VALUE",
  "reserved-info": "INVALID_VALUE",
  "invalid-utf8": "INVALID_UTF8",
  "unsorted-keys": "UNSORTED_MAP",
  "duplicate-key": "DUPLICATE_MAP_KEY",
  "unhashable-key": "INVALID_VALUE",
  "unknown-tag": "INVALID_VALUE",
  "bad-tag-content": "INVALID_VALUE",
  "bad-bignum": "INVALID_VALUE",
  "int-too-large": "VALUE_OUT_OF_RANGE",
  "short-float": "INVALID_VALUE",
  nan: "INVALID_VALUE",
  "simple-value": "INVALID_VALUE",
  /** Encode side: a JS value outside the data model (a function, a Date, an integral `undefined`…). */
  "not-encodable": "INVALID_VALUE",
} as const satisfies Record<string, CodecErrorCode>;

export type CborReason = keyof typeof CBOR_REASONS;

/**
 * Why a value cannot be encoded or bytes cannot be decoded; `offset` is in the input (decode) or 0.
 * `detail` is the explanation after the reason; `value` is the number the detail names, where it
 * names one (the reserved additional information, the unknown tag, the unused simple value), so a
 * caller such as the PVM can word its own message from fields.
 */
export class CborError extends CodecError {
  readonly reason: CborReason;
  readonly detail: string;
  readonly value: number | bigint | undefined;
  constructor(reason: CborReason, offset: number, detail: string, value?: number | bigint) {
    super(CBOR_REASONS[reason], offset, `${reason}: ${detail}`);
    this.reason = reason;
    this.detail = detail;
    this.value = value;
  }
}
