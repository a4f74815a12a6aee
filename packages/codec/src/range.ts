import { CodecError } from "./errors.js";

/**
 * Inclusive bounds on a decoded length (commonware's RangeCfg). Every variable-length decoder takes
 * one, and checks the length prefix against it before allocating anything, so a hostile prefix can
 * never make a decoder allocate more than its caller allowed.
 */
export interface RangeCfg {
  readonly min: number;
  readonly max: number;
}

/** The largest length a prefix can carry: lengths are encoded as varint u32. */
export const MAX_LENGTH = 0xffff_ffff;

function checkBound(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0 || value > MAX_LENGTH) {
    throw new CodecError("INVALID_VALUE", 0, `${name} must be an integer in [0, ${MAX_LENGTH}]`);
  }
}

/** Lengths in [min, max]. */
export function range(min: number, max: number): RangeCfg {
  checkBound(min, "range min");
  checkBound(max, "range max");
  if (min > max) throw new CodecError("INVALID_VALUE", 0, `range min ${min} exceeds max ${max}`);
  return { min, max };
}

/** Lengths in [0, max]. */
export function atMost(max: number): RangeCfg {
  return range(0, max);
}

/** Exactly `n`. */
export function exactly(n: number): RangeCfg {
  return range(n, n);
}

/** True when `len` lies within `cfg`. */
export function inRange(cfg: RangeCfg, len: number): boolean {
  return len >= cfg.min && len <= cfg.max;
}
