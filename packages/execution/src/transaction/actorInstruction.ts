// What deploy_actor and call_actor share: a TxRun with the budget left after the intrinsic costs,
// and its outcome as the receipt's status, usage, return data and events.
import { ReceiptStatus, receiptStatusName } from "@cowboy/types";
import { errorBytes } from "../actors/exceptions.js";
import { TxRun } from "../actors/run.js";
import { TxExhausted } from "../errors.js";
import type { ActorOutcome } from "../types.js";
import type { InstructionContext, InstructionResult } from "./instruction.js";

/**
 * Runs `body` on a fresh TxRun; running out of Cycles or Cells reverts everything it did. The run's origin (the
 * top-level sender) is the transaction's signer unless given (the EventListener delivers as 0x14).
 */
export function runActorInstruction(ctx: InstructionContext, body: (run: TxRun) => ActorOutcome, origin: Uint8Array = ctx.tx.from): InstructionResult {
  const { tx, intrinsic } = ctx;
  const cyclesBudget = tx.cyclesLimit - intrinsic.cycles;
  const cellsBudget = tx.cellsLimit - intrinsic.cells;
  const run = new TxRun(ctx.state, ctx.env, ctx.params, ctx.env.actors, origin, cyclesBudget, cellsBudget);
  const cyclesUsed = (): bigint => intrinsic.cycles + BigInt(Number(cyclesBudget) - run.cyclesLeft);
  const cellsUsed = (): bigint => intrinsic.cells + BigInt(Number(cellsBudget) - run.cellsLeft);
  // The debug trace (block journal, outside consensus): kept for a failure or when something printed.
  const journal = (status: ReceiptStatus, exhausted: TxExhausted | null): void => {
    const error =
      exhausted === null ? run.error : { type: exhausted.meter === "cycles" ? "OutOfCycles" : "OutOfCells", message: exhausted.meta.detail, traceback: run.error?.traceback ?? [] };
    const output = run.output.text;
    if (status === ReceiptStatus.Success && output === "") return;
    ctx.env.actors.journal.traces.push({ txHash: tx.digest(), trace: { status: receiptStatusName(status), error, output } });
  };
  let outcome: ActorOutcome;
  try {
    outcome = body(run);
  } catch (error) {
    if (!(error instanceof TxExhausted)) throw error;
    const cycles = error.meter === "cycles";
    journal(cycles ? ReceiptStatus.OutOfCycles : ReceiptStatus.OutOfCells, error);
    return {
      status: cycles ? ReceiptStatus.OutOfCycles : ReceiptStatus.OutOfCells,
      returnData: errorBytes(error.meta.detail),
      events: [],
      cyclesUsed: cycles ? tx.cyclesLimit : cyclesUsed(),
      cellsUsed: cycles ? cellsUsed() : tx.cellsLimit,
      keep: false,
    };
  }
  // A failed top-level frame has reverted itself; what stands (the dedup marks of the cascade) is kept.
  ctx.env.actors.delivered.push(...run.delivered);
  const status = outcome.ok ? ReceiptStatus.Success : ReceiptStatus.Reverted;
  journal(status, null);
  if (outcome.ok) ctx.env.actors.journal.ended.push(...run.ended);
  return {
    status,
    returnData: outcome.returnData,
    events: outcome.events,
    cyclesUsed: cyclesUsed(),
    cellsUsed: cellsUsed(),
    keep: true,
  };
}
