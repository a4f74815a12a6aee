// Why a block or a transaction is refused. A refused block changes nothing; a refused
// transaction is never included (the builder skips it, a block carrying it is invalid).

export type TxRejectionCode =
  | "STATELESS_CHECK_FAILED"
  | "INVALID_SIGNATURE"
  | "NONCE_TOO_LOW"
  | "NONCE_TOO_HIGH"
  | "INTRINSIC_CYCLES_TOO_LOW"
  | "INTRINSIC_CELLS_TOO_LOW"
  | "FEE_BELOW_BASEFEE"
  | "INSUFFICIENT_BALANCE"
  | "LANE_FULL"
  | "UNSUPPORTED_INSTRUCTION";

/** A transaction that cannot be included at this point of this block. */
export class TxRejection extends Error {
  override readonly name = "TxRejection";
  constructor(
    readonly code: TxRejectionCode,
    message: string,
  ) {
    super(message);
  }
}

export type BlockErrorCode =
  | "BAD_PARENT"
  | "BAD_HEIGHT"
  | "BAD_TIMESTAMP"
  | "BAD_BASEFEE"
  | "BAD_TRANSACTION"
  | "LANE_OVERFLOW"
  | "ROOT_MISMATCH"
  | "USAGE_MISMATCH"
  | "INVALID_GENESIS";

/** A block that does not follow from its parent. `txIndex` names the offending transaction. */
export class BlockError extends Error {
  override readonly name = "BlockError";
  constructor(
    readonly code: BlockErrorCode,
    message: string,
    readonly txIndex?: number,
    override readonly cause?: unknown,
  ) {
    super(txIndex === undefined ? message : `transaction ${txIndex}: ${message}`);
  }
}
