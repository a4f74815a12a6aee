// The schedule_timer and schedule_interval instructions (cips/actors.md "Timers"): the sender owns
// the timer, the target must be an actor, and a fee payer other than the sender must have signed
// the transaction. The receipt returns the 32-byte timer id, or reverts with the Python exception
// an actor scheduling the same timer would have seen.
import { equalBytes, toHex } from "@cowboy/codec";
import type { TimerOptions } from "@cowboy/pvm";
import { actorCodeKey } from "@cowboy/state";
import type { ScheduleIntervalInstruction, ScheduleTimerInstruction } from "@cowboy/types";
import { armingRefusal, schedule } from "../actors/timers.js";
import type { InstructionContext, InstructionResult } from "./instruction.js";
import { timerInstruction, timerRefusal } from "./timerInstruction.js";

/** Options a timer instruction implies: the per-fire limits it names, the default tier, no static bid. */
function instructionOptions(cyclesPerFire: bigint, cellsPerFire: bigint, expiresAt: bigint | null): TimerOptions {
  return { cyclesPerFire, cellsPerFire, expiresAt, tier: 1, maxFeePerCycle: 0n, maxPriorityFeePerCycle: 0n, biddingAgent: null };
}

export function scheduleTimer(ctx: InstructionContext, ins: ScheduleTimerInstruction | ScheduleIntervalInstruction): InstructionResult {
  return timerInstruction(ctx, () => {
    const { state, env, tx } = ctx;
    const cfg = ctx.params.scheduler;
    if (cfg === undefined) throw timerRefusal("TIMERS_DISABLED", { type: "RuntimeError", message: "timers are not enabled on this chain" });
    if (state.get(actorCodeKey(ins.target)) === undefined) throw timerRefusal("NO_ACTOR", { type: "LookupError", message: `no actor at 0x${toHex(ins.target)}` });
    const feePayer = ins.feePayer ?? tx.from;
    const signed = equalBytes(feePayer, tx.from) || tx.additionalSigners.some((s) => equalBytes(s.address, feePayer));
    if (!signed) throw timerRefusal("FEE_PAYER_NOT_SIGNED", { type: "PermissionError", message: `fee payer 0x${toHex(feePayer)} did not sign the transaction` });
    const interval = ins.type === "schedule_interval" ? ins.everyBlocks : 0n;
    if (ins.type === "schedule_interval" && interval === 0n) throw timerRefusal("ZERO_INTERVAL", { type: "ValueError", message: "every_blocks must be at least 1" });
    const fireHeight = ins.type === "schedule_timer" ? ins.fireAt : env.height + interval;
    const options = instructionOptions(ins.cyclesPerFire, ins.cellsPerFire, ins.expiresAt);
    const refusal = armingRefusal(state, env, ctx.params, cfg, feePayer, ins.cyclesPerFire, ins.cellsPerFire);
    if (refusal !== null) throw timerRefusal("UNFUNDED_TIMER", refusal);
    return schedule(state, env, cfg, { owner: tx.from, target: ins.target, feePayer, handler: ins.handler, data: ins.data, fireHeight, interval, options }).id;
  });
}
