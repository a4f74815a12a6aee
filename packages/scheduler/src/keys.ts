import { encode, u64 } from "@cowboy/codec";
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

// systemKey(registry, item) is a fixed prefix followed by the item bytes; computing the prefix
// once keeps the per-block hot path (meta, ring slots) free of string encoding. A test checks the
// shortcut against systemKey itself.
const PREFIX = systemKey(TIMER_REGISTRY);

function item(kind: number, ...parts: Uint8Array[]): Uint8Array {
  let n = PREFIX.length + 1;
  for (const p of parts) n += p.length;
  const out = new Uint8Array(n);
  out.set(PREFIX, 0);
  out[PREFIX.length] = kind;
  let at = PREFIX.length + 1;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

const be64 = (v: bigint): Uint8Array => encode(u64, v);

export const recordKey = (id: Uint8Array): Uint8Array => item(TimerKeyKind.Record, id);
export const linkKey = (id: Uint8Array): Uint8Array => item(TimerKeyKind.Link, id);
export const ringSlotKey = (slot: number): Uint8Array => item(TimerKeyKind.RingSlot, new Uint8Array([slot >>> 24, (slot >>> 16) & 0xff, (slot >>> 8) & 0xff, slot & 0xff]));
export const epochListKey = (height: bigint): Uint8Array => item(TimerKeyKind.EpochList, be64(height));
export const farListKey = (height: bigint): Uint8Array => item(TimerKeyKind.FarList, be64(height));
/** A far-index node: its level (0 = root … 7) and the first `level` bytes of the heights below it. */
export const farIndexKey = (level: number, prefix: Uint8Array): Uint8Array => item(TimerKeyKind.FarIndex, new Uint8Array([level]), prefix);
export const actorKey = (address: Uint8Array): Uint8Array => item(TimerKeyKind.Actor, address);
const META_KEY = item(TimerKeyKind.Meta);
/** A fresh copy each call: callers may not mutate a shared key. */
export const metaKey = (): Uint8Array => META_KEY.slice();
export const rateKey = (address: Uint8Array): Uint8Array => item(TimerKeyKind.Rate, address);
/** The ends of an owner's timers in creation order (for `timersOf`). */
export const ownerListKey = (owner: Uint8Array): Uint8Array => item(TimerKeyKind.OwnerList, owner);
/** A timer's neighbours in its owner's list. */
export const ownerLinkKey = (id: Uint8Array): Uint8Array => item(TimerKeyKind.OwnerLink, id);
