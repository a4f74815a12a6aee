import type { Fork } from "@cowboy/state";
import { equalBytes } from "@cowboy/codec";
import { SchedulerError } from "./errors.js";
import { linkKey } from "./keys.js";
import { linkCodec, listMetaCodec, type Link, type ListMeta } from "./records.js";

// A per-height FIFO of timer ids kept in the state as a doubly linked list: a meta record at the
// list's key (head, tail, count, height) and one link record per timer. Append, removal anywhere,
// and moving a whole list to another key are O(1) state operations whatever the list's length,
// which is what lets promotion and migration move a height at a time.

export function readList(fork: Fork, key: Uint8Array): ListMeta | undefined {
  const raw = fork.get(key);
  return raw === undefined ? undefined : listMetaCodec.dec(raw);
}

export function readLink(fork: Fork, id: Uint8Array): Link {
  const raw = fork.get(linkKey(id));
  if (raw === undefined) throw new SchedulerError("CORRUPT_STATE", "timer link missing for a queued timer");
  return linkCodec.dec(raw);
}

/** Appends `id` at the tail of the list for `height` stored at `key`. */
export function listAppend(fork: Fork, key: Uint8Array, height: bigint, id: Uint8Array): void {
  const meta = readList(fork, key);
  if (meta === undefined) {
    fork.set(linkKey(id), linkCodec.enc({ prev: null, next: null }));
    fork.set(key, listMetaCodec.enc({ height, head: id, tail: id, count: 1 }));
    return;
  }
  if (meta.height !== height) throw new SchedulerError("CORRUPT_STATE", `timer list holds height ${meta.height}, not ${height}`);
  const tail = readLink(fork, meta.tail);
  fork.set(linkKey(meta.tail), linkCodec.enc({ prev: tail.prev, next: id }));
  fork.set(linkKey(id), linkCodec.enc({ prev: meta.tail, next: null }));
  fork.set(key, listMetaCodec.enc({ height, head: meta.head, tail: id, count: meta.count + 1 }));
}

/** Unlinks `id` from the list at `key`; returns the list's remaining length. */
export function listRemove(fork: Fork, key: Uint8Array, id: Uint8Array): number {
  const meta = readList(fork, key);
  if (meta === undefined) throw new SchedulerError("CORRUPT_STATE", "timer list missing for a queued timer");
  const link = readLink(fork, id);
  fork.delete(linkKey(id));
  if (meta.count === 1) {
    if (!equalBytes(meta.head, id)) throw new SchedulerError("CORRUPT_STATE", "timer list of one does not hold the timer");
    fork.delete(key);
    return 0;
  }
  let head = meta.head;
  let tail = meta.tail;
  if (link.prev === null) head = link.next ?? head;
  else {
    const p = readLink(fork, link.prev);
    fork.set(linkKey(link.prev), linkCodec.enc({ prev: p.prev, next: link.next }));
  }
  if (link.next === null) tail = link.prev ?? tail;
  else {
    const n = readLink(fork, link.next);
    fork.set(linkKey(link.next), linkCodec.enc({ prev: link.prev, next: n.next }));
  }
  fork.set(key, listMetaCodec.enc({ height: meta.height, head, tail, count: meta.count - 1 }));
  return meta.count - 1;
}

/** Inserts `id` at the head of the list for `height` stored at `key` (a timer that keeps its turn). */
export function listPrepend(fork: Fork, key: Uint8Array, height: bigint, id: Uint8Array): void {
  const meta = readList(fork, key);
  if (meta === undefined) {
    listAppend(fork, key, height, id);
    return;
  }
  if (meta.height !== height) throw new SchedulerError("CORRUPT_STATE", `timer list holds height ${meta.height}, not ${height}`);
  const head = readLink(fork, meta.head);
  fork.set(linkKey(meta.head), linkCodec.enc({ prev: id, next: head.next }));
  fork.set(linkKey(id), linkCodec.enc({ prev: null, next: meta.head }));
  fork.set(key, listMetaCodec.enc({ height, head: id, tail: meta.tail, count: meta.count + 1 }));
}
