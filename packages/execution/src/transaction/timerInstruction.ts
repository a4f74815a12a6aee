// What the timer instructions share: a refusal for a reason the sender controls (theirs, or
// @cowboy/scheduler's) reverts the instruction with the Python exception an actor would have seen.
import { SchedulerError } from "@cowboy/scheduler";
import { exceptionLine } from "../actors/exceptions.js";
import { schedulerException } from "../actors/timers.js";
import { TimerInstructionError, type TimerInstructionErrorCode } from "../errors.js";
import type { PyException } from "../types.js";
import { reverted, succeeded, type InstructionContext, type InstructionResult } from "./instruction.js";

/** A refusal of a timer instruction, as the exception an actor would see. */
export const timerRefusal = (code: TimerInstructionErrorCode, exception: PyException): TimerInstructionError =>
  new TimerInstructionError(code, exceptionLine(exception), { exception });

/** Runs `body`; a refusal (TimerInstructionError, or the scheduler's) reverts with its exception line. */
export function timerInstruction(ctx: InstructionContext, body: () => Uint8Array): InstructionResult {
  try {
    return succeeded(ctx, body());
  } catch (error) {
    const refused = error instanceof SchedulerError ? timerRefusal("SCHEDULER_REFUSED", schedulerException(error)) : error;
    if (!(refused instanceof TimerInstructionError)) throw error;
    return reverted(ctx, exceptionLine(refused.meta.exception));
  }
}
