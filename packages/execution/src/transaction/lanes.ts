// Which lane a transaction rides and the basefees it pays there (spec §6.3, cips/fee-market.md).
import { laneBasefee, type LaneId } from "@cowboy/fee-market";
import type { Transaction } from "@cowboy/types";
import type { Basefees, ChainParams } from "../types.js";

/** v1: every signed transaction rides the user lane; system, runner and timer lanes carry protocol work. */
export function laneOf(_tx: Transaction): LaneId {
  return "user";
}

/** The basefees `tx` pays: the block's, scaled by its lane's multiplier (spec §6.3). */
export function laneBasefeesOf(tx: Transaction, basefees: Basefees, params: ChainParams): Basefees {
  const lane = laneOf(tx);
  return { cycle: laneBasefee(basefees.cycle, lane, params.feeMarket), cell: laneBasefee(basefees.cell, lane, params.feeMarket) };
}

/** Value moved out of the sender by the instruction itself (beyond fees). */
export function valueMoved(tx: Transaction): bigint {
  switch (tx.instruction.type) {
    case "transfer":
      return tx.instruction.amount;
    case "call_actor":
      return tx.instruction.value;
    case "eth_register_oracle":
      return tx.instruction.stake;
    default:
      return 0n;
  }
}

/** The most `tx` can cost its sender: every Cycle and Cell of its limits at its max fees. */
export function maxFeeOf(tx: Transaction): bigint {
  return tx.cyclesLimit * tx.maxFeePerCycle + tx.cellsLimit * tx.maxFeePerCell;
}
