// The rent instructions (System sub_types 80–81, cips/rent.md "Instructions"): rent_sponsor pays
// toward any actor's rent (debt with the catch-up fee first, the rest prepaid); rent_restore
// brings a dormant actor back from its original storage, the sender paying the back rent and fee.
// A refusal reverts with `RentError: CODE: why`.
import { decodeStoragePairs, RentError, restoreActor, sponsorRent } from "@cowboy/rent";
import type { RentRestoreInstruction, RentSponsorInstruction } from "@cowboy/types";
import { exceptionLine } from "../actors/exceptions.js";
import { rentEvent } from "../block/processRent.js";
import { rentContext } from "../rent.js";
import { reverted, succeeded, type InstructionContext, type InstructionResult } from "./instruction.js";

export function rentInstruction(ctx: InstructionContext, ins: RentSponsorInstruction | RentRestoreInstruction): InstructionResult {
  const rc = rentContext(ctx.state, ctx.accounts, ctx.params, ctx.env.height);
  try {
    if (ins.type === "rent_sponsor") {
      sponsorRent(rc, ctx.tx.from, ins.actor, ins.amount);
      return succeeded(ctx);
    }
    const { notice } = restoreActor(rc, ctx.tx.from, ins.actor, decodeStoragePairs(ins.storage));
    return { ...succeeded(ctx), events: [rentEvent(notice)] };
  } catch (error) {
    if (!(error instanceof RentError)) throw error;
    return reverted(ctx, exceptionLine({ type: "RentError", message: `${error.code}: ${error.message}` }));
  }
}
