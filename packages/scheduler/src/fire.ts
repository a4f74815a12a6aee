import type { Fork } from "@cowboy/state";
import type { SchedulerConfig } from "./config.js";
import { SchedulerError } from "./errors.js";
import { au64 } from "./guards.js";
import type { FireResult, TimerHost } from "./host.js";
import { metaKey, recordKey } from "./keys.js";
import { enqueue, loadMeta, maintain, ringList, saveMeta, unqueue } from "./queue.js";
import { decodeTimerRecord, encodeTimerRecord, type TimerRecord } from "./record.js";
import type { SchedulerMeta } from "./records.js";
import { auctionActive, forgetTimer } from "./schedule.js";

/** One block's timer work, run by execution at the end of the block at `height` (after transactions). */
export interface TimerBlockContext {
  readonly height: bigint;
  /** The timer lane's Cycle basefee for this block (the FIFO phase price per Cycle). */
  readonly cycleBasefee: bigint;
  /** The timer lane's Cell basefee for this block. */
  readonly cellBasefee: bigint;
}

export interface FiredTimer {
  readonly id: Uint8Array;
  readonly owner: Uint8Array;
  readonly handler: string;
  readonly cyclesUsed: bigint;
  readonly cellsUsed: bigint;
  /** What the fee payer paid for this fire (used × price, both meters). */
  readonly charged: bigint;
  /** The unused part of the pre-charge, returned to the fee payer. */
  readonly refunded: bigint;
  /** The next fire height of an interval, or null when the timer is gone. */
  readonly rearmedAt: bigint | null;
}

export interface DestroyedTimer {
  readonly id: Uint8Array;
  readonly owner: Uint8Array;
  /** `expired`: past its expiresAt; `insufficient-funds`: the fee payer could not cover the pre-charge. */
  readonly reason: "expired" | "insufficient-funds";
}

export interface TimerBlockReport {
  /** In firing order. */
  readonly fired: readonly FiredTimer[];
  readonly destroyed: readonly DestroyedTimer[];
  /** Σ cyclesUsed of the fires: the header's timer-lane usage. */
  readonly laneCyclesUsed: bigint;
  /** Fees removed from supply (the basefee part). */
  readonly burned: bigint;
  /** Priority fees for the proposer (auction phase; 0 under FIFO). */
  readonly tips: bigint;
  /** Due timers left in the queue for the next block (lane or cleanup budget exhausted). */
  readonly rolledOver: number;
  /** Queue maintenance steps plus empty heights the cursor stepped over. */
  readonly maintenanceSteps: number;
}

const EMPTY_REPORT: TimerBlockReport = Object.freeze({ fired: [], destroyed: [], laneCyclesUsed: 0n, burned: 0n, tips: 0n, rolledOver: 0, maintenanceSteps: 0 });

/**
 * Spec §5.1a, once per block after its transactions: bounded queue maintenance, then the timers
 * due at or before `ctx.height` in FIFO order (height, then scheduling order) while the lane has
 * room for their per-fire Cycles. Each fire pre-charges its fee payer, runs the handler through
 * `host`, charges what it used at the lane basefees (all burned) and refunds the rest; expired
 * timers and timers whose payer cannot cover the pre-charge are destroyed without firing, up to
 * `gcBudget` per block. Intervals re-arm at `height + interval` before their handler runs (so the
 * handler may cancel or inspect its own timer); one-shots are gone before theirs runs. Due timers
 * that do not fit stay at the head of the queue for the next block. A chain with no active timer
 * pays nothing here and writes nothing.
 */
export function processTimers(fork: Fork, ctx: TimerBlockContext, host: TimerHost, cfg: SchedulerConfig): TimerBlockReport {
  const h = au64(ctx.height, "height");
  const cyclePrice = au64(ctx.cycleBasefee, "cycleBasefee");
  const cellPrice = au64(ctx.cellBasefee, "cellBasefee");
  if (auctionActive(cfg, h)) throw new SchedulerError("INVALID_CONFIG", "the CIP-1 timer auction (auctionActivationHeight) is not supported by this version");
  if (fork.get(metaKey()) === undefined) return EMPTY_REPORT;
  let meta = loadMeta(fork, h, cfg);
  if (meta.active === 0n) return EMPTY_REPORT;
  if (h < meta.nextBlock) throw new SchedulerError("INVALID_ARGUMENT", `height: block ${h} was already processed (next is ${meta.nextBlock})`);
  // All or nothing: a host that breaks its contract (or corrupt state found midway) leaves the
  // fork exactly as it was, so execution can fail the block cleanly.
  const cp = fork.checkpoint();
  try {
    const report = runBlock(fork, h, meta, cyclePrice, cellPrice, host, cfg);
    fork.commitCheckpoint(cp);
    return report;
  } catch (e) {
    fork.revertTo(cp);
    throw e;
  }
}

function runBlock(fork: Fork, h: bigint, start: SchedulerMeta, cyclePrice: bigint, cellPrice: bigint, host: TimerHost, cfg: SchedulerConfig): TimerBlockReport {
  let meta = start;
  const maintenance = maintain(fork, meta, cfg, cfg.maintenanceBudget);
  meta = maintenance.meta;
  let steps = maintenance.steps;
  const fired: FiredTimer[] = [];
  const destroyed: DestroyedTimer[] = [];
  let lane = cfg.laneCycles;
  let burned = 0n;
  let gc = cfg.gcBudget;
  let blocked = false;

  while (!blocked && meta.cursor <= h && meta.cursor < meta.ringEnd) {
    const list = ringList(fork, cfg, meta.cursor);
    if (list === undefined) {
      if (steps >= cfg.maintenanceBudget) break;
      meta = { ...meta, cursor: meta.cursor + 1n };
      steps++;
      continue;
    }
    const id = list.head;
    const raw = fork.get(recordKey(id));
    if (raw === undefined) throw new SchedulerError("CORRUPT_STATE", "a queued timer has no record");
    const record = decodeTimerRecord(raw);
    if (record.fireHeight !== meta.cursor) throw new SchedulerError("CORRUPT_STATE", `timer queued at ${meta.cursor} records fireHeight ${record.fireHeight}`);

    const precharge = record.gasLimitPerFire * cyclePrice + record.maxCellsPerFire * cellPrice;
    const expired = record.expiresAt < h;
    if (expired || host.accounts.balanceOf(record.feePayer) < precharge) {
      if (gc === 0) break;
      gc--;
      unqueue(fork, meta, cfg, id, record.fireHeight);
      forgetTimer(fork, id, record);
      meta = { ...meta, active: meta.active - 1n };
      destroyed.push({ id, owner: record.owner, reason: expired ? "expired" : "insufficient-funds" });
      continue;
    }
    if (record.gasLimitPerFire > lane) {
      blocked = true; // strict FIFO: nothing behind it fires before it
      break;
    }

    // Take the timer off its list first: an interval moves to its next height, a one-shot is gone.
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
    host.accounts.debit(record.feePayer, precharge);
    // The handler may schedule or cancel timers, which reads and writes the meta record.
    saveMeta(fork, meta);
    const used = checkResult(host.runHandler({ id, record, height: h, cyclesLimit: record.gasLimitPerFire, cellsLimit: record.maxCellsPerFire, cyclePrice, cellPrice }), record);
    meta = loadMeta(fork, h, cfg);
    const charged = used.cyclesUsed * cyclePrice + used.cellsUsed * cellPrice;
    const refunded = precharge - charged;
    if (refunded > 0n) host.accounts.credit(record.feePayer, refunded);
    burned += charged;
    lane -= used.cyclesUsed;
    fired.push({ id, owner: record.owner, handler: record.handler, cyclesUsed: used.cyclesUsed, cellsUsed: used.cellsUsed, charged, refunded, rearmedAt });
  }

  const rolledOver = countDue(fork, cfg, meta, h);
  saveMeta(fork, { ...meta, nextBlock: h + 1n, lastLaneCycles: cfg.laneCycles - lane });
  return { fired, destroyed, laneCyclesUsed: cfg.laneCycles - lane, burned, tips: 0n, rolledOver, maintenanceSteps: steps };
}

function checkResult(r: FireResult, record: TimerRecord): FireResult {
  const ok = (v: unknown, max: bigint): boolean => typeof v === "bigint" && v >= 0n && v <= max;
  if (r === null || typeof r !== "object" || !ok(r.cyclesUsed, record.gasLimitPerFire) || !ok(r.cellsUsed, record.maxCellsPerFire)) {
    throw new SchedulerError("BAD_HOST_RESULT", `runHandler must report 0 <= cyclesUsed <= ${record.gasLimitPerFire} and 0 <= cellsUsed <= ${record.maxCellsPerFire}`);
  }
  return r;
}

/** Timers still due at `h` after the block's work (only the ring can hold them: bounded by ringSize). */
function countDue(fork: Fork, cfg: SchedulerConfig, meta: SchedulerMeta, h: bigint): number {
  let n = 0;
  const end = h < meta.ringEnd ? h : meta.ringEnd - 1n;
  for (let x = meta.cursor; x <= end; x++) n += ringList(fork, cfg, x)?.count ?? 0;
  return n;
}
