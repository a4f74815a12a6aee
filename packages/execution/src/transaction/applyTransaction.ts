// Applying one transaction (cips/execution.md "Applying a transaction"): admission (the one
// predicate, checkIncludable), nonce and pre-charge, the instruction in its own checkpoint
// (dispatched by kind, one file each), then settlement of the fees on what it used (§2.3).
import { settle } from "@cowboy/fee-market";
import type { Instruction, Transaction } from "@cowboy/types";
import { intrinsicCosts } from "@cowboy/metering";
import { HostFault } from "@cowboy/pvm";
import { TxRejection } from "../errors.js";
import type { BlockEnv, ChainParams, StateAccess, TxOutcome } from "../types.js";
import { Accounts } from "../world.js";
import { callActor } from "./callActor.js";
import { cbfsInstruction } from "./cbfsInstruction.js";
import { cbfsPorInstruction } from "./cbfsPorInstruction.js";
import { cbssInstruction } from "./cbssInstruction.js";
import { cancelTimer } from "./cancelTimer.js";
import { stateRejection } from "./checkIncludable.js";
import { deployActor } from "./deployActor.js";
import { ethBridgeBurn, ethRegisterAsset, ethSlashOracle, ethWithdrawOracle } from "./ethBridge.js";
import { ethRegisterOracle, ethReportEvent, ethUnregisterOracle } from "./ethEvents.js";
import { circuitBreakRefusal, governanceInstruction } from "./governanceInstruction.js";
import type { InstructionContext, InstructionResult } from "./instruction.js";
import { laneBasefeesOf, laneOf, maxFeeOf } from "./lanes.js";
import { runnerMarketInstruction } from "./runnerMarketInstruction.js";
import { rentInstruction } from "./rentInstruction.js";
import { rentChunkInstruction } from "./rentChunkInstruction.js";
import { scheduleTimer } from "./scheduleTimer.js";
import { stakingInstruction } from "./stakingInstruction.js";
import { reshareInstruction } from "./reshareInstruction.js";
import { cbssDkgInstruction } from "./cbssDkgInstruction.js";
import { tokenInstruction } from "./tokenInstruction.js";
import { transfer } from "./transfer.js";

function execute(ctx: InstructionContext, instruction: Instruction): InstructionResult {
  // A system actor governance circuit-broke takes no instructions (cips/governance.md "Circuit breaks").
  const broken = circuitBreakRefusal(ctx, instruction);
  if (broken !== undefined) return broken;
  switch (instruction.type) {
    case "transfer":
      return transfer(ctx, instruction);
    case "deploy_actor":
    case "deploy_actor_with_manifest":
      return deployActor(ctx, instruction);
    case "call_actor":
      return callActor(ctx, instruction);
    case "schedule_timer":
    case "schedule_interval":
      return scheduleTimer(ctx, instruction);
    case "cancel_timer":
      return cancelTimer(ctx, instruction);
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
    case "storage_record_receipt":
      return cbfsInstruction(ctx, instruction);
    case "por_challenge":
    case "por_respond":
      return cbfsPorInstruction(ctx, instruction);
    case "eth_register_oracle":
      return ethRegisterOracle(ctx, instruction);
    case "eth_unregister_oracle":
      return ethUnregisterOracle(ctx, instruction);
    case "eth_report_event":
      return ethReportEvent(ctx, instruction);
    case "eth_withdraw_oracle":
      return ethWithdrawOracle(ctx, instruction);
    case "eth_slash_oracle":
      return ethSlashOracle(ctx, instruction);
    case "eth_register_asset":
      return ethRegisterAsset(ctx, instruction);
    case "eth_bridge_burn":
      return ethBridgeBurn(ctx, instruction);
    case "register_validator":
    case "add_stake":
    case "exit_validator":
    case "withdraw_stake":
    case "unjail_validator":
    case "claim_vested":
    case "report_double_vote":
    case "report_invalid_proposal":
    case "set_network_key":
      return stakingInstruction(ctx, instruction);
    case "staking_submit_dealing":
    case "staking_submit_complaint":
      return reshareInstruction(ctx, instruction);
    case "cbss_proxy_register":
    case "cbss_proxy_exit":
    case "cbss_proxy_withdraw":
    case "cbss_publish_committee":
    case "cbss_secret_put":
    case "cbss_secret_rotate":
    case "cbss_secret_revoke":
    case "cbss_secret_top_up":
    case "cbss_submit_receipts":
    case "cbss_slash_invalid_share":
    case "cbss_slash_unauthorized_release":
      return cbssInstruction(ctx, instruction);
    case "cbss_submit_dealing":
    case "cbss_submit_complaint":
    case "cbss_finalize_committee":
      return cbssDkgInstruction(ctx, instruction);
    case "runner_register":
    case "runner_add_stake":
    case "runner_update":
    case "runner_unbond":
    case "runner_withdraw":
    case "job_submit":
    case "job_ack":
    case "job_commit":
    case "job_reveal":
    case "job_aggregate":
    case "job_challenge":
      return runnerMarketInstruction(ctx, instruction);
    case "rent_sponsor":
    case "rent_restore":
      return rentInstruction(ctx, instruction);
    case "rent_restore_chunk":
      return rentChunkInstruction(ctx, instruction);
    case "token_create":
    case "token_transfer":
    case "token_transfer_from":
    case "token_approve":
    case "token_mint":
    case "token_burn":
      return tokenInstruction(ctx, instruction);
    case "gov_propose":
    case "gov_vote":
    case "gov_council":
    case "gov_deposit":
      return governanceInstruction(ctx, instruction);
  }
}

/**
 * Applies one transaction to `state` at this point of the block of `env`. Throws the TxRejection of
 * checkIncludable's rules, having changed nothing, when it is not includable; signatures and stateless rules
 * are the caller's (applyBlock checks a block's in one batch).
 */
export function applyTransaction(state: StateAccess, tx: Transaction, env: BlockEnv, params: ChainParams): TxOutcome {
  const basefees = { cycle: env.cycleBasefee, cell: env.cellBasefee };
  const accounts = new Accounts(state, params.accountKey);
  const sender = accounts.get(tx.from);
  // checkIncludable's rules, without its argument guards and signature checks (applyBlock did those for the block).
  const rejection = stateRejection(sender, tx, basefees, params, sender.nonce, 0n);
  if (rejection !== undefined) throw rejection;
  accounts.put(tx.from, { ...sender, nonce: sender.nonce + 1n, balance: sender.balance - maxFeeOf(tx) });

  const intrinsic = intrinsicCosts(tx, params.costTable);
  const checkpoint = state.checkpoint();
  let result: InstructionResult;
  try {
    result = execute({ state, accounts, tx, env, params, intrinsic }, tx.instruction);
  } catch (error) {
    state.revertTo(checkpoint);
    if (error instanceof HostFault) {
      // A fault of the chain or the interpreter is no outcome: the transaction is refused, as if never seen.
      accounts.put(tx.from, sender);
      throw new TxRejection("EXECUTION_FAULT", error.message, undefined, { cause: error });
    }
    throw error;
  }
  if (result.keep) state.commitCheckpoint(checkpoint);
  else state.revertTo(checkpoint);

  const fees = settle({ cycles: result.cyclesUsed, cells: result.cellsUsed }, { cycles: tx.cyclesLimit, cells: tx.cellsLimit }, laneBasefeesOf(tx, basefees, params), {
    cycle: { maxFee: tx.maxFeePerCycle, maxPriorityFee: tx.maxPriorityFeePerCycle },
    cell: { maxFee: tx.maxFeePerCell, maxPriorityFee: tx.maxPriorityFeePerCell },
  });
  accounts.credit(tx.from, fees.refund);
  accounts.credit(env.proposer, fees.tipped);
  return {
    lane: laneOf(tx),
    receipt: {
      status: result.status,
      cycles_used: result.cyclesUsed,
      cells_used: result.cellsUsed,
      fee_paid: fees.paid,
      fee_burned: fees.burned,
      fee_tipped: fees.tipped,
      return_data: result.returnData,
      events: result.events,
    },
  };
}
