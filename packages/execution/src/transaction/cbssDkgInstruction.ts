// The proxy committee's DKG / reshare instructions (System sub_types 139–141, cips/cbss.md "DKG"): they call
// @cowboy/cbss's committee run; a refusal reverts with `CbssError: CODE: message`. A failed finalize is a
// success that records its reason (cbss dkgFailure), so the run's dealings are dropped and a new run may open.
import { CbssError, type CbssContext, DEFAULT_CBSS_CONFIG, finalizeCommitteeDkg, submitCommitteeComplaint, submitCommitteeDealing } from "@cowboy/cbss";
import type { InstructionOf } from "@cowboy/types";
import { exceptionLine } from "../actors/exceptions.js";
import { type InstructionContext, type InstructionResult, reverted, succeeded } from "./instruction.js";

type CbssDkgInstruction = InstructionOf<"cbss_submit_dealing" | "cbss_submit_complaint" | "cbss_finalize_committee">;

export function cbssDkgInstruction(ctx: InstructionContext, ins: CbssDkgInstruction): InstructionResult {
  const c: CbssContext = {
    state: ctx.state,
    accounts: { balanceOf: (a) => ctx.accounts.get(a).balance, debit: (a, v) => ctx.accounts.debit(a, v), credit: (a, v) => ctx.accounts.credit(a, v) },
    config: ctx.params.cbss ?? DEFAULT_CBSS_CONFIG,
    height: ctx.env.height,
    chainId: ctx.params.chainId,
    sender: ctx.tx.from,
  };
  try {
    if (ins.type === "cbss_submit_dealing") submitCommitteeDealing(c, ins.epoch, ins.dealing);
    else if (ins.type === "cbss_submit_complaint") submitCommitteeComplaint(c, ins.epoch, ins.complaint);
    else finalizeCommitteeDkg(c, ins.epoch);
  } catch (error) {
    if (error instanceof CbssError) return reverted(ctx, exceptionLine({ type: "CbssError", message: `${error.code}: ${error.message}` }));
    throw error;
  }
  return succeeded(ctx);
}
