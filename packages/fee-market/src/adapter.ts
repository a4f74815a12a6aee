import type { Transaction } from "@cowboy/types";
import type { MeterUsage } from "./basefee.js";
import type { Bids } from "./settle.js";

/** The fee fields of a transaction (@cowboy/types), shaped for precharge and settle. */
export interface TransactionFees {
  readonly limits: MeterUsage;
  readonly bids: Bids;
}

type FeeFields = Pick<Transaction, "cyclesLimit" | "cellsLimit" | "maxFeePerCycle" | "maxFeePerCell" | "maxPriorityFeePerCycle" | "maxPriorityFeePerCell">;

/** Reads a transaction's limits and bids: `settle(usage, f.limits, basefees, f.bids)`. */
export function feeFieldsOf(tx: FeeFields): TransactionFees {
  return {
    limits: { cycles: tx.cyclesLimit, cells: tx.cellsLimit },
    bids: {
      cycle: { maxFee: tx.maxFeePerCycle, maxPriorityFee: tx.maxPriorityFeePerCycle },
      cell: { maxFee: tx.maxFeePerCell, maxPriorityFee: tx.maxPriorityFeePerCell },
    },
  };
}
