// Simulation before sending (issue 20, "Simulate before sending"; apps/node/README.md "JSON-RPC",
// `cowboy_simulateTransaction`): the whole transaction — deploy with its constructor, call with its
// value, any instruction — applied with execution's applyTransaction on a fork of the committed state
// as the next block would run it, then thrown away. Not consensus: the state can change before the
// real transaction is included.
import { applyTransaction, envOf, laneBasefeesOf, maxFeeOf, newActorBlockContext, nextBlockBasefees, TxRejection, Accounts, valueMoved } from "@cowboy/execution";
import { createTransaction, receiptStatusName, type ReceiptStatusName, type Transaction } from "@cowboy/types";
import type { ReadOnlyEnv } from "./read-only.js";

/** What a simulated transaction did. */
export interface Simulation {
  /** The receipt status, or "rejected" when the transaction could not be included at all. */
  readonly status: ReceiptStatusName | "rejected";
  /** Canonical return value (success) or the UTF-8 error line (anything else: the Python exception, the rejection). */
  readonly data: Uint8Array;
  /** What it used, intrinsic costs included (what a fee estimate sizes its limits from). */
  readonly cyclesUsed: bigint;
  readonly cellsUsed: bigint;
}

export interface SimulationLimits {
  /** The Cycle limit it runs with when the transaction names none of its own (`cycles_limit` 0). */
  readonly maxCycles: bigint;
  readonly maxCells: bigint;
}

/**
 * Runs `tx` (its signature ignored) at the account's current nonce in a block following `env.head`.
 * Its fees are the lane's basefees with no tip, and the fork credits the sender that pre-charge first,
 * so the handler sees the balance it has now and only `value` beyond it is refused. A `cycles_limit`
 * or `cells_limit` of 0 means "as much as `limits` allows" (how a caller asks what a transaction
 * would use); any other limit is kept, so a run that would exhaust it does so here too.
 */
export function simulateTransaction(env: ReadOnlyEnv, tx: Transaction, limits: SimulationLimits): Simulation {
  const state = env.state.fork();
  const basefees = nextBlockBasefees(env.head, env.params);
  const block = {
    ...envOf(env.head, newActorBlockContext({ interpreters: env.engine })),
    height: env.head.height + 1n,
    cycleBasefee: basefees.cycle,
    cellBasefee: basefees.cell,
  };
  const accounts = new Accounts(state, env.params.accountKey);
  const sender = accounts.get(tx.from);
  const draft = createTransaction({
    ...tx,
    nonce: sender.nonce,
    cyclesLimit: tx.cyclesLimit === 0n ? limits.maxCycles : tx.cyclesLimit,
    cellsLimit: tx.cellsLimit === 0n ? limits.maxCells : tx.cellsLimit,
    maxFeePerCycle: 0n,
    maxFeePerCell: 0n,
  });
  const lane = laneBasefeesOf(draft, basefees, env.params);
  const run = createTransaction({ ...draft, maxFeePerCycle: lane.cycle, maxFeePerCell: lane.cell, maxPriorityFeePerCycle: 0n, maxPriorityFeePerCell: 0n });
  accounts.credit(tx.from, maxFeeOf(run));
  try {
    const { receipt } = applyTransaction(state, run, block, env.params);
    return { status: receiptStatusName(receipt.status), data: receipt.return_data, cyclesUsed: receipt.cycles_used, cellsUsed: receipt.cells_used };
  } catch (error) {
    if (!(error instanceof TxRejection)) throw error;
    // The pre-charge was credited first, so the rule's own numbers would include it: name the value instead.
    const message = error.code === "INSUFFICIENT_BALANCE" ? `balance ${sender.balance} does not cover the value ${valueMoved(run)} it moves (fees come on top)` : error.message;
    return { status: "rejected", data: new TextEncoder().encode(`${error.code}: ${message}`), cyclesUsed: 0n, cellsUsed: 0n };
  }
}
