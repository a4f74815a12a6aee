import { COST_TABLE_V1, intrinsicCost, linearCost, type CostTable } from "./costTable.js";
import type { Instruction, Transaction } from "@cowboy/types";

// Intrinsic costs (spec §17.2, §17.4; cips/execution.md "Intrinsic costs"): what a transaction
// pays before its instruction runs. Cells always include the metadata bytes (transaction data).

const utf8Length = (s: string): number => new TextEncoder().encode(s).length;

/** The Cycles and Cells an instruction is charged before it runs (without the transaction's metadata bytes). */
export function instructionIntrinsicCosts(instruction: Instruction, table: CostTable = COST_TABLE_V1): { cycles: bigint; cells: bigint } {
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
    // CBFS control-plane instructions (cips/cbfs.md §7): priced as a transfer; their records are small and fixed.
    case "relay_register":
    case "relay_heartbeat":
    case "relay_exit":
    case "relay_withdraw":
    case "storage_anchor":
    case "storage_replace":
    case "storage_delete":
    case "storage_revoke":
    case "storage_record_repair":
    case "storage_top_up":
      return intrinsicCost("transfer", 0n, table);
    // Ethereum event subscriptions (cips/interop.md "Instructions"): priced as a transfer, and a report as an actor
    // message carrying its topics and data (the delivery it may trigger runs on the remaining budget).
    case "eth_register_oracle":
    case "eth_unregister_oracle":
      return intrinsicCost("transfer", 0n, table);
    case "eth_report_event":
      return intrinsicCost("actorMessage", BigInt(instruction.topics.length + instruction.data.length), table);
    // Governance (cips/governance.md "Instructions"): a proposal or council action as an actor message carrying its
    // JSON (its records grow with it), a vote as a transfer.
    case "gov_propose":
      return intrinsicCost("actorMessage", BigInt(instruction.body.length), table);
    case "gov_council":
      return intrinsicCost("actorMessage", BigInt(instruction.action.length), table);
    case "gov_vote":
      return intrinsicCost("transfer", 0n, table);
    // Staking (cips/staking.md "Costs"): priced as a transfer; register also verifies a BLS proof of possession.
    case "register_validator": {
      const base = intrinsicCost("transfer", 0n, table);
      return { cycles: base.cycles + linearCost(table.host.blsVerify), cells: base.cells };
    }
    case "add_stake":
    case "exit_validator":
    case "withdraw_stake":
    case "unjail_validator":
    case "claim_vested":
      return intrinsicCost("transfer", 0n, table);
  }
}

/** The Cycles and Cells `tx` is charged before execution. */
export function intrinsicCosts(tx: Transaction, table: CostTable = COST_TABLE_V1): { cycles: bigint; cells: bigint } {
  const base = instructionIntrinsicCosts(tx.instruction, table);
  return { cycles: base.cycles, cells: base.cells + BigInt(tx.metadata.length) };
}
