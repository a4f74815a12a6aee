import { COST_TABLE_V1, intrinsicCost, linearCost, type CostTable } from "./costTable.js";
import { tokenOpCost, type TokenOp } from "./tokenCosts.js";
import type { Instruction, Transaction } from "@cowboy/types";

// Intrinsic costs (spec §17.2, §17.4; cips/execution.md "Intrinsic costs"): what a transaction
// pays before its instruction runs. Cells always include the metadata bytes (transaction data).

const utf8Length = (s: string): number => new TextEncoder().encode(s).length;

const TOKEN_INSTRUCTION_OPS: Record<string, TokenOp> = {
  token_create: "create",
  token_transfer: "transfer",
  token_transfer_from: "transferFrom",
  token_approve: "approve",
  token_mint: "mint",
  token_burn: "burn",
};

/** The Cycles and Cells an instruction is charged before it runs (without the transaction's metadata bytes). */
export function instructionIntrinsicCosts(instruction: Instruction, table: CostTable = COST_TABLE_V1): { cycles: bigint; cells: bigint } {
  switch (instruction.type) {
    case "transfer":
      return intrinsicCost("transfer", 0n, table);
    case "deploy_actor":
      return intrinsicCost("deploy", BigInt(instruction.code.length + instruction.args.length), table);
    case "deploy_actor_with_manifest":
      return intrinsicCost("deploy", BigInt(instruction.code.length + instruction.args.length + instruction.manifest.length), table);
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
    case "storage_top_up":
      return intrinsicCost("transfer", 0n, table);
    // A repair or holding record carries the relay's receipt (cips/cbfs.md §11.1): priced like a challenge.
    case "storage_record_repair":
    case "storage_record_receipt":
      return intrinsicCost("actorMessage", BigInt(instruction.receipt.length), table);
    // Proofs of retrievability (cips/cbfs.md §11): a receipt or a chunk and its path ride along, priced by size.
    case "por_challenge":
      return intrinsicCost("actorMessage", BigInt(instruction.receipt.length), table);
    case "por_respond":
      return intrinsicCost("actorMessage", BigInt(instruction.chunk.length + instruction.proof.length), table);
    // Ethereum event subscriptions (cips/interop.md "Instructions"): priced as a transfer, and a report as an actor
    // message carrying its topics and data (the delivery it may trigger runs on the remaining budget).
    case "eth_register_oracle":
    case "eth_unregister_oracle":
      return intrinsicCost("transfer", 0n, table);
    case "eth_report_event":
      return intrinsicCost("actorMessage", BigInt(instruction.topics.length + instruction.data.length), table);
    // Unbonding and bridge hooks (cips/interop.md "Costs"): a withdrawal as a transfer; slashing evidence as an actor
    // message of its bytes plus two secp256k1 recoveries; registering an asset and burning as a transfer plus the
    // token operation they perform (§17.3).
    case "eth_withdraw_oracle":
      return intrinsicCost("transfer", 0n, table);
    case "eth_slash_oracle": {
      const base = intrinsicCost("actorMessage", BigInt(instruction.first.length + instruction.second.length), table);
      return { cycles: base.cycles + 2n * linearCost(table.host.secp256k1Verify), cells: base.cells };
    }
    case "eth_register_asset":
    case "eth_bridge_burn": {
      const base = intrinsicCost("transfer", 0n, table);
      const op = instruction.type === "eth_register_asset" ? tokenOpCost("create", utf8Length(instruction.name) + utf8Length(instruction.symbol)) : tokenOpCost("burn");
      return { cycles: base.cycles + op.cycles, cells: base.cells + op.cells };
    }
    // Governance (cips/governance.md "Instructions"): a proposal or council action as an actor message carrying its
    // JSON (its records grow with it), a vote as a transfer.
    case "gov_propose":
      return intrinsicCost("actorMessage", BigInt(instruction.body.length), table);
    case "gov_council":
      return intrinsicCost("actorMessage", BigInt(instruction.action.length), table);
    case "gov_vote":
    case "gov_deposit":
      return intrinsicCost("transfer", 0n, table);
    // Staking (cips/staking.md "Costs"): priced as a transfer; register also verifies a BLS proof of possession.
    case "register_validator": {
      const base = intrinsicCost("transfer", 0n, table);
      return { cycles: base.cycles + linearCost(table.host.blsVerify), cells: base.cells };
    }
    // Double-vote evidence verifies two BLS signatures.
    case "report_double_vote": {
      const base = intrinsicCost("transfer", 0n, table);
      return { cycles: base.cycles + 2n * linearCost(table.host.blsVerify), cells: base.cells };
    }
    // Invalid-proposal evidence: the header's bytes as an actor message (it is decoded and hashed) and one BLS verification.
    case "report_invalid_proposal": {
      const base = intrinsicCost("actorMessage", BigInt(instruction.header.length), table);
      return { cycles: base.cycles + linearCost(table.host.blsVerify), cells: base.cells };
    }
    // A network key's Ed25519 signature (cips/staking.md "Network keys"): priced as one BLS verification (a bound above it).
    case "set_network_key": {
      const base = intrinsicCost("transfer", 0n, table);
      return { cycles: base.cycles + linearCost(table.host.blsVerify), cells: base.cells };
    }
    case "add_stake":
    case "exit_validator":
    case "withdraw_stake":
    case "unjail_validator":
    case "claim_vested":
      return intrinsicCost("transfer", 0n, table);
    // Reshare (cips/staking.md "Reshare"): the bytes as an actor message; checking a dealing decompresses its
    // points (one BLS verification per 384 bytes, i.e. per 8 points), a complaint costs two (a DLEQ proof and a Feldman check).
    case "staking_submit_dealing": {
      const base = intrinsicCost("actorMessage", BigInt(instruction.dealing.length), table);
      return { cycles: base.cycles + linearCost(table.host.blsVerify) * (1n + BigInt(instruction.dealing.length) / 384n), cells: base.cells };
    }
    case "staking_submit_complaint": {
      const base = intrinsicCost("actorMessage", BigInt(instruction.complaint.length), table);
      return { cycles: base.cycles + 2n * linearCost(table.host.blsVerify), cells: base.cells };
    }
    // CBSS (cips/cbss.md §12 "Costs"): priced as a transfer plus their bytes as data; proxy registration verifies a
    // BLS proof of possession, slashing evidence a share (one more pairing check) and a secp256k1 recovery.
    case "cbss_proxy_register": {
      const base = intrinsicCost("transfer", 0n, table);
      return { cycles: base.cycles + linearCost(table.host.blsVerify), cells: base.cells };
    }
    case "cbss_slash_invalid_share":
    case "cbss_slash_unauthorized_release": {
      const base = intrinsicCost("actorMessage", BigInt(instruction.evidence.length), table);
      return { cycles: base.cycles + linearCost(table.host.blsVerify), cells: base.cells };
    }
    case "cbss_proxy_exit":
    case "cbss_proxy_withdraw":
    case "cbss_secret_revoke":
    case "cbss_secret_top_up":
      return intrinsicCost("transfer", 0n, table);
    case "cbss_publish_committee":
      return intrinsicCost("actorMessage", BigInt(instruction.dealing.length), table);
    // Committee DKG (cips/cbss.md "DKG"): as the validators' reshare (cips/staking.md "Reshare"); finalizing combines
    // the standing dealings' commitments (about one BLS verification per 8 points), charged at 64 points.
    case "cbss_submit_dealing": {
      const base = intrinsicCost("actorMessage", BigInt(instruction.dealing.length), table);
      return { cycles: base.cycles + linearCost(table.host.blsVerify) * (1n + BigInt(instruction.dealing.length) / 384n), cells: base.cells };
    }
    case "cbss_submit_complaint": {
      const base = intrinsicCost("actorMessage", BigInt(instruction.complaint.length), table);
      return { cycles: base.cycles + 2n * linearCost(table.host.blsVerify), cells: base.cells };
    }
    case "cbss_finalize_committee": {
      const base = intrinsicCost("transfer", 0n, table);
      return { cycles: base.cycles + 8n * linearCost(table.host.blsVerify), cells: base.cells };
    }
    case "cbss_secret_put":
    case "cbss_secret_rotate":
      return intrinsicCost("actorMessage", BigInt(instruction.envelope.length + instruction.policy.length), table);
    case "cbss_submit_receipts":
      return intrinsicCost("actorMessage", BigInt(instruction.receipts.length), table);
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
    // State rent (cips/rent.md "Instructions"): a sponsorship is priced as a transfer; a restoration as
    // a transfer plus one Cell per byte of the storage it writes back.
    case "rent_sponsor":
      return intrinsicCost("transfer", 0n, table);
    // Platform tokens (cips/tokens.md "Costs"): a transfer's intrinsic cost plus the §17.3 Cycles and Cells of the
    // operation; a validation hook's Cycles are charged as it uses them.
    case "token_create":
    case "token_transfer":
    case "token_transfer_from":
    case "token_approve":
    case "token_mint":
    case "token_burn": {
      const base = intrinsicCost("transfer", 0n, table);
      const named = instruction.type === "token_create" ? utf8Length(instruction.name) + utf8Length(instruction.symbol) : 0;
      const op = tokenOpCost(TOKEN_INSTRUCTION_OPS[instruction.type]!, named);
      return { cycles: base.cycles + op.cycles, cells: base.cells + op.cells };
    }
    case "rent_restore": {
      const base = intrinsicCost("transfer", 0n, table);
      return { cycles: base.cycles, cells: base.cells + BigInt(instruction.storage.length) };
    }
    case "rent_restore_chunk": {
      const base = intrinsicCost("transfer", 0n, table);
      return { cycles: base.cycles, cells: base.cells + BigInt(instruction.data.length) };
    }
  }
}

/** The Cycles and Cells `tx` is charged before execution. */
export function intrinsicCosts(tx: Transaction, table: CostTable = COST_TABLE_V1): { cycles: bigint; cells: bigint } {
  const base = instructionIntrinsicCosts(tx.instruction, table);
  return { cycles: base.cycles, cells: base.cells + BigInt(tx.metadata.length) };
}
