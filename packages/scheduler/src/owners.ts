import { abytesIn } from "@cowboy/codec";
import type { Fork } from "@cowboy/state";
import { SchedulerError } from "./errors.js";
import { ownerLinkKey, ownerListKey, recordKey } from "./keys.js";
import { decodeTimerRecord, type TimerRecord } from "./timerRecord.js";
import { linkAfter, unlink } from "./lists.js";
import { linkCodec, ownerListCodec, type Link } from "./storedCodecs.js";

// Each owner's active timers in creation order, as a doubly linked list in the state (its ends
// under the owner's key, one link per timer): O(1) to add on schedule and to remove on cancel,
// destruction or a one-shot's fire, and a walk of at most maxTimersPerActor records to list them.

const ACTIVE = "owner link missing for an active timer";

function readOwnerLink(fork: Fork, id: Uint8Array): Link {
  const raw = fork.get(ownerLinkKey(id));
  if (raw === undefined) throw new SchedulerError("CORRUPT_STATE", ACTIVE);
  return linkCodec.dec(raw);
}

/** Appends `id` to `owner`'s list. */
export function ownerAppend(fork: Fork, owner: Uint8Array, id: Uint8Array): void {
  const raw = fork.get(ownerListKey(owner));
  const list = raw === undefined ? undefined : ownerListCodec.dec(raw);
  linkAfter(fork, ownerLinkKey, list?.tail ?? null, id, ACTIVE);
  fork.set(ownerListKey(owner), ownerListCodec.enc({ head: list?.head ?? id, tail: id }));
}

/** Unlinks `id` from `owner`'s list. */
export function ownerRemove(fork: Fork, owner: Uint8Array, id: Uint8Array): void {
  const raw = fork.get(ownerListKey(owner));
  if (raw === undefined) throw new SchedulerError("CORRUPT_STATE", "owner list missing for an active timer");
  const list = ownerListCodec.dec(raw);
  const link = unlink(fork, ownerLinkKey, id, ACTIVE);
  if (link.prev === null && link.next === null) {
    fork.delete(ownerListKey(owner));
    return;
  }
  fork.set(ownerListKey(owner), ownerListCodec.enc({ head: link.prev === null ? link.next! : list.head, tail: link.next === null ? link.prev! : list.tail }));
}

/** The active timers `owner` created (at most maxTimersPerActor), in creation order. */
export function timersOf(fork: Fork, owner: Uint8Array): Array<{ id: Uint8Array; record: TimerRecord }> {
  const raw = fork.get(ownerListKey(abytesIn(owner, "owner", 20, 20)));
  if (raw === undefined) return [];
  const out: Array<{ id: Uint8Array; record: TimerRecord }> = [];
  for (let id: Uint8Array | null = ownerListCodec.dec(raw).head; id !== null; id = readOwnerLink(fork, id).next) {
    const record = fork.get(recordKey(id));
    if (record === undefined) throw new SchedulerError("CORRUPT_STATE", "owner list names a timer without a record");
    out.push({ id, record: decodeTimerRecord(record) });
    if (out.length > 1 << 24) throw new SchedulerError("CORRUPT_STATE", "owner list does not end");
  }
  return out;
}
