// Reading and writing rent records, each actor's slot list and the actor ring (cips/rent.md "State
// layout"). The slot list is what makes eviction possible: the state tree hashes its keys, so an
// actor's storage cannot be enumerated without it. Dense lists with swap-remove: O(1) per change.
import { compareBytes, equalBytes } from "@cowboy/codec";
import { actorStorageKey } from "@cowboy/state";
import { decodeRentMeta, decodeRentRecord, encodeRentMeta, encodeRentRecord, RentStatus, type RentMeta, type RentRecord } from "./record.js";
import { actorKey, metaKey, recordKey, slotIndexKey, slotKey } from "./keys.js";
import { RentError } from "./errors.js";

/** What rent needs of a state: keyed bytes (a @cowboy/state Fork satisfies it). */
export interface RentState {
  get(key: Uint8Array): Uint8Array | undefined;
  set(key: Uint8Array, value: Uint8Array): void;
  delete(key: Uint8Array): void;
}

export function getRentRecord(state: RentState, actor: Uint8Array): RentRecord | undefined {
  const raw = state.get(recordKey(actor));
  return raw === undefined ? undefined : decodeRentRecord(raw);
}

export function putRentRecord(state: RentState, actor: Uint8Array, record: RentRecord): void {
  state.set(recordKey(actor), encodeRentRecord(record));
}

/** A new actor's record: nothing owed, assessed through the epoch it was deployed in. */
export function newRentRecord(epoch: bigint, baseQuota: bigint): RentRecord {
  return { status: RentStatus.Current, assessedEpoch: epoch, prepaid: 0n, debt: [], slotCount: 0n, quota: baseQuota, bond: 0n, evicted: null };
}

export function getRentMeta(state: RentState, configRate: bigint): RentMeta {
  const raw = state.get(metaKey());
  if (raw === undefined) return { actorCount: 0n, cursor: 0n, rate: configRate, baseRate: configRate, rateEpoch: 0n, totalBytes: 0n };
  const meta = decodeRentMeta(raw);
  // A governance change of the configured rate replaces the adjusted one.
  return meta.baseRate === configRate ? meta : { ...meta, rate: configRate, baseRate: configRate };
}

export function putRentMeta(state: RentState, meta: RentMeta): void {
  state.set(metaKey(), encodeRentMeta(meta));
}

function u32(raw: Uint8Array | undefined, what: string): number {
  if (raw === undefined || raw.length !== 4) throw new RentError("CORRUPT_STATE", `${what}: missing or malformed index`);
  return ((raw[0]! << 24) | (raw[1]! << 16) | (raw[2]! << 8) | raw[3]!) >>> 0;
}

/** Appends an actor to the ring the cursor walks. */
export function registerActor(state: RentState, actor: Uint8Array, meta: RentMeta): RentMeta {
  state.set(actorKey(Number(meta.actorCount)), actor.slice());
  return { ...meta, actorCount: meta.actorCount + 1n };
}

export function actorAt(state: RentState, index: bigint): Uint8Array {
  const raw = state.get(actorKey(Number(index)));
  if (raw === undefined || raw.length !== 20) throw new RentError("CORRUPT_STATE", `actor ring: no actor at ${index}`);
  return raw;
}

/** Adds `slot` to the actor's slot list (a no-op when it is there). Returns the record's new slot count. */
export function addSlot(state: RentState, actor: Uint8Array, slot: Uint8Array, count: bigint): bigint {
  const at = slotIndexKey(actor, slot);
  if (state.get(at) !== undefined) return count;
  const index = Number(count);
  state.set(slotKey(actor, index), slot);
  state.set(at, new Uint8Array([(index >>> 24) & 0xff, (index >>> 16) & 0xff, (index >>> 8) & 0xff, index & 0xff]));
  return count + 1n;
}

/** Removes `slot` from the list, moving the last slot into its place. Returns the new count. */
export function removeSlot(state: RentState, actor: Uint8Array, slot: Uint8Array, count: bigint): bigint {
  const at = slotIndexKey(actor, slot);
  const raw = state.get(at);
  if (raw === undefined) return count;
  const index = u32(raw, "slot index");
  const last = Number(count) - 1;
  if (last < 0) throw new RentError("CORRUPT_STATE", "slot list is empty but names a slot");
  if (index !== last) {
    const moved = state.get(slotKey(actor, last));
    if (moved === undefined) throw new RentError("CORRUPT_STATE", "slot list has a hole");
    state.set(slotKey(actor, index), moved);
    state.set(slotIndexKey(actor, moved), raw);
  } else if (!equalBytes(state.get(slotKey(actor, index)) ?? new Uint8Array(0), slot)) {
    throw new RentError("CORRUPT_STATE", "slot list disagrees with its index");
  }
  state.delete(slotKey(actor, last));
  state.delete(at);
  return count - 1n;
}

/** Every slot of the actor's list, in list order. */
export function slotsOf(state: RentState, actor: Uint8Array, count: bigint): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let i = 0; i < Number(count); i++) {
    const slot = state.get(slotKey(actor, i));
    if (slot === undefined) throw new RentError("CORRUPT_STATE", `slot list of ${count} has no entry ${i}`);
    out.push(slot);
  }
  return out;
}

/** Deletes the whole slot list (eviction). */
export function clearSlots(state: RentState, actor: Uint8Array, slots: readonly Uint8Array[]): void {
  slots.forEach((slot, i) => {
    state.delete(slotKey(actor, i));
    state.delete(slotIndexKey(actor, slot));
  });
}

/** The actor's storage as (slot, value) pairs by ascending slot: what a restorer supplies (read from an archive of the state before eviction). */
export function storagePairsOf(state: RentState, actor: Uint8Array): Array<readonly [Uint8Array, Uint8Array]> {
  const record = getRentRecord(state, actor);
  if (record === undefined) return [];
  const out: Array<readonly [Uint8Array, Uint8Array]> = [];
  for (const slot of slotsOf(state, actor, record.slotCount)) {
    const value = state.get(actorStorageKey(actor, slot));
    if (value !== undefined) out.push([slot, value]);
  }
  return out.sort((a, b) => compareBytes(a[0], b[0]));
}
