import type { Fork } from "@cowboy/state";
import { au64, equalBytes, toHex } from "@cowboy/codec";
import type { SchedulerConfig } from "./config.js";
import type { DestroyedTimer, FiredTimer, TimerBlockReport } from "./report.js";
import { countDue, destroyQueued, fireQueued, queuedRecord } from "./dueTimers.js";
import type { GasBid, TimerHost } from "./host.js";
import { readLink } from "./lists.js";
import { enqueue, enqueueFront, ringList, saveMeta, unqueue } from "./queue.js";
import { metaKey, recordKey } from "./keys.js";
import { checkBid, decayLaneBasefee, defaultGasBid, effectiveTip, fairnessWeight, lowerMedian, nextLaneBasefee } from "./pricing.js";
import { firesInWindow, recordFire } from "./rates.js";
import { encodeTimerRecord, type TimerRecord } from "./timerRecord.js";
import { metaCodec, type SchedulerMeta } from "./storedCodecs.js";
import { getTimer } from "./schedule.js";

// §5.1b / CIP-1, once the auction is active (cips/scheduler.md "Auction"). Per block:
//  1. collect up to maxAuctionCandidates due timers in FIFO order (height, then scheduling order),
//     destroying expired ones within gcBudget;
//  2. price each: its GBA's bid, else its static bid, else the default GBA; a bid whose max fee is
//     below the lane basefee waits; tip = min(maxPriority, maxFee − basefee);
//  3. order by tip × W(owner) (W from the owner's fires in the window against the candidates'
//     median), ties in FIFO order; fire while the lane has room for each timer's Cycles limit;
//  4. every candidate that did not fire or die goes back, in FIFO order, to the head of the next
//     height's list, so the cursor moves on and nothing behind the flood is held back;
//  5. the lane basefee moves with the lane Cycles used; the median tip feeds the default GBA.

interface Candidate {
  readonly id: Uint8Array;
  readonly record: TimerRecord;
  readonly order: number;
  readonly tip: bigint | null;
  score: bigint;
}

/** The lane basefee for block `h`: the stored one, decayed over the auction blocks that did no timer work. */
export function laneBasefeeAt(meta: SchedulerMeta, cfg: SchedulerConfig, h: bigint): bigint {
  const activation = cfg.auctionActivationHeight ?? h;
  const from = meta.nextBlock > activation ? meta.nextBlock : activation;
  return h > from ? decayLaneBasefee(meta.laneBasefee, h - from, cfg) : meta.laneBasefee;
}

function bidFor(host: TimerHost, record: TimerRecord, id: Uint8Array, h: bigint, meta: SchedulerMeta, basefee: bigint, cellPrice: bigint): GasBid {
  if (record.gba !== null && host.queryGasBid !== undefined) {
    const bid = checkBid(
      host.queryGasBid(record.gba, {
        timerId: id,
        owner: record.owner,
        triggerHeight: record.fireHeight,
        currentHeight: h,
        basefeeCycle: basefee,
        basefeeCell: cellPrice,
        lastBlockCycleUsage: meta.lastLaneCycles,
        ownerBalance: host.accounts.balanceOf(record.feePayer),
        tier: record.tier,
      }),
    );
    if (bid !== null) return bid;
  } else if (record.gba === null && record.maxFeePerCycle > 0n) {
    return { maxFeePerCycle: record.maxFeePerCycle, maxPriorityFeePerCycle: record.maxPriorityFeePerCycle };
  }
  return defaultGasBid(basefee, meta.prevP50Tip, record.tier);
}

export function runAuctionBlock(fork: Fork, h: bigint, start: SchedulerMeta, startSteps: number, cellPrice: bigint, host: TimerHost, cfg: SchedulerConfig): TimerBlockReport {
  let meta = start;
  let steps = startSteps;
  const basefee = laneBasefeeAt(meta, cfg, h);
  const destroyed: DestroyedTimer[] = [];
  let gc = cfg.gcBudget;

  // 1. Collect in FIFO order. `through` ends up at the first height not fully collected.
  const candidates: Candidate[] = [];
  let through = meta.cursor;
  let stoppedByCap = false;
  collect: while (through <= h && through < meta.ringEnd) {
    const list = ringList(fork, cfg, through);
    if (list === undefined) {
      if (steps >= cfg.maintenanceBudget) break;
      steps++;
      through++;
      continue;
    }
    for (let id: Uint8Array | null = list.head; id !== null; ) {
      if (candidates.length >= cfg.maxAuctionCandidates) {
        stoppedByCap = true;
        break collect;
      }
      const next: Uint8Array | null = readLink(fork, id).next;
      const record = queuedRecord(fork, id, through);
      if (record.expiresAt < h) {
        if (gc === 0) break collect;
        gc--;
        meta = destroyQueued(fork, cfg, meta, id, record);
        destroyed.push({ id, owner: record.owner, handler: record.handler, reason: "expired" });
      } else {
        const tip = effectiveTip(bidFor(host, record, id, h, meta, basefee, cellPrice), basefee);
        candidates.push({ id, record, order: candidates.length, tip, score: 0n });
      }
      id = next;
    }
    through++;
  }

  // 3. Fairness weights against the median fire count of the competing owners.
  const fires = new Map<string, bigint>();
  for (const c of candidates) {
    const key = toHex(c.record.owner);
    if (!fires.has(key)) fires.set(key, firesInWindow(fork, c.record.owner, h));
  }
  const median = lowerMedian([...fires.values()]);
  for (const c of candidates) if (c.tip !== null) c.score = c.tip * fairnessWeight(fires.get(toHex(c.record.owner))!, median);
  const ranked = candidates.filter((c) => c.tip !== null).sort((a, b) => (a.score > b.score ? -1 : a.score < b.score ? 1 : a.order - b.order));

  const fired: FiredTimer[] = [];
  const done = new Set<number>();
  const tipsPaid: bigint[] = [];
  let lane = cfg.laneCycles;
  let burned = 0n;
  let tips = 0n;
  for (const c of ranked) {
    // A handler that ran earlier in this block may have cancelled or moved this timer.
    const current = getTimer(fork, c.id);
    if (current === undefined || current.fireHeight !== c.record.fireHeight || !equalBytes(current.owner, c.record.owner)) {
      done.add(c.order);
      continue;
    }
    const cyclesLimit = current.gasLimitPerFire < cfg.maxCyclesPerFireAuction ? current.gasLimitPerFire : cfg.maxCyclesPerFireAuction;
    if (cyclesLimit > lane) continue;
    const tip = c.tip!;
    const cyclePrice = basefee + tip;
    const precharge = cyclesLimit * cyclePrice + current.maxCellsPerFire * cellPrice;
    if (host.accounts.balanceOf(current.feePayer) < precharge) {
      if (gc === 0) continue;
      gc--;
      meta = destroyQueued(fork, cfg, meta, c.id, current);
      destroyed.push({ id: c.id, owner: current.owner, handler: current.handler, reason: "insufficient-funds" });
      done.add(c.order);
      continue;
    }
    const out = fireQueued(fork, cfg, meta, host, h, c.id, current, { cyclesLimit, cellsLimit: current.maxCellsPerFire, cyclePrice, cellPrice, precharge });
    meta = out.meta;
    done.add(c.order);
    recordFire(fork, current.owner, h);
    const tipPart = out.used.cyclesUsed * tip;
    tips += tipPart;
    burned += out.charged - tipPart;
    lane -= out.used.cyclesUsed;
    tipsPaid.push(tip);
    fired.push({
      id: c.id,
      owner: current.owner,
      handler: current.handler,
      cyclesUsed: out.used.cyclesUsed,
      cellsUsed: out.used.cellsUsed,
      charged: out.charged,
      refunded: out.refunded,
      rearmedAt: out.rearmedAt,
    });
  }

  // 4. Leftovers (priced out, or no lane room left). When every due height was collected they go
  // back to the head of the next height in FIFO order and the cursor moves past this block; when
  // the candidate cap cut the walk short they go to its tail, so the backlog behind them is looked
  // at next; when gc or step budgets cut it short they stay where they are.
  const complete = through > h;
  const leftovers = candidates.filter((c) => !done.has(c.order) && getTimer(fork, c.id)?.fireHeight === c.record.fireHeight);
  const next = h + 1n;
  const after: SchedulerMeta = { ...meta, cursor: complete ? next : meta.cursor };
  if (complete || stoppedByCap) {
    for (const c of leftovers) {
      unqueue(fork, meta, cfg, c.id, c.record.fireHeight);
      fork.set(recordKey(c.id), encodeTimerRecord({ ...c.record, fireHeight: next }));
    }
    if (complete) for (let i = leftovers.length - 1; i >= 0; i--) enqueueFront(fork, after, cfg, leftovers[i]!.id, next);
    else for (const c of leftovers) enqueue(fork, after, cfg, c.id, next);
  }

  const used = cfg.laneCycles - lane;
  const rolledOver = countDue(fork, cfg, after, h) + (complete || stoppedByCap ? leftovers.length : 0);
  saveMeta(fork, {
    ...after,
    nextBlock: h + 1n,
    lastLaneCycles: used,
    laneBasefee: nextLaneBasefee(basefee, used, cfg),
    prevP50Tip: tipsPaid.length > 0 ? lowerMedian(tipsPaid) : meta.prevP50Tip,
  });
  return { fired, destroyed, laneCyclesUsed: used, burned, tips, rolledOver, maintenanceSteps: steps, laneBasefee: basefee };
}

/**
 * The timer-lane basefee the block at `height` will use under the auction (for RPC and bidding
 * agents); `initialLaneBasefee` before the scheduler was ever used.
 */
export function currentLaneBasefee(fork: Fork, height: bigint, cfg: SchedulerConfig): bigint {
  au64(height, "height");
  const raw = fork.get(metaKey());
  return raw === undefined ? cfg.initialLaneBasefee : laneBasefeeAt(metaCodec.dec(raw), cfg, height);
}
