import { encode, u32, u64 } from "@cowboy/codec";
import { systemKey } from "@cowboy/state";

/** The system registry that holds every scheduler key: `00 02 ‖ "timer" ‖ 00 ‖ kind ‖ …`. */
export const TIMER_REGISTRY = "timer";

/** One-byte kinds after the registry name (cips/scheduler.md "State layout"). */
export const TimerKeyKind = {
  Record: 0x01,
  Link: 0x02,
  RingSlot: 0x03,
  EpochList: 0x04,
  FarList: 0x05,
  FarIndex: 0x06,
  Actor: 0x07,
  Meta: 0x08,
  Rate: 0x09,
  OwnerList: 0x0a,
  OwnerLink: 0x0b,
} as const;

function item(kind: number, ...parts: Uint8Array[]): Uint8Array {
  let n = 1;
  for (const p of parts) n += p.length;
  const out = new Uint8Array(n);
  out[0] = kind;
  let at = 1;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return systemKey(TIMER_REGISTRY, out);
}

const be64 = (v: bigint): Uint8Array => encode(u64, v);

export const recordKey = (id: Uint8Array): Uint8Array => item(TimerKeyKind.Record, id);
export const linkKey = (id: Uint8Array): Uint8Array => item(TimerKeyKind.Link, id);
export const ringSlotKey = (slot: number): Uint8Array => item(TimerKeyKind.RingSlot, encode(u32, slot));
export const epochListKey = (height: bigint): Uint8Array => item(TimerKeyKind.EpochList, be64(height));
export const farListKey = (height: bigint): Uint8Array => item(TimerKeyKind.FarList, be64(height));
/** A far-index node: its level (0 = root … 7) and the first `level` bytes of the heights below it. */
export const farIndexKey = (level: number, prefix: Uint8Array): Uint8Array => item(TimerKeyKind.FarIndex, new Uint8Array([level]), prefix);
export const actorKey = (address: Uint8Array): Uint8Array => item(TimerKeyKind.Actor, address);
export const metaKey = (): Uint8Array => item(TimerKeyKind.Meta);
export const rateKey = (address: Uint8Array): Uint8Array => item(TimerKeyKind.Rate, address);
/** The ends of an owner's timers in creation order (for `timersOf`). */
export const ownerListKey = (owner: Uint8Array): Uint8Array => item(TimerKeyKind.OwnerList, owner);
/** A timer's neighbours in its owner's list. */
export const ownerLinkKey = (id: Uint8Array): Uint8Array => item(TimerKeyKind.OwnerLink, id);
