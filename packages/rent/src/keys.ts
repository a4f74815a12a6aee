// Where rent lives in the authenticated state (cips/rent.md "State layout"): one system registry,
// `00 02 ‖ "rent" ‖ 00 ‖ kind ‖ …`, kinds below.
import { keccak256 } from "@cowboy/crypto";
import { systemKey } from "@cowboy/state";

export const RENT_REGISTRY = "rent";

export const RentKeyKind = {
  /** ‖ actor (20): the actor's rent record. */
  Record: 0x01,
  /** ‖ actor (20) ‖ index (u32 BE): the slot at that place of the actor's slot list. */
  Slot: 0x02,
  /** ‖ actor (20) ‖ keccak256(slot) (32): the slot's index in the list (u32 BE). */
  SlotIndex: 0x03,
  /** ‖ index (u32 BE): the actor at that place of the actor list (the cursor's ring). */
  Actor: 0x04,
  /** (alone): the global rent record (actor count, cursor, rate, total bytes). */
  Meta: 0x05,
  /** ‖ actor (20): keccak256 of each 64 KiB segment of the evicted storage stream (only when it has several). */
  Segments: 0x06,
  /** ‖ actor (20): a chunked restoration under way (next segment, parse offset, running root, counts). */
  Restore: 0x07,
  /** ‖ actor (20) ‖ index (u32 BE): a verified segment held until the records it ends inside are complete. */
  Staged: 0x08,
} as const;

export function u32be(n: number): Uint8Array {
  return new Uint8Array([(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff]);
}

function item(kind: number, ...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(1 + parts.reduce((n, p) => n + p.length, 0));
  out[0] = kind;
  let at = 1;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return systemKey(RENT_REGISTRY, out);
}

export const recordKey = (actor: Uint8Array): Uint8Array => item(RentKeyKind.Record, actor);
export const slotKey = (actor: Uint8Array, index: number): Uint8Array => item(RentKeyKind.Slot, actor, u32be(index));
export const slotIndexKey = (actor: Uint8Array, slot: Uint8Array): Uint8Array => item(RentKeyKind.SlotIndex, actor, keccak256(slot));
export const actorKey = (index: number): Uint8Array => item(RentKeyKind.Actor, u32be(index));
export const metaKey = (): Uint8Array => item(RentKeyKind.Meta);
export const segmentsKey = (actor: Uint8Array): Uint8Array => item(RentKeyKind.Segments, actor);
export const restoreKey = (actor: Uint8Array): Uint8Array => item(RentKeyKind.Restore, actor);
export const stagedKey = (actor: Uint8Array, index: number): Uint8Array => item(RentKeyKind.Staged, actor, u32be(index));
