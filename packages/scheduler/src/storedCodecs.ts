// The codecs of the scheduler's own bookkeeping records (lists, links, owner lists, per-actor
// counters, the singleton meta, fire-rate windows), each wrapped so a stored record that does not
// decode is CORRUPT_STATE. The timer record itself is in timerRecord.ts.
import { CodecError, decode, encode, fixedBytes, option, struct, u32, u64, uint, vec, type Codec } from "@cowboy/codec";
import { SchedulerError } from "./errors.js";

/** Wraps a codec so decode failures become CORRUPT_STATE errors naming `what`. */
export function stored<T>(codec: Codec<T>, what: string): { enc(v: T): Uint8Array; dec(b: Uint8Array): T } {
  return {
    enc: (v) => encode(codec, v),
    dec: (b) => {
      try {
        return decode(codec, b);
      } catch (e) {
        if (e instanceof CodecError) throw new SchedulerError("CORRUPT_STATE", `${what}: ${e.message}`);
        throw e;
      }
    },
  };
}

const id = fixedBytes(32);

/** One per-height FIFO list: its height and its ends (empty lists are not stored). */
export interface ListMeta {
  readonly height: bigint;
  readonly head: Uint8Array;
  readonly tail: Uint8Array;
  readonly count: number;
}
export const listMetaCodec = stored(struct({ height: u64, head: id, tail: id, count: u32 }), "timer list");

/** A timer's neighbours in its list. */
export interface Link {
  readonly prev: Uint8Array | null;
  readonly next: Uint8Array | null;
}
export const linkCodec = stored(struct({ prev: option(id), next: option(id) }), "timer link");

/** An owner's timers in creation order: the ends of a doubly linked list (absent when empty). */
export interface OwnerList {
  readonly head: Uint8Array;
  readonly tail: Uint8Array;
}
export const ownerListCodec = stored(struct({ head: id, tail: id }), "timer owner list");

/** Per-actor counters: active timers and the next id nonce (never reused). */
export interface ActorTimers {
  readonly active: number;
  readonly nonce: bigint;
}
export const actorCodec = stored(struct({ active: u32, nonce: u64 }), "timer actor");

/**
 * The scheduler's singleton record. Heights below `ringEnd` live in ring slots; heights from
 * `ringEnd` whose epoch is below `farEpoch` in the epoch queue; the rest in the far set.
 */
export interface SchedulerMeta {
  /** Lowest height that may still hold due timers. */
  readonly cursor: bigint;
  readonly ringEnd: bigint;
  readonly farEpoch: bigint;
  /** Timers in the queue. */
  readonly active: bigint;
  /** CIP-1 timer-lane basefee per Cycle (meaningful once the auction is active). */
  readonly laneBasefee: bigint;
  /** Median effective priority tip per Cycle of the previous block's fires (default GBA input). */
  readonly prevP50Tip: bigint;
  /** Timer-lane Cycles used by the last processed block (GBA congestion indicator). */
  readonly lastLaneCycles: bigint;
  /** Next height `processBlock` expects (processing is once per height, in order). */
  readonly nextBlock: bigint;
}
export const metaCodec = stored(
  struct({ cursor: u64, ringEnd: u64, farEpoch: u64, active: u64, laneBasefee: uint, prevP50Tip: uint, lastLaneCycles: uint, nextBlock: u64 }),
  "scheduler meta",
);

/** Fires of one actor over the fairness window: counts per 100-block sub-window, newest last. */
export interface RateWindow {
  /** Index (height / 100) of the newest sub-window. */
  readonly newest: bigint;
  readonly counts: readonly number[];
}
export const rateCodec = stored(struct({ newest: u64, counts: vec(u32, { min: 10, max: 10 }) }), "timer rate");
