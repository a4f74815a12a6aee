/**
 * One error class for the whole package. `code` is stable and machine-readable; `message` names
 * the offending argument so a caller can tell which input was wrong without reading our source.
 */
export type CryptoErrorCode =
  | "INVALID_LENGTH"
  | "INVALID_TYPE"
  | "INVALID_SCALAR"
  | "INVALID_POINT"
  | "INVALID_SIGNATURE"
  | "HIGH_S"
  | "INVALID_RECOVERY_ID"
  | "INVALID_ARGUMENT"
  | "THRESHOLD_NOT_MET"
  | "DUPLICATE_INDEX"
  | "BACKEND_UNAVAILABLE";

export class CryptoError extends Error {
  override readonly name = "CryptoError";
  readonly code: CryptoErrorCode;
  readonly meta: Readonly<Record<string, unknown>> = {};
  constructor(code: CryptoErrorCode, message: string) {
    super(message);
    this.code = code;
    // The CowboyError brand of @cowboy/codec (crypto shares layer 0 with codec and cannot import
    // it): `error instanceof CowboyError` and `isCowboyError(error)` hold for a CryptoError.
    Object.defineProperty(this, Symbol.for("@cowboy/error"), { value: true });
  }
}
