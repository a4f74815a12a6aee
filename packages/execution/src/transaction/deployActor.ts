// The deploy_actor instruction (spec §1.2, cips/actors.md "Deploy"): the code installed at its
// CREATE2-style address, then its constructor and the cascade it queues.
import { toHex } from "@cowboy/codec";
import { ensureTracked } from "@cowboy/rent";
import { actorCodeKey } from "@cowboy/state";
import { actorAddress, codeHash, isCanonicalSource, type DeployActorInstruction } from "@cowboy/types";
import { exceptionLine } from "../actors/exceptions.js";
import { isSystemAddress } from "../actors/limits.js";
import type { ActorOutcome, PyException } from "../types.js";
import { rentConfigOf } from "../rent.js";
import { runActorInstruction } from "./actorInstruction.js";
import type { InstructionContext, InstructionResult } from "./instruction.js";

const refuse = (e: PyException): ActorOutcome => ({ ok: false, returnData: new TextEncoder().encode(exceptionLine(e)), events: [] });

export function deployActor(ctx: InstructionContext, instruction: DeployActorInstruction): InstructionResult {
  return runActorInstruction(ctx, (run) => {
    if (!isCanonicalSource(instruction.code)) {
      return refuse({ type: "ValueError", message: "code is not canonical Python source (UTF-8 without a BOM, LF line endings, NFC-normalized)" });
    }
    const hash = codeHash(instruction.code);
    const address = actorAddress(ctx.tx.from, instruction.salt, hash);
    if (isSystemAddress(address, ctx.params.actors)) return refuse({ type: "ValueError", message: "the address falls in the reserved system range" });
    if (run.accounts.get(address).code_hash !== null) return refuse({ type: "ValueError", message: `an actor already exists at 0x${toHex(address)}` });
    const install = (): void => {
      run.state.set(actorCodeKey(address), instruction.code);
      run.accounts.put(address, { ...run.accounts.get(address), code_hash: hash });
      // Joins the rent cursor's ring (cips/rent.md "Bounded work").
      ensureTracked(run.state, address, rentConfigOf(ctx.params), ctx.env.height, BigInt(ctx.params.actors.storageQuotaBytes));
    };
    return run.deploy(address, install, instruction.args);
  });
}
