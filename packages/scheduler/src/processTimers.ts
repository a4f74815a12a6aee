// The end-of-block timer step (spec §5.1a): queue maintenance, then the FIFO phase here or the
// CIP-1 auction (auction.ts); the steps both share are in dueTimers.ts.
import { au64 } from "@cowboy/codec";
import type { Fork } from "@cowboy/state";
import type { SchedulerConfig } from "./config.js";
import { SchedulerError } from "./errors.js";
import { laneBasefeeAt, runAuctionBlock } from "./auction.js";
import { countDue, destroyQueued, fireQueued, queuedRecord } from "./dueTimers.js";
import type { TimerHost } from "./host.js";
import { metaKey } from "./keys.js";
import { loadMeta, maintain, ringList, saveMeta } from "./queue.js";
import type { SchedulerMeta } from "./storedCodecs.js";
import { auctionActive } from "./schedule.js";
import type { DestroyedTimer, FiredTimer, TimerBlockContext, TimerBlockReport } from "./report.js";

const emptyReport = (laneBasefee: bigint): TimerBlockReport => ({
  fired: [],
  destroyed: [],
  laneCyclesUsed: 0n,
  burned: 0n,
  tips: 0n,
  rolledOver: 0,
  maintenanceSteps: 0,
  laneBasefee,
});

/**
 * Spec §5.1a, once per block after its transactions: bounded queue maintenance, then the timers
 * due at or before `ctx.height` in FIFO order (height, then scheduling order) while the lane has
 * room for their per-fire Cycles. Each fire pre-charges its fee payer, runs the handler through
 * `host`, charges what it used at the lane basefees (all burned) and refunds the rest; expired
 * timers and timers whose payer cannot cover the pre-charge are destroyed without firing, up to
 * `gcBudget` per block. Intervals re-arm at `height + interval` before their handler runs (so the
 * handler may cancel or inspect its own timer); one-shots are gone before theirs runs. Due timers
 * that do not fit stay at the head of the queue for the next block. From
 * `cfg.auctionActivationHeight` on, the CIP-1 auction (§5.1b, src/auction.ts) replaces the FIFO
 * selection. A chain with no active timer pays nothing here and writes nothing. All or nothing: on
 * any error the fork is left as it was.
 */
export function processTimers(fork: Fork, ctx: TimerBlockContext, host: TimerHost, cfg: SchedulerConfig): TimerBlockReport {
  const h = au64(ctx.height, "height");
  const cyclePrice = au64(ctx.cycleBasefee, "cycleBasefee");
  const cellPrice = au64(ctx.cellBasefee, "cellBasefee");
  const auction = auctionActive(cfg, h);
  if (fork.get(metaKey()) === undefined) return emptyReport(auction ? cfg.initialLaneBasefee : cyclePrice);
  const meta = loadMeta(fork, h, cfg);
  if (meta.active === 0n) return emptyReport(auction ? laneBasefeeAt(meta, cfg, h) : cyclePrice);
  if (h < meta.nextBlock) throw new SchedulerError("INVALID_ARGUMENT", `height: block ${h} was already processed (next is ${meta.nextBlock})`);
  // All or nothing: a host that breaks its contract (or corrupt state found midway) leaves the
  // fork exactly as it was, so execution can fail the block cleanly.
  const cp = fork.checkpoint();
  try {
    const maintenance = maintain(fork, meta, cfg, cfg.maintenanceBudget);
    const report = auction
      ? runAuctionBlock(fork, h, maintenance.meta, maintenance.steps, cellPrice, host, cfg)
      : runFifoBlock(fork, h, maintenance.meta, maintenance.steps, cyclePrice, cellPrice, host, cfg);
    fork.commitCheckpoint(cp);
    return report;
  } catch (e) {
    fork.revertTo(cp);
    throw e;
  }
}

function runFifoBlock(
  fork: Fork,
  h: bigint,
  start: SchedulerMeta,
  startSteps: number,
  cyclePrice: bigint,
  cellPrice: bigint,
  host: TimerHost,
  cfg: SchedulerConfig,
): TimerBlockReport {
  let meta = start;
  let steps = startSteps;
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
    const record = queuedRecord(fork, id, meta.cursor);
    const precharge = record.gasLimitPerFire * cyclePrice + record.maxCellsPerFire * cellPrice;
    const expired = record.expiresAt < h;
    if (expired || host.accounts.balanceOf(record.feePayer) < precharge) {
      if (gc === 0) break;
      gc--;
      meta = destroyQueued(fork, cfg, meta, id, record);
      destroyed.push({ id, owner: record.owner, handler: record.handler, reason: expired ? "expired" : "insufficient-funds" });
      continue;
    }
    if (record.gasLimitPerFire > lane) {
      blocked = true; // strict FIFO: nothing behind it fires before it
      break;
    }
    const out = fireQueued(fork, cfg, meta, host, h, id, record, { cyclesLimit: record.gasLimitPerFire, cellsLimit: record.maxCellsPerFire, cyclePrice, cellPrice, precharge });
    meta = out.meta;
    burned += out.charged;
    lane -= out.used.cyclesUsed;
    fired.push({
      id,
      owner: record.owner,
      handler: record.handler,
      cyclesUsed: out.used.cyclesUsed,
      cellsUsed: out.used.cellsUsed,
      charged: out.charged,
      refunded: out.refunded,
      rearmedAt: out.rearmedAt,
    });
  }

  const rolledOver = countDue(fork, cfg, meta, h);
  saveMeta(fork, { ...meta, nextBlock: h + 1n, lastLaneCycles: cfg.laneCycles - lane });
  return { fired, destroyed, laneCyclesUsed: cfg.laneCycles - lane, burned, tips: 0n, rolledOver, maintenanceSteps: steps, laneBasefee: cyclePrice };
}
