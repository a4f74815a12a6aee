import { CowboyError } from "@cowboy/codec";
/**
 * Why a fee-market function refused its input. Every refusal is one of these; nothing is
 * changed when one is thrown (the functions are pure).
 */
export type FeeMarketErrorCode =
  /** A FeeMarketConfig field is missing, of the wrong type or out of range. */
  | "INVALID_CONFIG"
  /** An argument is not of the expected type or lies outside its range (named in the message). */
  | "INVALID_ARGUMENT"
  /** A max fee per unit is below the basefee it must cover. */
  | "FEE_BELOW_BASEFEE"
  /** Metered usage exceeds the limit the sender set. */
  | "USAGE_EXCEEDS_LIMIT"
  /** An amount does not fit the u64 it must be carried in. */
  | "AMOUNT_OVERFLOW"
  /** Stored parameter bytes are not the canonical encoding of a parameter record. */
  | "INVALID_ENCODING";

export class FeeMarketError extends CowboyError<FeeMarketErrorCode> {
  override readonly name = "FeeMarketError";
  constructor(code: FeeMarketErrorCode, message: string, options?: { cause?: unknown }) {
    super(code, message, undefined, options);
  }
}
