import type { Fork } from "@cowboy/state";
import type { SchedulerConfig } from "./config.js";
import { SchedulerError } from "./errors.js";
import { farIndexDelete, farIndexInsert, farIndexMin } from "./farset.js";
import { epochListKey, farListKey, linkKey as linkKeyOf, metaKey, ringSlotKey } from "./keys.js";
import { listAppend, listPrepend, listRemove, readLink, readList } from "./lists.js";
import { linkCodec, listMetaCodec, metaCodec, type ListMeta, type SchedulerMeta } from "./storedCodecs.js";

// The hierarchical calendar queue (cips/scheduler.md "Calendar queue"). Every timer sits in the
// FIFO list of its fire height; the layer that holds a height's list follows from the height alone:
//   height <  ringEnd                      → ring slot height mod ringSize   (near term)
//   height >= ringEnd, epoch < farEpoch    → epoch queue, keyed by height   (mid term)
//   epoch >= farEpoch                      → far set, indexed by a radix trie (far future)
// Maintenance moves whole height lists between layers (O(1) each), a bounded number per block.

export type Layer = "ring" | "epoch" | "far";

export const epochOf = (height: bigint, cfg: SchedulerConfig): bigint => height / BigInt(cfg.epochLength);

/** A fresh queue anchored at `height` (nothing is due before it). */
export function initialMeta(height: bigint, cfg: SchedulerConfig): SchedulerMeta {
  return {
    cursor: height,
    ringEnd: height + BigInt(cfg.ringSize),
    farEpoch: epochOf(height, cfg) + BigInt(cfg.horizonEpochs),
    active: 0n,
    laneBasefee: cfg.initialLaneBasefee,
    prevP50Tip: 0n,
    lastLaneCycles: 0n,
    nextBlock: height,
  };
}

/** The stored meta, or a fresh one anchored at `height` when the scheduler has never run. */
export function loadMeta(fork: Fork, height: bigint, cfg: SchedulerConfig): SchedulerMeta {
  const raw = fork.get(metaKey());
  return raw === undefined ? initialMeta(height, cfg) : metaCodec.dec(raw);
}

export function saveMeta(fork: Fork, meta: SchedulerMeta): void {
  fork.set(metaKey(), metaCodec.enc(meta));
}

export function layerOf(meta: SchedulerMeta, cfg: SchedulerConfig, height: bigint): Layer {
  if (height < meta.ringEnd) return "ring";
  return epochOf(height, cfg) < meta.farEpoch ? "epoch" : "far";
}

export function listKeyOf(meta: SchedulerMeta, cfg: SchedulerConfig, height: bigint): Uint8Array {
  switch (layerOf(meta, cfg, height)) {
    case "ring":
      return ringSlotKey(Number(height % BigInt(cfg.ringSize)));
    case "epoch":
      return epochListKey(height);
    case "far":
      return farListKey(height);
  }
}

/** Appends timer `id` to the list of `height` (which must be at or after the cursor). */
export function enqueue(fork: Fork, meta: SchedulerMeta, cfg: SchedulerConfig, id: Uint8Array, height: bigint): void {
  if (height < meta.cursor) throw new SchedulerError("CORRUPT_STATE", `enqueue at ${height} below the cursor ${meta.cursor}`);
  const layer = layerOf(meta, cfg, height);
  const key = listKeyOf(meta, cfg, height);
  if (layer === "far" && fork.get(key) === undefined) farIndexInsert(fork, height);
  listAppend(fork, key, height, id);
}

/** Puts timer `id` at the head of the list of `height` (a due timer carried to the next block). */
export function enqueueFront(fork: Fork, meta: SchedulerMeta, cfg: SchedulerConfig, id: Uint8Array, height: bigint): void {
  if (height < meta.cursor) throw new SchedulerError("CORRUPT_STATE", `enqueue at ${height} below the cursor ${meta.cursor}`);
  const key = listKeyOf(meta, cfg, height);
  if (layerOf(meta, cfg, height) === "far" && fork.get(key) === undefined) farIndexInsert(fork, height);
  listPrepend(fork, key, height, id);
}

/** Removes timer `id` from the list of `height`, wherever that list lives. */
export function unqueue(fork: Fork, meta: SchedulerMeta, cfg: SchedulerConfig, id: Uint8Array, height: bigint): void {
  const layer = layerOf(meta, cfg, height);
  const left = listRemove(fork, listKeyOf(meta, cfg, height), id);
  if (layer === "far" && left === 0) farIndexDelete(fork, height);
}

/** The list of the ring slot for `height`, checking the slot really holds that height. */
export function ringList(fork: Fork, cfg: SchedulerConfig, height: bigint): ListMeta | undefined {
  const list = readList(fork, ringSlotKey(Number(height % BigInt(cfg.ringSize))));
  if (list !== undefined && list.height !== height) {
    throw new SchedulerError("CORRUPT_STATE", `ring slot for height ${height} holds height ${list.height}`);
  }
  return list;
}

/** Appends the list at `from` to the end of the list at `to` (same height), keeping FIFO order. */
function concatInto(fork: Fork, from: Uint8Array, to: Uint8Array): void {
  const src = readList(fork, from);
  if (src === undefined) return;
  const dst = readList(fork, to);
  fork.delete(from);
  if (dst === undefined) {
    fork.set(to, listMetaCodec.enc(src));
    return;
  }
  if (dst.height !== src.height) throw new SchedulerError("CORRUPT_STATE", "merging timer lists of different heights");
  const tail = readLink(fork, dst.tail);
  const head = readLink(fork, src.head);
  fork.set(linkKeyOf(dst.tail), linkCodec.enc({ prev: tail.prev, next: src.head }));
  fork.set(linkKeyOf(src.head), linkCodec.enc({ prev: dst.tail, next: head.next }));
  fork.set(to, listMetaCodec.enc({ height: dst.height, head: dst.head, tail: src.tail, count: dst.count + src.count }));
}

/** What one block's queue maintenance did. */
export interface MaintenanceReport {
  readonly meta: SchedulerMeta;
  /** Steps used (list moves, migrations, ring advances). */
  readonly steps: number;
}

/**
 * Bounded maintenance for a block at `height`: migrate far-set heights whose epoch entered the
 * horizon into the epoch queue (at epoch boundaries: the horizon moves with the cursor's epoch),
 * then slide the ring window, promoting each height that enters it. Leftover work carries over,
 * because the layer boundaries in `meta` only move past work that is done.
 */
export function maintain(fork: Fork, meta: SchedulerMeta, cfg: SchedulerConfig, budget: number): MaintenanceReport {
  let m = meta;
  let steps = 0;
  const target = epochOf(m.cursor, cfg) + BigInt(cfg.horizonEpochs);
  while (m.farEpoch < target && steps < budget) {
    const min = farIndexMin(fork);
    if (min === null || epochOf(min, cfg) >= target) {
      m = { ...m, farEpoch: target };
      break;
    }
    const epoch = epochOf(min, cfg);
    if (epoch < m.farEpoch) throw new SchedulerError("CORRUPT_STATE", `far set holds height ${min} below the far boundary`);
    if (epoch > m.farEpoch) {
      m = { ...m, farEpoch: epoch };
      continue;
    }
    farIndexDelete(fork, min);
    concatInto(fork, farListKey(min), epochListKey(min));
    steps++;
  }
  const windowEnd = m.cursor + BigInt(cfg.ringSize);
  while (m.ringEnd < windowEnd && steps < budget) {
    const h = m.ringEnd;
    if (epochOf(h, cfg) >= m.farEpoch) break; // waits for migration to finish
    const from = epochListKey(h);
    if (fork.get(from) !== undefined) {
      const slot = ringSlotKey(Number(h % BigInt(cfg.ringSize)));
      if (fork.get(slot) !== undefined) throw new SchedulerError("CORRUPT_STATE", `ring slot for height ${h} is still occupied`);
      concatInto(fork, from, slot);
    }
    m = { ...m, ringEnd: h + 1n };
    steps++;
  }
  return { meta: m, steps };
}
