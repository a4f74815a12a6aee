import { ReceiptStatus, type Receipt, type Transaction } from "@cowboy/types";
import { TxRejection } from "./errors.js";
import { laneBasefee, settle, type LaneId } from "@cowboy/fee-market";
import { intrinsicCosts } from "./intrinsic.js";
import type { ChainParams } from "./params.js";
import { Accounts, type StateAccess } from "./world.js";

/** The block-level facts a transaction executes against. */
export interface BlockEnv {
  readonly height: bigint;
  readonly timestampMs: bigint;
  readonly proposer: Uint8Array;
  readonly cycleBasefee: bigint;
  readonly cellBasefee: bigint;
}

export interface TxOutcome {
  readonly receipt: Receipt;
  readonly lane: LaneId;
}

/** v1: every signed transaction rides the user lane; system, runner and timer lanes carry protocol work. */
export function laneOf(_tx: Transaction): LaneId {
  return "user";
}

/** Value moved out of the sender by the instruction itself (beyond fees). */
function valueOf(tx: Transaction): bigint {
  switch (tx.instruction.type) {
    case "transfer":
      return tx.instruction.amount;
    case "call_actor":
      return tx.instruction.value;
    default:
      return 0n;
  }
}

/** The basefees `tx` pays: the block's, scaled by its lane's multiplier (spec §6.3). */
function laneBasefees(tx: Transaction, env: BlockEnv, params: ChainParams): { cycle: bigint; cell: bigint } {
  const lane = laneOf(tx);
  return { cycle: laneBasefee(env.cycleBasefee, lane, params.feeMarket), cell: laneBasefee(env.cellBasefee, lane, params.feeMarket) };
}

/**
 * The state-dependent validity checks of §2.2 (cips/execution.md "Transaction validity"), in
 * their documented order. Signatures and the stateless checks are verified by the caller (in a
 * batch, possibly on other threads) before this runs.
 */
export function checkIncludable(accounts: Accounts, tx: Transaction, env: BlockEnv, params: ChainParams): void {
  const sender = accounts.get(tx.from);
  if (tx.nonce < sender.nonce) throw new TxRejection("NONCE_TOO_LOW", `nonce ${tx.nonce} is below the account nonce ${sender.nonce}`);
  if (tx.nonce > sender.nonce) throw new TxRejection("NONCE_TOO_HIGH", `nonce ${tx.nonce} is above the account nonce ${sender.nonce}`);
  const intrinsic = intrinsicCosts(tx, params.costTable);
  if (tx.cyclesLimit < intrinsic.cycles) {
    throw new TxRejection("INTRINSIC_CYCLES_TOO_LOW", `cycles_limit ${tx.cyclesLimit} is below the intrinsic ${intrinsic.cycles}`);
  }
  if (tx.cellsLimit < intrinsic.cells) {
    throw new TxRejection("INTRINSIC_CELLS_TOO_LOW", `cells_limit ${tx.cellsLimit} is below the intrinsic ${intrinsic.cells}`);
  }
  const basefees = laneBasefees(tx, env, params);
  if (tx.maxFeePerCycle < basefees.cycle) {
    throw new TxRejection("FEE_BELOW_BASEFEE", `max_fee_per_cycle ${tx.maxFeePerCycle} is below the cycle basefee ${basefees.cycle}`);
  }
  if (tx.maxFeePerCell < basefees.cell) {
    throw new TxRejection("FEE_BELOW_BASEFEE", `max_fee_per_cell ${tx.maxFeePerCell} is below the cell basefee ${basefees.cell}`);
  }
  const needed = tx.cyclesLimit * tx.maxFeePerCycle + tx.cellsLimit * tx.maxFeePerCell + valueOf(tx);
  if (sender.balance < needed) {
    throw new TxRejection("INSUFFICIENT_BALANCE", `balance ${sender.balance} does not cover the maximum cost ${needed}`);
  }
  if (tx.instruction.type !== "transfer") {
    throw new TxRejection("UNSUPPORTED_INSTRUCTION", `${tx.instruction.type} is not executable yet`);
  }
}

/**
 * Applies one includable transaction: nonce, pre-charge, intrinsic charge, the instruction (in
 * its own checkpoint), settlement. Throws TxRejection, having changed nothing, when it is not
 * includable.
 */
export function applyTransaction(state: StateAccess, tx: Transaction, env: BlockEnv, params: ChainParams): TxOutcome {
  const accounts = new Accounts(state, params.accountKey);
  checkIncludable(accounts, tx, env, params);
  const sender = accounts.get(tx.from);
  const precharge = tx.cyclesLimit * tx.maxFeePerCycle + tx.cellsLimit * tx.maxFeePerCell;
  accounts.put(tx.from, { ...sender, nonce: sender.nonce + 1n, balance: sender.balance - precharge });

  const intrinsic = intrinsicCosts(tx, params.costTable);
  const cyclesUsed = intrinsic.cycles;
  const cellsUsed = intrinsic.cells;
  let status: ReceiptStatus = ReceiptStatus.Success;

  const checkpoint = state.checkpoint();
  try {
    const instruction = tx.instruction;
    if (instruction.type === "transfer") {
      accounts.debit(tx.from, instruction.amount);
      accounts.credit(instruction.to, instruction.amount);
    }
    state.commitCheckpoint(checkpoint);
  } catch (error) {
    state.revertTo(checkpoint);
    if (error instanceof RangeError) status = ReceiptStatus.Reverted;
    else throw error;
  }

  const fees = settle(
    { cycles: cyclesUsed, cells: cellsUsed },
    { cycles: tx.cyclesLimit, cells: tx.cellsLimit },
    laneBasefees(tx, env, params),
    { cycle: { maxFee: tx.maxFeePerCycle, maxPriorityFee: tx.maxPriorityFeePerCycle }, cell: { maxFee: tx.maxFeePerCell, maxPriorityFee: tx.maxPriorityFeePerCell } },
  );
  accounts.credit(tx.from, fees.refund);
  accounts.credit(env.proposer, fees.tipped);

  return {
    lane: laneOf(tx),
    receipt: {
      status,
      cycles_used: cyclesUsed,
      cells_used: cellsUsed,
      fee_paid: fees.paid,
      fee_burned: fees.burned,
      fee_tipped: fees.tipped,
      return_data: new Uint8Array(0),
      events: [],
    },
  };
}
