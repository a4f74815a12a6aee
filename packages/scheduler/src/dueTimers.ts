import type { Fork } from "@cowboy/state";
import type { SchedulerConfig } from "./config.js";
import { SchedulerError } from "./errors.js";
import type { FireResult, TimerHost } from "./host.js";
import { recordKey } from "./keys.js";
import { enqueue, loadMeta, ringList, saveMeta, unqueue } from "./queue.js";
import { decodeTimerRecord, encodeTimerRecord, type TimerRecord } from "./timerRecord.js";
import type { SchedulerMeta } from "./storedCodecs.js";
import { forgetTimer } from "./schedule.js";

// The steps both phases share: reading a queued timer, destroying one, firing one.

export function queuedRecord(fork: Fork, id: Uint8Array, height: bigint): TimerRecord {
  const raw = fork.get(recordKey(id));
  if (raw === undefined) throw new SchedulerError("CORRUPT_STATE", "a queued timer has no record");
  const record = decodeTimerRecord(raw);
  if (record.fireHeight !== height) throw new SchedulerError("CORRUPT_STATE", `timer queued at ${height} records fireHeight ${record.fireHeight}`);
  return record;
}

/** Removes a due timer without firing it (TTL expiry, insufficient funds). */
export function destroyQueued(fork: Fork, cfg: SchedulerConfig, meta: SchedulerMeta, id: Uint8Array, record: TimerRecord): SchedulerMeta {
  unqueue(fork, meta, cfg, id, record.fireHeight);
  forgetTimer(fork, id, record);
  return { ...meta, active: meta.active - 1n };
}

export interface FireTerms {
  readonly cyclesLimit: bigint;
  readonly cellsLimit: bigint;
  readonly cyclePrice: bigint;
  readonly cellPrice: bigint;
  readonly precharge: bigint;
}

export interface FireOutcome {
  readonly meta: SchedulerMeta;
  readonly used: FireResult;
  readonly rearmedAt: bigint | null;
  /** Used × price on both meters, and the unused pre-charge returned to the fee payer. */
  readonly charged: bigint;
  readonly refunded: bigint;
}

/**
 * Fires one due timer at block `h`: off its list first (an interval moves to h + interval, a
 * one-shot is gone, so the handler sees the timer as it will stand), pre-charge, handler, refund.
 * The meta is saved around the handler, which may itself schedule or cancel timers.
 */
export function fireQueued(fork: Fork, cfg: SchedulerConfig, start: SchedulerMeta, host: TimerHost, h: bigint, id: Uint8Array, record: TimerRecord, terms: FireTerms): FireOutcome {
  let meta = start;
  unqueue(fork, meta, cfg, id, record.fireHeight);
  const next = record.interval > 0n ? h + record.interval : null;
  const rearmedAt = next !== null && next <= record.expiresAt ? next : null;
  if (rearmedAt !== null) {
    fork.set(recordKey(id), encodeTimerRecord({ ...record, fireHeight: rearmedAt }));
    enqueue(fork, meta, cfg, id, rearmedAt);
  } else {
    forgetTimer(fork, id, record);
    meta = { ...meta, active: meta.active - 1n };
  }
  host.accounts.debit(record.feePayer, terms.precharge);
  saveMeta(fork, meta);
  const result = host.runHandler({ id, record, height: h, cyclesLimit: terms.cyclesLimit, cellsLimit: terms.cellsLimit, cyclePrice: terms.cyclePrice, cellPrice: terms.cellPrice });
  const used = checkResult(result, terms);
  meta = loadMeta(fork, h, cfg);
  const charged = used.cyclesUsed * terms.cyclePrice + used.cellsUsed * terms.cellPrice;
  const refunded = terms.precharge - charged;
  if (refunded > 0n) host.accounts.credit(record.feePayer, refunded);
  return { meta, used, rearmedAt, charged, refunded };
}

function checkResult(r: FireResult, terms: FireTerms): FireResult {
  const ok = (v: unknown, max: bigint): boolean => typeof v === "bigint" && v >= 0n && v <= max;
  if (r === null || typeof r !== "object" || !ok(r.cyclesUsed, terms.cyclesLimit) || !ok(r.cellsUsed, terms.cellsLimit)) {
    throw new SchedulerError("BAD_HOST_RESULT", `runHandler must report 0 <= cyclesUsed <= ${terms.cyclesLimit} and 0 <= cellsUsed <= ${terms.cellsLimit}`);
  }
  return { cyclesUsed: r.cyclesUsed, cellsUsed: r.cellsUsed };
}

/** Timers still due at `h` after the block's work (only the ring can hold them: bounded by ringSize). */
export function countDue(fork: Fork, cfg: SchedulerConfig, meta: SchedulerMeta, h: bigint): number {
  let n = 0;
  const end = h < meta.ringEnd ? h : meta.ringEnd - 1n;
  for (let x = meta.cursor; x <= end; x++) n += ringList(fork, cfg, x)?.count ?? 0;
  return n;
}
