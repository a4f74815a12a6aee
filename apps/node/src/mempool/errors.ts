// Why the mempool refuses a transaction at admission (apps/node/README.md "Mempool", cips/errors.md).
// Execution's admission predicate decides the protocol refusals; the pool's own policy adds the rest.
import { CowboyError } from "@cowboy/codec";
import type { TxRejectionCode } from "@cowboy/execution";

export type MempoolErrorCode =
  /** Breaks a stateless rule, a signature, or a limit below the intrinsic cost (execution's code in meta). */
  | "INVALID"
  /** The same transaction is already in the pool. */
  | "ALREADY_KNOWN"
  /** The sender already used this nonce. */
  | "NONCE_TOO_LOW"
  /** The nonce is further ahead of the account nonce than the pool's nonce gap. */
  | "NONCE_TOO_FAR"
  /** A max fee below the floor basefee: it could never be included. */
  | "FEE_TOO_LOW"
  /** Replacing a pooled nonce needs every max fee and tip raised by the bump. */
  | "REPLACEMENT_UNDERPRICED"
  /** The sender holds its most pooled transactions, or its most queued (nonce-gapped) ones. */
  | "SENDER_LIMIT"
  /** The executable or the queued part is full and this transaction pays no more than the cheapest there. */
  | "POOL_FULL"
  /** The balance does not cover the maximum cost of this transaction with the sender's other pooled ones. */
  | "INSUFFICIENT_BALANCE";

/** The pool's code for each refusal of execution's admission predicate (its code stays in `meta.rejection`). */
export const POOL_CODE: Record<TxRejectionCode, MempoolErrorCode> = {
  STATELESS_CHECK_FAILED: "INVALID",
  INVALID_SIGNATURE: "INVALID",
  NONCE_TOO_LOW: "NONCE_TOO_LOW",
  NONCE_TOO_HIGH: "NONCE_TOO_FAR",
  INTRINSIC_CYCLES_TOO_LOW: "INVALID",
  INTRINSIC_CELLS_TOO_LOW: "INVALID",
  FEE_BELOW_BASEFEE: "FEE_TOO_LOW",
  INSUFFICIENT_BALANCE: "INSUFFICIENT_BALANCE",
  LANE_FULL: "POOL_FULL",
  UNSUPPORTED_INSTRUCTION: "INVALID",
  EXECUTION_FAULT: "INVALID",
};

/** Why the mempool refused a transaction; the RPC returns the message as is. */
export class MempoolError extends CowboyError<MempoolErrorCode, { readonly rejection?: TxRejectionCode }> {
  override readonly name = "MempoolError";
  constructor(code: MempoolErrorCode, message: string, rejection?: TxRejectionCode) {
    super(code, message, rejection === undefined ? {} : { rejection });
  }
}
