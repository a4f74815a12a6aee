// Rent arithmetic (spec §17.5 "rent_per_rent_epoch", "State Rent" rate adjustment and reserve;
// cips/rent.md "Arithmetic"): integers only, floors everywhere.
import type { RentConfig } from "./config.js";

const BPS = 10_000n;

/** Bytes that pay rent: the storage above the grace threshold (the allocated quota when a bond extended it). */
export function chargeableBytes(storageBytes: bigint, quota: bigint, baseQuota: bigint, config: RentConfig): bigint {
  const size = quota > baseQuota && quota > storageBytes ? quota : storageBytes;
  return size > config.graceThresholdBytes ? size - config.graceThresholdBytes : 0n;
}

/** rent_per_rent_epoch = excess · rate · epochLength / blocksPerYear (floor). */
export function rentPerEpoch(excess: bigint, rate: bigint, config: RentConfig): bigint {
  return (excess * rate * config.epochLength) / config.blocksPerYear;
}

/** The reserve an actor's own transfers may not touch: reserveBps of a year's rent. */
export function reserveOf(excess: bigint, rate: bigint, config: RentConfig): bigint {
  return (excess * rate * config.reserveBps) / BPS;
}

/** The catch-up fee on repaying `principal` of debt. */
export function catchupFee(principal: bigint, config: RentConfig): bigint {
  return (principal * config.catchupBps) / BPS;
}

/** Principal `available` can repay with its catch-up fee: the largest p with p + fee(p) ≤ available. */
export function principalPayable(available: bigint, config: RentConfig): bigint {
  let p = (available * BPS) / (BPS + config.catchupBps);
  while (p + 1n + catchupFee(p + 1n, config) <= available) p++;
  return p;
}

/**
 * rent_rate_{i+1} = rent_rate_i · (1 + clamp((S − T) / (T · alpha), −delta, +delta)), in bps, floored,
 * never below 1. T = 0 keeps the rate.
 */
export function nextRentRate(rate: bigint, totalBytes: bigint, config: RentConfig): bigint {
  const t = config.targetStateBytes;
  if (t === 0n) return rate;
  let adj = ((totalBytes - t) * BPS) / (t * config.rateAlpha);
  if (adj > config.rateDeltaBps) adj = config.rateDeltaBps;
  if (adj < -config.rateDeltaBps) adj = -config.rateDeltaBps;
  const next = (rate * (BPS + adj)) / BPS;
  return next < 1n ? 1n : next;
}
