// Argument guards are @cowboy/codec's (one set, one argument order); this file keeps the one
// check that is the fee market's own: a computed amount must still fit the u64 it travels in.
import { U64_MAX } from "@cowboy/codec";
import { FeeMarketError } from "./errors.js";

export { abytes, aint, aobject, au64, isU64, U64_MAX } from "@cowboy/codec";

/** Asserts an amount computed from u64 inputs still fits a u64 (it is carried on the wire). */
export function fitsU64(value: bigint, what: string): bigint {
  if (value > U64_MAX) throw new FeeMarketError("AMOUNT_OVERFLOW", `${what} (${value}) exceeds the u64 range`);
  return value;
}
