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
    // Runner market (cips/runner-market.md "Costs"): registry and phase instructions as a transfer; those that carry
    // a payload (a job request, a revealed output, an aggregate, challenge evidence, capabilities) as an actor
    // message of that many bytes.
    case "runner_add_stake":
    case "runner_unbond":
    case "runner_withdraw":
    case "job_ack":
    case "job_commit":
      return intrinsicCost("transfer", 0n, table);
    case "runner_register":
    case "runner_update":
      return intrinsicCost("actorMessage", BigInt(instruction.capabilities.length + instruction.endpoint.length + instruction.transportKey.length), table);
    case "job_reveal":
      return intrinsicCost("actorMessage", BigInt(instruction.output.length + instruction.salt.length), table);
    case "job_aggregate":
      return intrinsicCost("actorMessage", BigInt(instruction.result.length), table);
    case "job_challenge":
      return intrinsicCost("actorMessage", BigInt(instruction.evidence.length), table);
    case "job_submit":
      return intrinsicCost("actorMessage", BigInt(instruction.request.length), table);
  }
}

/** The Cycles and Cells `tx` is charged before execution. */
export function intrinsicCosts(tx: Transaction, table: CostTable = COST_TABLE_V1): { cycles: bigint; cells: bigint } {
  const base = instructionIntrinsicCosts(tx.instruction, table);
  return { cycles: base.cycles, cells: base.cells + BigInt(tx.metadata.length) };
}
