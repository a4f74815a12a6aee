// The staking instructions (System sub_types 16–24, cips/staking.md "Instructions"): each calls its
// @cowboy/staking rule with the sender's balances; a refusal reverts with `StakingError: CODE: why`.
import {
  addStake,
  claimVested,
  exit,
  register,
  reportDoubleVote,
  reportInvalidProposal,
  setNetworkKey,
  StakingError,
  unjail,
  withdraw,
  type StakingAccounts,
  type StakingContext,
} from "@cowboy/staking";
import type {
  AddStakeInstruction,
  ClaimVestedInstruction,
  ExitValidatorInstruction,
  RegisterValidatorInstruction,
  ReportDoubleVoteInstruction,
  ReportInvalidProposalInstruction,
  SetNetworkKeyInstruction,
  UnjailValidatorInstruction,
  WithdrawStakeInstruction,
} from "@cowboy/types";
import { SYSTEM_ACTORS, systemAddress } from "@cowboy/types";
import { exceptionLine } from "../actors/exceptions.js";
import type { Accounts } from "../world.js";
import { reverted, succeeded, type InstructionContext, type InstructionResult } from "./instruction.js";

export type StakingInstruction =
  | ClaimVestedInstruction
  | RegisterValidatorInstruction
  | AddStakeInstruction
  | ExitValidatorInstruction
  | WithdrawStakeInstruction
  | UnjailValidatorInstruction
  | ReportDoubleVoteInstruction
  | ReportInvalidProposalInstruction
  | SetNetworkKeyInstruction;

/** Execution's balances as @cowboy/staking sees them. */
export function stakingAccounts(accounts: Accounts): StakingAccounts {
  return {
    balanceOf: (address) => accounts.get(address).balance,
    debit: (address, amount) => accounts.debit(address, amount),
    credit: (address, amount) => accounts.credit(address, amount),
  };
}

export function stakingInstruction(ctx: InstructionContext, ins: StakingInstruction): InstructionResult {
  const config = ctx.params.staking;
  // Admission (checkIncludable) refuses staking instructions on a chain without staking.
  if (config === undefined) return reverted(ctx, exceptionLine({ type: "StakingError", message: "staking is not enabled on this chain" }));
  const sc: StakingContext = { state: ctx.state, accounts: stakingAccounts(ctx.accounts), config, height: ctx.env.height };
  const from = ctx.tx.from;
  try {
    switch (ins.type) {
      case "register_validator":
        register(sc, { address: from, blsPublicKey: ins.blsPublicKey, proofOfPossession: ins.proofOfPossession, amount: ins.amount });
        break;
      case "add_stake":
        addStake(sc, from, ins.amount);
        break;
      case "exit_validator":
        exit(sc, from);
        break;
      case "withdraw_stake":
        withdraw(sc, from);
        break;
      case "unjail_validator":
        unjail(sc, from);
        break;
      case "claim_vested":
        claimVested(sc.state, sc.accounts, from, sc.height);
        break;
      case "set_network_key":
        setNetworkKey(sc, ctx.params.chainId, from, ins.networkKey, ins.signature);
        break;
      case "report_invalid_proposal":
        reportInvalidProposal(sc, ctx.params.chainId, {
          offender: ins.offender,
          epoch: ins.epoch,
          view: ins.view,
          parent: ins.parent,
          header: ins.header,
          signature: ins.signature,
        });
        break;
      case "report_double_vote":
        reportDoubleVote(
          sc,
          ctx.params.chainId,
          {
            offender: ins.offender,
            kind: ins.kind,
            epoch: ins.epoch,
            view: ins.view,
            a: { parent: ins.parentA, payload: ins.payloadA, signature: ins.signatureA },
            b: { parent: ins.parentB, payload: ins.payloadB, signature: ins.signatureB },
          },
          from,
          systemAddress(SYSTEM_ACTORS.treasury),
        );
        break;
    }
  } catch (error) {
    if (!(error instanceof StakingError)) throw error;
    return reverted(ctx, exceptionLine({ type: "StakingError", message: `${error.code}: ${error.message}` }));
  }
  return succeeded(ctx);
}
