// Native timers on chain (cips/actors.md "Timers", cips/scheduler.md): actors' host calls and the
// timer instructions schedule and cancel through @cowboy/scheduler (this module); at the end of
// each block the scheduler fires what is due (block/processTimers.ts). The timer instructions are in
// transaction/scheduleTimer.ts and transaction/cancelTimer.ts.
import { HostError, type TimerOptions } from "@cowboy/pvm";
import { toHex } from "@cowboy/codec";
import { laneBasefee } from "@cowboy/fee-market";
import { auctionActive, cancelTimer, currentLaneBasefee, scheduleTimer, SchedulerError, type SchedulerConfig, type TimerRecord } from "@cowboy/scheduler";
import type { Fork } from "@cowboy/state";
import type { BlockEnv, ChainParams, PyException, StateAccess } from "../types.js";
import { Accounts } from "../world.js";

// The scheduler's functions take @cowboy/state's Fork but only get, set and delete keys: every
// StateAccess can serve them.
export const asFork = (state: StateAccess): Fork => state as unknown as Fork;

/** The scheduler's refusals as the Python exceptions an actor (or a timer instruction's receipt) sees. */
export function schedulerException(error: SchedulerError): PyException & { readonly type: HostError["pyType"] } {
  switch (error.code) {
    case "TOO_MANY_TIMERS":
    case "NONCE_EXHAUSTED":
      return { type: "RuntimeError", message: error.message };
    case "NOT_OWNER":
      return { type: "PermissionError", message: error.message };
    case "TIMER_NOT_FOUND":
      return { type: "LookupError", message: error.message };
    default:
      return { type: "ValueError", message: error.message };
  }
}

/** The same refusal raised into a running actor. */
export function hostErrorOf(error: SchedulerError): HostError {
  const e = schedulerException(error);
  return new HostError(e.type, e.message);
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
  const { id, costCycles } = scheduleTimer(
    asFork(state),
    env.height,
    {
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
    },
    cfg,
  );
  return { id, costCycles };
}

/**
 * What one fire of a timer with these per-fire limits is pre-charged at the block of `env`: its
 * Cycles at the timer lane's price (the lane basefee, or the auction's lane basefee once CIP-1 is
 * active) plus its Cells at the timer lane's Cell basefee (cips/actors.md "Timers": arming check).
 */
export function perFireCharge(state: StateAccess, env: BlockEnv, params: ChainParams, cfg: SchedulerConfig, cycles: bigint, cells: bigint): bigint {
  const cyclePrice = auctionActive(cfg, env.height) ? currentLaneBasefee(asFork(state), env.height, cfg) : laneBasefee(env.cycleBasefee, "timer", params.feeMarket);
  const cellPrice = laneBasefee(env.cellBasefee, "timer", params.feeMarket);
  return cycles * cyclePrice + cells * cellPrice;
}

/**
 * The arming check: a timer is refused (ValueError) unless its fee payer can cover at least one
 * fire's pre-charge now; otherwise it would be destroyed unfired at its first due block.
 */
export function armingRefusal(
  state: StateAccess,
  env: BlockEnv,
  params: ChainParams,
  cfg: SchedulerConfig,
  feePayer: Uint8Array,
  cycles: bigint,
  cells: bigint,
): PyException | null {
  const charge = perFireCharge(state, env, params, cfg, cycles, cells);
  const balance = new Accounts(state, params.accountKey).get(feePayer).balance;
  if (balance >= charge) return null;
  return {
    type: "ValueError",
    message: `timer refused: its fee payer 0x${toHex(feePayer)} holds ${balance} but each fire is pre-charged ${charge} (cycles=${cycles} and cells=${cells} at this block's timer-lane basefees); fund it or lower cycles/cells`,
  };
}

/** Cancels `id` on behalf of `caller`: the cancelled record, or null when no such timer is pending. */
export function cancel(state: StateAccess, env: BlockEnv, cfg: SchedulerConfig, caller: Uint8Array, id: Uint8Array): TimerRecord | null {
  try {
    return cancelTimer(asFork(state), env.height, caller, id, cfg);
  } catch (error) {
    if (error instanceof SchedulerError && error.code === "TIMER_NOT_FOUND") return null;
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
