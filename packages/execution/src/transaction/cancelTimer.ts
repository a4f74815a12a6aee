// The cancel_timer instruction (cips/actors.md "Timers"): the sender cancels a timer it owns. The
// receipt's return data is empty, or it reverts with LookupError (no such timer) or
// PermissionError (not the owner), as an actor's cancel would raise.
import { cancelTimer as cancelScheduled } from "@cowboy/scheduler";
import type { CancelTimerInstruction } from "@cowboy/types";
import { asFork } from "../actors/timers.js";
import type { InstructionContext, InstructionResult } from "./instruction.js";
import { timerInstruction, timerRefusal } from "./timerInstruction.js";

export function cancelTimer(ctx: InstructionContext, ins: CancelTimerInstruction): InstructionResult {
  return timerInstruction(ctx, () => {
    const cfg = ctx.params.scheduler;
    if (cfg === undefined) throw timerRefusal("TIMERS_DISABLED", { type: "RuntimeError", message: "timers are not enabled on this chain" });
    const record = cancelScheduled(asFork(ctx.state), ctx.env.height, ctx.tx.from, ins.timerId, cfg);
    ctx.env.actors.journal.ended.push({ timerId: ins.timerId.slice(), owner: record.owner, handler: record.handler, reason: "cancelled" });
    return new Uint8Array(0);
  });
}
