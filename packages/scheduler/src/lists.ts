import type { Fork } from "@cowboy/state";
import { equalBytes } from "@cowboy/codec";
import { SchedulerError } from "./errors.js";
import { linkKey } from "./keys.js";
import { linkCodec, listMetaCodec, type Link, type ListMeta } from "./storedCodecs.js";

// A per-height FIFO of timer ids kept in the state as a doubly linked list: a meta record at the
// list's key (head, tail, count, height) and one link record per timer. Append, removal anywhere,
// and moving a whole list to another key are O(1) state operations whatever the list's length,
// which is what lets promotion and migration move a height at a time.

export function readList(fork: Fork, key: Uint8Array): ListMeta | undefined {
  const raw = fork.get(key);
  return raw === undefined ? undefined : listMetaCodec.dec(raw);
}

/** Where the link record of a timer id lives (height lists and owner lists keep separate links). */
export type LinkKeyOf = (id: Uint8Array) => Uint8Array;

function linkAt(fork: Fork, keyOf: LinkKeyOf, id: Uint8Array, missing: string): Link {
  const raw = fork.get(keyOf(id));
  if (raw === undefined) throw new SchedulerError("CORRUPT_STATE", missing);
  return linkCodec.dec(raw);
}

/** Links `id` after `tail` (alone when `tail` is null): the link half of an append. */
export function linkAfter(fork: Fork, keyOf: LinkKeyOf, tail: Uint8Array | null, id: Uint8Array, missing: string): void {
  if (tail !== null) {
    const t = linkAt(fork, keyOf, tail, missing);
    fork.set(keyOf(tail), linkCodec.enc({ prev: t.prev, next: id }));
  }
  fork.set(keyOf(id), linkCodec.enc({ prev: tail, next: null }));
}

/** Deletes `id`'s link and joins its neighbours; returns the neighbours it had. */
export function unlink(fork: Fork, keyOf: LinkKeyOf, id: Uint8Array, missing: string): Link {
  const link = linkAt(fork, keyOf, id, missing);
  fork.delete(keyOf(id));
  if (link.prev !== null) {
    const p = linkAt(fork, keyOf, link.prev, missing);
    fork.set(keyOf(link.prev), linkCodec.enc({ prev: p.prev, next: link.next }));
  }
  if (link.next !== null) {
    const n = linkAt(fork, keyOf, link.next, missing);
    fork.set(keyOf(link.next), linkCodec.enc({ prev: link.prev, next: n.next }));
  }
  return link;
}

const QUEUED = "timer link missing for a queued timer";

export function readLink(fork: Fork, id: Uint8Array): Link {
  return linkAt(fork, linkKey, id, QUEUED);
}

/** Appends `id` at the tail of the list for `height` stored at `key`. */
export function listAppend(fork: Fork, key: Uint8Array, height: bigint, id: Uint8Array): void {
  const meta = readList(fork, key);
  if (meta !== undefined && meta.height !== height) throw new SchedulerError("CORRUPT_STATE", `timer list holds height ${meta.height}, not ${height}`);
  linkAfter(fork, linkKey, meta?.tail ?? null, id, QUEUED);
  fork.set(key, listMetaCodec.enc({ height, head: meta?.head ?? id, tail: id, count: (meta?.count ?? 0) + 1 }));
}

/** Unlinks `id` from the list at `key`; returns the list's remaining length. */
export function listRemove(fork: Fork, key: Uint8Array, id: Uint8Array): number {
  const meta = readList(fork, key);
  if (meta === undefined) throw new SchedulerError("CORRUPT_STATE", "timer list missing for a queued timer");
  const link = unlink(fork, linkKey, id, QUEUED);
  if (meta.count === 1) {
    if (!equalBytes(meta.head, id)) throw new SchedulerError("CORRUPT_STATE", "timer list of one does not hold the timer");
    fork.delete(key);
    return 0;
  }
  const head = link.prev === null ? (link.next ?? meta.head) : meta.head;
  const tail = link.next === null ? (link.prev ?? meta.tail) : meta.tail;
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
