import { intrinsicCost, type CostTable } from "@cowboy/metering";
import type { Instruction, Transaction } from "@cowboy/types";

// Intrinsic costs (spec §17.2, §17.4; cips/execution.md "Intrinsic costs"): what a transaction
// pays before its instruction runs. Cells always include the metadata bytes (transaction data).

const utf8Length = (s: string): number => new TextEncoder().encode(s).length;

function instructionIntrinsic(instruction: Instruction, table: CostTable): { cycles: bigint; cells: bigint } {
  switch (instruction.type) {
    case "transfer":
      return intrinsicCost("transfer", 0n, table);
    case "deploy_actor":
      return intrinsicCost("deploy", BigInt(instruction.code.length + instruction.args.length), table);
    case "call_actor":
      return intrinsicCost("actorMessage", BigInt(instruction.args.length + utf8Length(instruction.method)), table);
    case "schedule_timer":
    case "schedule_interval":
    case "cancel_timer":
      return intrinsicCost("timerSchedule", 0n, table);
  }
}

/** The Cycles and Cells `tx` is charged before execution, under the chain's cost table (`params.costTable`). */
export function intrinsicCosts(tx: Transaction, table: CostTable): { cycles: bigint; cells: bigint } {
  const base = instructionIntrinsic(tx.instruction, table);
  return { cycles: base.cycles, cells: base.cells + BigInt(tx.metadata.length) };
}
