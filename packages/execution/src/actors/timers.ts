// Native timers on chain (cips/actors.md "Timers", cips/scheduler.md): actors' host calls and the
// timer instructions schedule and cancel through @cowboy/scheduler (this module); at the end of
// each block the scheduler fires what is due (fire.ts).
import { HostError, type TimerOptions } from "@cowboy/pvm";
import { cancelTimer, scheduleTimer, SchedulerError, type SchedulerConfig } from "@cowboy/scheduler";
import type { Fork } from "@cowboy/state";
import { actorCodeKey } from "@cowboy/state";
import { equalBytes, toHex } from "@cowboy/codec";
import type { Transaction } from "@cowboy/types";
import type { ChainParams } from "../params.js";
import type { BlockEnv } from "../transaction.js";
import type { StateAccess } from "../world.js";

// The scheduler's functions take @cowboy/state's Fork but only get, set and delete keys: every
// StateAccess can serve them.
export const asFork = (state: StateAccess): Fork => state as unknown as Fork;

/** The scheduler's refusals as the Python exceptions an actor sees. */
export function hostErrorOf(error: SchedulerError): HostError {
  switch (error.code) {
    case "TOO_MANY_TIMERS":
    case "NONCE_EXHAUSTED":
      return new HostError("RuntimeError", error.message);
    case "NOT_OWNER":
      return new HostError("PermissionError", error.message);
    case "TIMER_NOT_FOUND":
      return new HostError("LookupError", error.message);
    default:
      return new HostError("ValueError", error.message);
  }
}

export interface TimerRequest {
  readonly owner: Uint8Array;
  readonly target: Uint8Array;
  readonly feePayer: Uint8Array;
  readonly handler: string;
  readonly data: Uint8Array;
  readonly fireHeight: bigint;
  readonly interval: bigint;
  readonly options: TimerOptions;
}

/** Schedules a timer in the block of `env`; SchedulerError on a refused request (nothing written). */
export function schedule(state: StateAccess, env: BlockEnv, cfg: SchedulerConfig, req: TimerRequest): { id: Uint8Array; costCycles: bigint } {
  const o = req.options;
  const { id, costCycles } = scheduleTimer(asFork(state), env.height, {
    owner: req.owner,
    target: req.target,
    feePayer: req.feePayer,
    handler: req.handler,
    data: req.data,
    fireHeight: req.fireHeight,
    interval: req.interval,
    gasLimitPerFire: o.cyclesPerFire,
    maxCellsPerFire: o.cellsPerFire,
    ...(o.expiresAt === null ? {} : { expiresAt: o.expiresAt }),
    maxFeePerCycle: o.maxFeePerCycle,
    maxPriorityFeePerCycle: o.maxPriorityFeePerCycle,
    tier: o.tier,
    gba: o.biddingAgent,
  }, cfg);
  return { id, costCycles };
}

/** Cancels `id` on behalf of `caller`: false when no such timer is pending. */
export function cancel(state: StateAccess, env: BlockEnv, cfg: SchedulerConfig, caller: Uint8Array, id: Uint8Array): boolean {
  try {
    cancelTimer(asFork(state), env.height, caller, id, cfg);
    return true;
  } catch (error) {
    if (error instanceof SchedulerError && error.code === "TIMER_NOT_FOUND") return false;
    throw error;
  }
}

/**
 * A fire's arguments: the handler is called as `handler(value)` with the decoded `data`, or with
 * no argument when `data` is empty (a transaction may schedule a call without a payload).
 */
export function firePayload(data: Uint8Array): Uint8Array {
  if (data.length === 0) return data;
  const out = new Uint8Array(1 + data.length);
  out[0] = 0x81; // a one-element CBOR array: the positional argument list [value]
  out.set(data, 1);
  return out;
}

/** The scheduler configuration, or the error an actor sees on a chain without timers. */
export function schedulerOf(params: ChainParams): SchedulerConfig {
  if (params.scheduler === undefined) throw new HostError("RuntimeError", "timers are not enabled on this chain");
  return params.scheduler;
}

/** Options a timer instruction implies: the per-fire limits it names, the default tier, no static bid. */
function instructionOptions(cyclesPerFire: bigint, cellsPerFire: bigint, expiresAt: bigint | null): TimerOptions {
  return { cyclesPerFire, cellsPerFire, expiresAt, tier: 1, maxFeePerCycle: 0n, maxPriorityFeePerCycle: 0n, biddingAgent: null };
}

/** A timer instruction refused for a reason the sender controls: the receipt says Reverted with this text. */
export class TimerInstructionError extends Error {
  override readonly name = "TimerInstructionError";
}

/**
 * Executes a schedule_timer, schedule_interval or cancel_timer instruction of `tx`
 * (cips/actors.md "Timers"): the sender owns the timer; the target must be an actor; a fee payer
 * other than the sender must have signed the transaction. Returns the receipt's return data (the
 * 32-byte timer id, or empty for a cancel); throws TimerInstructionError having written nothing.
 */
export function executeTimerInstruction(state: StateAccess, env: BlockEnv, params: ChainParams, tx: Transaction): Uint8Array {
  const cfg = params.scheduler;
  if (cfg === undefined) throw new TimerInstructionError("RuntimeError: timers are not enabled on this chain");
  const ins = tx.instruction;
  try {
    if (ins.type === "cancel_timer") {
      cancelTimer(asFork(state), env.height, tx.from, ins.timerId, cfg);
      return new Uint8Array(0);
    }
    if (ins.type !== "schedule_timer" && ins.type !== "schedule_interval") throw new TypeError(`${ins.type} is not a timer instruction`);
    if (state.get(actorCodeKey(ins.target)) === undefined) throw new TimerInstructionError(`LookupError: no actor at 0x${toHex(ins.target)}`);
    const feePayer = ins.feePayer ?? tx.from;
    const signed = equalBytes(feePayer, tx.from) || tx.additionalSigners.some((s) => equalBytes(s.address, feePayer));
    if (!signed) throw new TimerInstructionError(`PermissionError: fee payer 0x${toHex(feePayer)} did not sign the transaction`);
    const interval = ins.type === "schedule_interval" ? ins.everyBlocks : 0n;
    if (ins.type === "schedule_interval" && interval === 0n) throw new TimerInstructionError("ValueError: every_blocks must be at least 1");
    const fireHeight = ins.type === "schedule_timer" ? ins.fireAt : env.height + interval;
    return schedule(state, env, cfg, {
      owner: tx.from,
      target: ins.target,
      feePayer,
      handler: ins.handler,
      data: ins.data,
      fireHeight,
      interval,
      options: instructionOptions(ins.cyclesPerFire, ins.cellsPerFire, ins.expiresAt),
    }).id;
  } catch (error) {
    if (error instanceof SchedulerError) {
      const e = hostErrorOf(error);
      throw new TimerInstructionError(`${e.pyType}: ${e.message}`);
    }
    throw error;
  }
}
