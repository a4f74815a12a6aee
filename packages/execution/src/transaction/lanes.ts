// Which lane a transaction rides and the basefees it pays there (spec §6.3, cips/fee-market.md).
import { laneBasefee, type LaneId } from "@cowboy/fee-market";
import type { Instruction, Transaction } from "@cowboy/types";
import type { Basefees, ChainParams } from "../types.js";

/** The staking instructions (System sub_types 16–31, cips/staking.md "Instructions"). */
export function isStakingInstruction(instruction: Instruction): boolean {
  switch (instruction.type) {
    case "register_validator":
    case "add_stake":
    case "exit_validator":
    case "withdraw_stake":
    case "unjail_validator":
    case "claim_vested":
    case "staking_submit_dealing":
    case "staking_submit_complaint":
    case "report_double_vote":
    case "report_invalid_proposal":
    case "set_network_key":
      return true;
    default:
      return false;
  }
}

/** The runner market's instructions (System sub_types 32–47, cips/runner-market.md "Instructions"). */
export function isRunnerMarketInstruction(instruction: Instruction): boolean {
  return instruction.type.startsWith("runner_") || instruction.type.startsWith("job_");
}

/** The governance instructions (System sub_types 64–79, cips/governance.md "Instructions"). */
export function isGovernanceInstruction(instruction: Instruction): boolean {
  return instruction.type === "gov_propose" || instruction.type === "gov_vote" || instruction.type === "gov_council" || instruction.type === "gov_deposit";
}

/**
 * Staking and governance instructions ride the System lane (spec §6.3); the job phases runners send (ack, commit,
 * reveal, aggregate, challenge) the Runner lane (§17.9: "Runner job results, attestations"); every other signed
 * transaction the user lane.
 */
export function laneOf(tx: Transaction): LaneId {
  if (isStakingInstruction(tx.instruction) || isGovernanceInstruction(tx.instruction)) return "system";
  const type = tx.instruction.type;
  if (type.startsWith("job_") && type !== "job_submit") return "runner";
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
    case "register_validator":
    case "add_stake":
    case "runner_add_stake":
      return tx.instruction.amount;
    case "cbss_proxy_register":
      return tx.instruction.stake;
    case "cbss_secret_put":
      return tx.instruction.deposit;
    case "cbss_secret_top_up":
      return tx.instruction.amount;
    case "runner_register":
      return tx.instruction.stake;
    case "job_submit":
      return tx.instruction.maxPrice;
    case "rent_sponsor":
      return tx.instruction.amount;
    case "gov_propose":
      return tx.instruction.deposit;
    case "gov_deposit":
      return tx.instruction.amount;
    default:
      return 0n;
  }
}

/** The most `tx` can cost its sender: every Cycle and Cell of its limits at its max fees. */
export function maxFeeOf(tx: Transaction): bigint {
  return tx.cyclesLimit * tx.maxFeePerCycle + tx.cellsLimit * tx.maxFeePerCell;
}
