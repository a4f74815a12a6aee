// The reshare instructions (System sub_types 28–29, cips/staking.md "Reshare"): a dealer's dealing for
// the next epoch's key, and a recipient's complaint against one; a refusal reverts with `StakingError: CODE: why`.
import { StakingError, submitComplaint, submitDealing, type ReshareContext } from "@cowboy/staking";
import type { StakingSubmitComplaintInstruction, StakingSubmitDealingInstruction } from "@cowboy/types";
import { exceptionLine } from "../actors/exceptions.js";
import { reverted, succeeded, type InstructionContext, type InstructionResult } from "./instruction.js";

export function reshareInstruction(ctx: InstructionContext, ins: StakingSubmitDealingInstruction | StakingSubmitComplaintInstruction): InstructionResult {
  const config = ctx.params.staking;
  if (config === undefined) return reverted(ctx, exceptionLine({ type: "StakingError", message: "staking is not enabled on this chain" }));
  const rc: ReshareContext = { state: ctx.state, config, height: ctx.env.height, chainId: ctx.params.chainId };
  try {
    if (ins.type === "staking_submit_dealing") submitDealing(rc, ctx.tx.from, ins.epoch, ins.dealing);
    else submitComplaint(rc, ctx.tx.from, ins.epoch, ins.complaint);
  } catch (error) {
    if (!(error instanceof StakingError)) throw error;
    return reverted(ctx, exceptionLine({ type: "StakingError", message: `${error.code}: ${error.message}` }));
  }
  return succeeded(ctx);
}
