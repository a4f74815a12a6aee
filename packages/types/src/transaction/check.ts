import { MAX_TX_SIZE } from "./constants.js";
import { TransactionError } from "./errors.js";
import { signersStrictlyAscending, type Transaction } from "./transaction.js";

/** Per-transaction maxima (spec §2.2(a), §12.1); governance-tunable, genesis defaults below. */
export interface TransactionLimits {
  /** max_tx_size: 128 KiB. */
  readonly maxTxSize: number;
  /** Largest cycles_limit: the per-block hard cap of 80,000,000 cycles (spec §13, 4 × T_c). */
  readonly maxCyclesLimit: bigint;
  /** Largest cells_limit: 16,000,000 cells (4 × T_b, the block's total cell budget). */
  readonly maxCellsLimit: bigint;
}

export const DEFAULT_TRANSACTION_LIMITS: TransactionLimits = Object.freeze({
  maxTxSize: MAX_TX_SIZE,
  maxCyclesLimit: 80_000_000n,
  maxCellsLimit: 16_000_000n,
});

export interface CheckTransactionOptions {
  /** This node's chain id; the transaction's must equal it. */
  readonly chainId: bigint;
  readonly limits?: TransactionLimits;
  /**
   * Accept system-injected deferred transactions (origin fields present). Default false: a
   * transaction arriving from a user (RPC, gossip) must not carry origin fields.
   */
  readonly allowDeferred?: boolean;
}

/**
 * The validity checks of §2.2 that need no state and no signature recovery: chain id (d),
 * additional signers strictly ascending (e), encoded size and limits within maxima (a), and the
 * origin fields all present or all absent. Returns every failure, in field order; empty = valid.
 * Signatures (c) are `verifyTransactionSignatures`; balance (b) needs state.
 */
export function checkTransaction(tx: Transaction, options: CheckTransactionOptions): TransactionError[] {
  if (options === null || typeof options !== "object" || typeof options.chainId !== "bigint") {
    throw new TransactionError("INVALID_FIELD", "options.chainId must be a bigint", "options.chainId");
  }
  const limits = options.limits ?? DEFAULT_TRANSACTION_LIMITS;
  const errors: TransactionError[] = [];
  if (tx.chainId !== options.chainId) {
    errors.push(new TransactionError("CHAIN_ID_MISMATCH", `expected ${options.chainId}, got ${tx.chainId}`, "chain_id"));
  }
  if (tx.cyclesLimit > limits.maxCyclesLimit) {
    errors.push(new TransactionError("LIMIT_EXCEEDED", `${tx.cyclesLimit} exceeds the maximum ${limits.maxCyclesLimit}`, "cycles_limit"));
  }
  if (tx.cellsLimit > limits.maxCellsLimit) {
    errors.push(new TransactionError("LIMIT_EXCEEDED", `${tx.cellsLimit} exceeds the maximum ${limits.maxCellsLimit}`, "cells_limit"));
  }
  const origins = [tx.originTxHash, tx.originRemainingCycles, tx.originRemainingCells].filter((o) => o !== null).length;
  if (origins !== 0 && origins !== 3) {
    errors.push(new TransactionError("ORIGIN_INCOMPLETE", "origin fields must be all present or all absent", "origin_tx_hash"));
  } else if (origins === 3 && options.allowDeferred !== true) {
    errors.push(new TransactionError("DEFERRED_NOT_ALLOWED", "only system-injected transactions carry origin fields", "origin_tx_hash"));
  }
  if (!signersStrictlyAscending(tx.additionalSigners)) {
    errors.push(new TransactionError("SIGNERS_NOT_ASCENDING", "addresses must be strictly ascending, without duplicates", "additional_signers"));
  }
  if (tx.size > limits.maxTxSize) {
    errors.push(new TransactionError("TX_TOO_LARGE", `${tx.size} bytes exceeds max_tx_size ${limits.maxTxSize}`, "transaction"));
  }
  return errors;
}
