import { CowboyError } from "@cowboy/codec";
/** Reasons a transaction (or an input to one) is refused, beyond the codec's own errors. */
export type TransactionErrorCode =
  | "INVALID_FIELD"
  | "CHAIN_ID_MISMATCH"
  | "SIGNERS_NOT_ASCENDING"
  | "TX_TOO_LARGE"
  | "LIMIT_EXCEEDED"
  | "ORIGIN_INCOMPLETE"
  | "DEFERRED_NOT_ALLOWED"
  | "INVALID_SIGNATURE"
  | "SIGNER_MISMATCH"
  | "INVALID_JSON";

/**
 * The error type of @cowboy/types. `field` names the offending field (snake_case, as in the spec
 * and the JSON form, with a path such as `additional_signers[1].address` when nested).
 */
export class TransactionError extends CowboyError<TransactionErrorCode, { readonly field?: string }> {
  override readonly name = "TransactionError";
  readonly field: string | undefined;

  constructor(code: TransactionErrorCode, message: string, field?: string) {
    super(code, field === undefined ? message : `${field}: ${message}`, field === undefined ? {} : { field });
    this.field = field;
  }
}
