import type { Fork } from "@cowboy/state";
import { abytesIn, au64, equalBytes, U64_MAX } from "@cowboy/codec";
import type { SchedulerConfig } from "./config.js";
import { SchedulerError } from "./errors.js";
import { actorKey, recordKey } from "./keys.js";
import { enqueue, initialMeta, loadMeta, saveMeta, unqueue } from "./queue.js";
import { ownerAppend, ownerRemove } from "./owners.js";
import { checkRecord, decodeTimerRecord, encodeTimerRecord, timerId, type PriorityTier, type TimerRecord } from "./timerRecord.js";
import { actorCodec, type ActorTimers } from "./storedCodecs.js";

/** What an actor (through the host call) asks for. Absent optional fields take the noted defaults. */
export interface ScheduleRequest {
  readonly owner: Uint8Array;
  /** The actor whose handler runs; defaults to the owner. */
  readonly target?: Uint8Array;
  readonly handler: string;
  readonly data: Uint8Array;
  /** First fire height; must be after the current block. */
  readonly fireHeight: bigint;
  /** Blocks between fires; 0 (default) for one-shot. */
  readonly interval?: bigint;
  /** Defaults to the owner. */
  readonly feePayer?: Uint8Array;
  readonly gasLimitPerFire: bigint;
  readonly maxCellsPerFire: bigint;
  /** Last height at which the timer may fire; default never (2^64 − 1). */
  readonly expiresAt?: bigint;
  readonly maxFeePerCycle?: bigint;
  readonly maxPriorityFeePerCycle?: bigint;
  /** Default-GBA tier; default standard. */
  readonly tier?: PriorityTier;
  readonly gba?: Uint8Array | null;
}

/** The created timer and the non-refundable Cycles the caller must charge. */
export interface Scheduled {
  readonly id: Uint8Array;
  readonly record: TimerRecord;
  readonly costCycles: bigint;
}

/** Whether the CIP-1 auction (§5.1b) governs the block at `height`. */
export function auctionActive(cfg: SchedulerConfig, height: bigint): boolean {
  return cfg.auctionActivationHeight !== null && height >= cfg.auctionActivationHeight;
}

export function readActor(fork: Fork, owner: Uint8Array): ActorTimers {
  const raw = fork.get(actorKey(owner));
  return raw === undefined ? { active: 0, nonce: 0n } : actorCodec.dec(raw);
}

export function writeActor(fork: Fork, owner: Uint8Array, a: ActorTimers): void {
  fork.set(actorKey(owner), actorCodec.enc(a));
}

/** The stored record of timer `id`, or undefined. */
export function getTimer(fork: Fork, id: Uint8Array): TimerRecord | undefined {
  abytesIn(id, "id", 32, 32);
  const raw = fork.get(recordKey(id));
  return raw === undefined ? undefined : decodeTimerRecord(raw);
}

/** How many active timers `owner` has. */
export function activeTimers(fork: Fork, owner: Uint8Array): number {
  return readActor(fork, abytesIn(owner, "owner", 20, 20)).active;
}

/**
 * set_timer / set_interval, called by execution while the block at `height` runs. Checks every
 * argument and the owner's cap before writing anything; on success the timer is queued at
 * `fireHeight` (strictly after `height`, so it never fires in the block that made it).
 */
export function scheduleTimer(fork: Fork, height: bigint, request: ScheduleRequest, cfg: SchedulerConfig): Scheduled {
  au64(height, "height");
  if (request === null || typeof request !== "object") throw new SchedulerError("INVALID_ARGUMENT", "request: expected an object");
  const owner = abytesIn(request.owner, "owner", 20, 20);
  const record: TimerRecord = {
    owner: owner.slice(),
    target: abytesIn(request.target ?? owner, "target", 20, 20).slice(),
    handler: request.handler,
    data: abytesIn(request.data, "data", 0, cfg.maxDataBytes).slice(),
    fireHeight: au64(request.fireHeight, "fireHeight"),
    interval: au64(request.interval ?? 0n, "interval"),
    feePayer: abytesIn(request.feePayer ?? owner, "feePayer", 20, 20).slice(),
    gasLimitPerFire: au64(request.gasLimitPerFire, "gasLimitPerFire", 1n),
    maxCellsPerFire: au64(request.maxCellsPerFire, "maxCellsPerFire"),
    expiresAt: au64(request.expiresAt ?? U64_MAX, "expiresAt"),
    maxFeePerCycle: au64(request.maxFeePerCycle ?? 0n, "maxFeePerCycle"),
    maxPriorityFeePerCycle: au64(request.maxPriorityFeePerCycle ?? 0n, "maxPriorityFeePerCycle"),
    tier: request.tier ?? 1,
    gba: request.gba === undefined || request.gba === null ? null : abytesIn(request.gba, "gba", 20, 20).slice(),
    createdAt: height,
  };
  checkRecord(record);
  if (record.fireHeight <= height) {
    throw new SchedulerError("FIRE_HEIGHT_NOT_IN_FUTURE", `fireHeight: ${record.fireHeight} is not after the current block ${height}`);
  }
  if (record.expiresAt < record.fireHeight) throw new SchedulerError("INVALID_ARGUMENT", `expiresAt: ${record.expiresAt} is before fireHeight ${record.fireHeight}`);
  const cycleCap = auctionActive(cfg, height) ? cfg.maxCyclesPerFireAuction : cfg.maxCyclesPerFire;
  if (record.gasLimitPerFire > cycleCap) throw new SchedulerError("FIRE_CAP_EXCEEDED", `gasLimitPerFire: ${record.gasLimitPerFire} exceeds the per-fire cap ${cycleCap}`);
  if (record.maxCellsPerFire > cfg.maxCellsPerFire)
    throw new SchedulerError("FIRE_CAP_EXCEEDED", `maxCellsPerFire: ${record.maxCellsPerFire} exceeds the per-fire cap ${cfg.maxCellsPerFire}`);
  const actor = readActor(fork, owner);
  if (actor.active >= cfg.maxTimersPerActor) throw new SchedulerError("TOO_MANY_TIMERS", `owner already has ${actor.active} active timers (cap ${cfg.maxTimersPerActor})`);
  if (actor.nonce >= U64_MAX) throw new SchedulerError("NONCE_EXHAUSTED", "owner has used every timer nonce");
  let meta = loadMeta(fork, height, cfg);
  // An empty queue is re-anchored at this block: its cursor may have stood still while nothing
  // was scheduled (blocks without timers write nothing), and no list can be left behind it.
  if (meta.active === 0n && meta.cursor < height) {
    // The lane basefee and nextBlock carry over: the auction decays the basefee over the blocks
    // since nextBlock that had no timer work (cips/scheduler.md "Lane basefee").
    meta = { ...initialMeta(height, cfg), laneBasefee: meta.laneBasefee, prevP50Tip: meta.prevP50Tip, lastLaneCycles: meta.lastLaneCycles, nextBlock: meta.nextBlock };
  }
  if (record.fireHeight < meta.cursor) throw new SchedulerError("CORRUPT_STATE", `queue cursor ${meta.cursor} is past the next block`);

  const id = timerId(owner, actor.nonce);
  writeActor(fork, owner, { active: actor.active + 1, nonce: actor.nonce + 1n });
  fork.set(recordKey(id), encodeTimerRecord(record));
  ownerAppend(fork, owner, id);
  enqueue(fork, meta, cfg, id, record.fireHeight);
  saveMeta(fork, { ...meta, active: meta.active + 1n });
  return { id, record, costCycles: cfg.scheduleCostCycles };
}

/** Drops a timer that is no longer queued: its record, its owner-index entry and its owner's slot. */
export function forgetTimer(fork: Fork, id: Uint8Array, record: TimerRecord): void {
  fork.delete(recordKey(id));
  ownerRemove(fork, record.owner, id);
  const actor = readActor(fork, record.owner);
  if (actor.active === 0) throw new SchedulerError("CORRUPT_STATE", "owner's active timer count is already zero");
  writeActor(fork, record.owner, { active: actor.active - 1, nonce: actor.nonce });
}

/** Deletes a queued timer's record and queue entry and frees its owner's slot. */
export function destroyTimer(fork: Fork, id: Uint8Array, record: TimerRecord, cfg: SchedulerConfig, height: bigint): void {
  const meta = loadMeta(fork, height, cfg);
  unqueue(fork, meta, cfg, id, record.fireHeight);
  forgetTimer(fork, id, record);
  saveMeta(fork, { ...meta, active: meta.active - 1n });
}

/**
 * cancel_timer by `caller` (the owner only). Direct removal: the timer leaves its list at once.
 * Returns the removed record; the 200-Cycle cost in `cfg.scheduleCostCycles` is charged by the caller.
 */
export function cancelTimer(fork: Fork, height: bigint, caller: Uint8Array, id: Uint8Array, cfg: SchedulerConfig): TimerRecord {
  au64(height, "height");
  abytesIn(caller, "caller", 20, 20);
  const record = getTimer(fork, id);
  if (record === undefined) throw new SchedulerError("TIMER_NOT_FOUND", "id: no active timer has this id");
  if (!equalBytes(record.owner, caller)) throw new SchedulerError("NOT_OWNER", "caller: only the timer's owner may cancel it");
  destroyTimer(fork, id, record, cfg, height);
  return record;
}

/** SYS_CANCEL_TIMER (system instruction, validator set): cancels any timer, no owner check. */
export function sysCancelTimer(fork: Fork, height: bigint, id: Uint8Array, cfg: SchedulerConfig): TimerRecord {
  au64(height, "height");
  const record = getTimer(fork, id);
  if (record === undefined) throw new SchedulerError("TIMER_NOT_FOUND", "id: no active timer has this id");
  destroyTimer(fork, id, record, cfg, height);
  return record;
}
