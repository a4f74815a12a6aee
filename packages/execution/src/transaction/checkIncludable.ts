// Transaction validity (spec §2.2, cips/execution.md "Transaction validity"): the one predicate
// that says whether a transaction may be included on a state. applyTransaction enforces it before
// executing anything, and a transaction pool calls it on admission (with `pendingNonce` and
// `pendingCost` for the sender's transactions it already holds). TX_REJECTIONS says which refusals
// are permanent (drop it) and which transient (keep it for later).
import { aobject, au64 } from "@cowboy/codec";
import { checkTransaction, verifyTransactionSignatures, TransactionError, type Account, type Transaction } from "@cowboy/types";
import { ExecutionError, TxRejection } from "../errors.js";
import { astate } from "../guards.js";
import { intrinsicCosts } from "@cowboy/metering";
import type { Basefees, ChainParams, StateAccess } from "../types.js";
import { Accounts } from "../world.js";
import { isGovernanceInstruction, isRunnerMarketInstruction, isStakingInstruction, laneBasefeesOf, maxFeeOf, valueMoved } from "./lanes.js";

export interface IncludableOptions {
  /** The state `tx` would apply to: a block's fork at this point, or a pool's head state. */
  readonly state: StateAccess;
  /** The signed transaction. */
  readonly tx: Transaction;
  /** The global basefees of the block `tx` would join (a pool: `nextBlockBasefees(head, params)`); its lane's multiplier is applied here. */
  readonly basefees: Basefees;
  /** The chain's parameters (chain id, limits, cost table, fee market, scheduler). */
  readonly params: ChainParams;
  /**
   * Whether to check the stateless rules and the signatures here (default true). applyBlock passes
   * false, having checked the whole block's in one batch; a pool that verified them the same way may too.
   */
  readonly verifySignatures?: boolean;
  /**
   * For a pool holding the sender's earlier transactions: the nonce after the last of them. Nonces
   * from the account's up to this one are admitted (a lower one replaces a pending transaction;
   * the pool decides whether it may). Default: the account nonce, the only one a block accepts.
   */
  readonly pendingNonce?: bigint;
  /** The summed maximum cost (fees plus value) of those earlier transactions, which the balance must cover too. Needs `pendingNonce`. */
  readonly pendingCost?: bigint;
}

/** Why `tx` cannot be included on `state`, or undefined when it can. Checks in §2.2's documented order. */
export function checkIncludable(options: IncludableOptions): TxRejection | undefined {
  const { state, tx, basefees, params } = aobject(options, "checkIncludable: options");
  astate(state, "checkIncludable: state");
  aobject(tx, "checkIncludable: tx");
  if (options.pendingCost !== undefined && options.pendingNonce === undefined) {
    throw new ExecutionError("CONTRADICTORY_OPTIONS", "checkIncludable: `pendingCost` without `pendingNonce` (earlier pending transactions with no nonces)");
  }
  if (options.verifySignatures !== false) {
    const problem = checkTransaction(tx, { chainId: params.chainId, limits: params.txLimits })[0];
    if (problem !== undefined) return new TxRejection("STATELESS_CHECK_FAILED", `${problem.code}: ${problem.message}`, { transactionError: problem.code });
    try {
      verifyTransactionSignatures(tx);
    } catch (error) {
      if (!(error instanceof TransactionError)) throw error;
      return new TxRejection("INVALID_SIGNATURE", `${error.code}: ${error.message}`, { transactionError: error.code });
    }
  }
  const sender = new Accounts(state, params.accountKey).get(tx.from);
  const pendingNonce = options.pendingNonce === undefined ? undefined : au64(options.pendingNonce, "checkIncludable: pendingNonce");
  if (pendingNonce !== undefined && pendingNonce < sender.nonce)
    throw new ExecutionError("INVALID_ARGUMENT", `checkIncludable: pendingNonce ${pendingNonce} is below the account nonce ${sender.nonce}`);
  const pendingCost = options.pendingCost === undefined ? 0n : au64(options.pendingCost, "checkIncludable: pendingCost");
  return stateRejection(sender, tx, basefees, params, pendingNonce ?? sender.nonce, pendingCost);
}

/**
 * The state-dependent rules, in order, for a sender holding `sender` with transactions pending up
 * to nonce `highest` costing `pendingCost`. applyTransaction calls this directly (its inputs are
 * a block's, checked once); everyone else calls checkIncludable.
 */
export function stateRejection(sender: Account, tx: Transaction, basefees: Basefees, params: ChainParams, highest: bigint, pendingCost: bigint): TxRejection | undefined {
  if (tx.nonce < sender.nonce) return new TxRejection("NONCE_TOO_LOW", `nonce ${tx.nonce} is below the account nonce ${sender.nonce}`);
  if (tx.nonce > highest) return new TxRejection("NONCE_TOO_HIGH", `nonce ${tx.nonce} is above the ${highest === sender.nonce ? "account" : "pending"} nonce ${highest}`);
  const intrinsic = intrinsicCosts(tx, params.costTable);
  if (tx.cyclesLimit < intrinsic.cycles) return new TxRejection("INTRINSIC_CYCLES_TOO_LOW", `cycles_limit ${tx.cyclesLimit} is below the intrinsic ${intrinsic.cycles}`);
  if (tx.cellsLimit < intrinsic.cells) return new TxRejection("INTRINSIC_CELLS_TOO_LOW", `cells_limit ${tx.cellsLimit} is below the intrinsic ${intrinsic.cells}`);
  const lane = laneBasefeesOf(tx, basefees, params);
  if (tx.maxFeePerCycle < lane.cycle) return new TxRejection("FEE_BELOW_BASEFEE", `max_fee_per_cycle ${tx.maxFeePerCycle} is below the cycle basefee ${lane.cycle}`);
  if (tx.maxFeePerCell < lane.cell) return new TxRejection("FEE_BELOW_BASEFEE", `max_fee_per_cell ${tx.maxFeePerCell} is below the cell basefee ${lane.cell}`);
  const needed = maxFeeOf(tx) + valueMoved(tx) + pendingCost;
  if (sender.balance < needed) {
    const what = pendingCost === 0n ? "the maximum cost" : "the maximum cost with the pending transactions'";
    return new TxRejection("INSUFFICIENT_BALANCE", `balance ${sender.balance} does not cover ${what} ${needed}`);
  }
  const type = tx.instruction.type;
  const timer = type === "schedule_timer" || type === "schedule_interval" || type === "cancel_timer";
  if (timer && params.scheduler === undefined) return new TxRejection("UNSUPPORTED_INSTRUCTION", `${type}: timers are not enabled on this chain`);
  const eth = type.startsWith("eth_");
  if (eth && params.interop === undefined) return new TxRejection("UNSUPPORTED_INSTRUCTION", `${type}: Ethereum event subscriptions are not enabled on this chain`);
  const staking = isStakingInstruction(tx.instruction);
  if (staking && params.staking === undefined) return new TxRejection("UNSUPPORTED_INSTRUCTION", `${type}: staking is not enabled on this chain`);
  const runnerMarket = isRunnerMarketInstruction(tx.instruction);
  if (runnerMarket && params.runnerMarket === undefined) return new TxRejection("UNSUPPORTED_INSTRUCTION", `${type}: the runner market is not enabled on this chain`);
  const governance = isGovernanceInstruction(tx.instruction);
  if (governance && params.governance === undefined) return new TxRejection("UNSUPPORTED_INSTRUCTION", `${type}: governance is not enabled on this chain`);
  // Every other instruction is executable on every chain: applyTransaction's dispatch is exhaustive over INSTRUCTIONS.
  return undefined;
}
