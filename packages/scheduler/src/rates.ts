import type { Fork } from "@cowboy/state";
import { rateKey } from "./keys.js";
import { rateCodec, type RateWindow } from "./storedCodecs.js";

// Fires per owner over the fairness window (§5.1b: 1,000 blocks), kept as 10 sub-windows of 100
// blocks so that one record per owner, rewritten only when the owner fires, answers the count: the
// window at height h is the sub-windows floor(h / 100) − 9 … floor(h / 100) (901 to 1,000 blocks).

export const RATE_SUBWINDOW = 100n;
export const RATE_SUBWINDOWS = 10;

function shifted(w: RateWindow | undefined, index: bigint): number[] {
  if (w === undefined || index - w.newest >= BigInt(RATE_SUBWINDOWS)) return new Array<number>(RATE_SUBWINDOWS).fill(0);
  if (index <= w.newest) return [...w.counts];
  const d = Number(index - w.newest);
  return [...w.counts.slice(d), ...new Array<number>(d).fill(0)];
}

function read(fork: Fork, owner: Uint8Array): RateWindow | undefined {
  const raw = fork.get(rateKey(owner));
  return raw === undefined ? undefined : rateCodec.dec(raw);
}

/** Fires of `owner` in the window ending at height `h`. */
export function firesInWindow(fork: Fork, owner: Uint8Array, h: bigint): bigint {
  const w = read(fork, owner);
  const index = h / RATE_SUBWINDOW;
  if (w !== undefined && w.newest > index) return BigInt(w.counts.reduce((a, b) => a + b, 0));
  return BigInt(shifted(w, index).reduce((a, b) => a + b, 0));
}

/** Counts one fire of `owner` at height `h`. */
export function recordFire(fork: Fork, owner: Uint8Array, h: bigint): void {
  const w = read(fork, owner);
  const index = h / RATE_SUBWINDOW;
  const newest = w !== undefined && w.newest > index ? w.newest : index;
  const counts = shifted(w, newest);
  counts[RATE_SUBWINDOWS - 1] = Math.min(counts[RATE_SUBWINDOWS - 1]! + 1, 0xffff_ffff);
  fork.set(rateKey(owner), rateCodec.enc({ newest, counts }));
}
