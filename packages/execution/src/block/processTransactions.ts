// Step 2 of the spec's state transition, Execute Transactions: each transaction of the block in
// order, on its own checkpoint (applyTransaction), counted in the block tally. Every transaction
// must be includable and fit its lane; the first that is not makes the whole block invalid.
import type { Transaction } from "@cowboy/types";
import { BlockError, TxRejection } from "../errors.js";
import { applyTransaction } from "../transaction/applyTransaction.js";
import type { BlockEnv, ChainParams, StateAccess, TxOutcome } from "../types.js";
import type { BlockTally } from "./tally.js";

/** Throws BlockError (BAD_TRANSACTION, LANE_OVERFLOW) naming the transaction; the caller drops the fork. */
export function processTransactions(state: StateAccess, transactions: readonly Transaction[], env: BlockEnv, params: ChainParams, tally: BlockTally): void {
  transactions.forEach((tx, index) => {
    let outcome: TxOutcome;
    try {
      outcome = applyTransaction(state, tx, env, params);
    } catch (error) {
      if (error instanceof TxRejection) throw new BlockError("BAD_TRANSACTION", `${error.code}: ${error.message}`, { txIndex: index }, { cause: error });
      throw error;
    }
    const { receipt, lane } = outcome;
    const misfit = tally.add(tx, lane, receipt);
    if (misfit === "lane") throw new BlockError("LANE_OVERFLOW", `the ${lane} lane has no room for ${receipt.cycles_used} Cycles`, { txIndex: index });
    if (misfit === "cells") throw new BlockError("LANE_OVERFLOW", `the block's Cells cap ${params.feeMarket.cellsCap} is exceeded`, { txIndex: index });
  });
}
