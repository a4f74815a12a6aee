// The errors of the state transition, each a CowboyError with a documented code and its data in
// `meta`. A refused block changes nothing; a refused transaction is never included (the builder
// skips it, a block carrying it is invalid). Outcomes are decided on codes, never on messages.
import { CowboyError } from "@cowboy/codec";
import type { PyException } from "./types.js";

/**
 * Why a transaction cannot be included. `TX_REJECTIONS[code].permanent` says whether it can ever
 * become includable: a pool drops a transaction refused permanently and keeps a transient one.
 */
export const TX_REJECTIONS = {
  /** Breaks a stateless rule of §2.2 (size, limits, chain id, signer order, encoding). */
  STATELESS_CHECK_FAILED: { permanent: true },
  /** A signature does not recover to its signer. */
  INVALID_SIGNATURE: { permanent: true },
  /** The nonce was already used by this sender. */
  NONCE_TOO_LOW: { permanent: true },
  /** Earlier nonces of this sender are missing: includable once they are in. */
  NONCE_TOO_HIGH: { permanent: false },
  /** cycles_limit is below the instruction's intrinsic Cycles. */
  INTRINSIC_CYCLES_TOO_LOW: { permanent: true },
  /** cells_limit is below the intrinsic Cells (instruction plus metadata bytes). */
  INTRINSIC_CELLS_TOO_LOW: { permanent: true },
  /** A max fee is below the lane's basefee: includable when the basefee falls. */
  FEE_BELOW_BASEFEE: { permanent: false },
  /** The balance does not cover the maximum fee plus the value moved: includable once funded. */
  INSUFFICIENT_BALANCE: { permanent: false },
  /** The lane or the block's Cells cap has no room left: includable in a later block. */
  LANE_FULL: { permanent: false },
  /** The instruction is not executable on this chain (e.g. timers without a scheduler). */
  UNSUPPORTED_INSTRUCTION: { permanent: true },
  /** Executing it hit a fault of the chain or the interpreter (a bug, never an actor's doing): no receipt is made. */
  EXECUTION_FAULT: { permanent: true },
} as const satisfies Record<string, { readonly permanent: boolean }>;

export type TxRejectionCode = keyof typeof TX_REJECTIONS;

/** True when a transaction refused with `code` can never be included (a pool drops it). */
export function isPermanentRejection(code: TxRejectionCode): boolean {
  return TX_REJECTIONS[code].permanent;
}

/** A transaction that cannot be included at this point of this block. */
export class TxRejection extends CowboyError<TxRejectionCode> {
  override readonly name = "TxRejection";
  /** Whether no later state can make it includable (see TX_REJECTIONS). */
  get permanent(): boolean {
    return isPermanentRejection(this.code);
  }
}

export type BlockErrorCode =
  /** parent_hash is not the hash of the parent header. */
  | "BAD_PARENT"
  /** height is not the parent's plus one. */
  | "BAD_HEIGHT"
  /** timestamp_ms is not after the parent's. */
  | "BAD_TIMESTAMP"
  /** The basefees do not follow from the parent's usage (§4.2). */
  | "BAD_BASEFEE"
  /** A transaction fails a stateless check, its signature, or is not includable (meta.txIndex). */
  | "BAD_TRANSACTION"
  /** A transaction does not fit its lane or the block's Cells cap (meta.txIndex). */
  | "LANE_OVERFLOW"
  /** transactions_root, receipts_root or state_root differs from what execution produced. */
  | "ROOT_MISMATCH"
  /** lane_usage, cycles_used or cells_used differs from what execution produced. */
  | "USAGE_MISMATCH"
  /** A genesis configuration breaks a rule (duplicate address, zero balance, supply above u64). */
  | "INVALID_GENESIS";

/** A block that does not follow from its parent. `meta.txIndex` names the offending transaction. */
export class BlockError extends CowboyError<BlockErrorCode, { readonly txIndex?: number }> {
  override readonly name = "BlockError";
  constructor(code: BlockErrorCode, message: string, meta: { readonly txIndex?: number } = {}, options?: { cause?: unknown }) {
    super(code, meta.txIndex === undefined ? message : `transaction ${meta.txIndex}: ${message}`, meta, options);
  }
}

export type TimerInstructionErrorCode =
  /** The chain has no scheduler. */
  | "TIMERS_DISABLED"
  /** The timer's target holds no actor code. */
  | "NO_ACTOR"
  /** A fee payer other than the sender did not sign the transaction. */
  | "FEE_PAYER_NOT_SIGNED"
  /** schedule_interval with every_blocks = 0. */
  | "ZERO_INTERVAL"
  /** The fee payer cannot cover one fire's pre-charge (the arming check). */
  | "UNFUNDED_TIMER"
  /** @cowboy/scheduler refused the request (meta.exception is what an actor would see). */
  | "SCHEDULER_REFUSED";

/**
 * A timer instruction refused for a reason its sender controls: the receipt says Reverted with the
 * Python exception an actor would have seen (`meta.exception`).
 */
export class TimerInstructionError extends CowboyError<TimerInstructionErrorCode, { readonly exception: PyException }> {
  override readonly name = "TimerInstructionError";
}

/**
 * The transaction (or fire, or query) ran out of Cycles or Cells: everything but fees and nonce is
 * undone. `meta.detail` is the PVM's error line the receipt carries.
 */
export class TxExhausted extends CowboyError<"OUT_OF_CYCLES" | "OUT_OF_CELLS", { readonly detail: string }> {
  override readonly name = "TxExhausted";
  get meter(): "cycles" | "cells" {
    return this.code === "OUT_OF_CYCLES" ? "cycles" : "cells";
  }
}

export type ExecutionErrorCode =
  /** A public entry point got an argument of the wrong shape (the message names it). */
  | "INVALID_ARGUMENT"
  /** Two options contradict each other (the message names both). */
  | "CONTRADICTORY_OPTIONS"
  /** A debit exceeded a balance the caller had checked: an invariant broke (a bug, never a receipt). */
  | "OVERDRAFT";

/** Misuse of this package or a broken invariant: a crash to report, never a protocol outcome. */
export class ExecutionError extends CowboyError<ExecutionErrorCode> {
  override readonly name = "ExecutionError";
}
