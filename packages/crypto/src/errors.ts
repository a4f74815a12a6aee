import { CowboyError } from "@cowboy/codec";
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

export class CryptoError extends CowboyError<CryptoErrorCode> {
  override readonly name = "CryptoError";
  constructor(code: CryptoErrorCode, message: string) {
    super(code, message);
  }
}
