// The call_actor instruction (cips/actors.md "Instructions"): a call into an actor with value, then
// the cascade of messages it queues.
import type { CallActorInstruction } from "@cowboy/types";
import { runActorInstruction } from "./actorInstruction.js";
import type { InstructionContext, InstructionResult } from "./instruction.js";

export function callActor(ctx: InstructionContext, instruction: CallActorInstruction): InstructionResult {
  return runActorInstruction(ctx, (run) => run.call(instruction.target, instruction.method, instruction.args, instruction.value));
}
