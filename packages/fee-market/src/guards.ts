import { FeeMarketError } from "./errors.js";

/** Largest value of a u64, the width of every amount, fee and counter on the wire. */
export const U64_MAX = (1n << 64n) - 1n;

/** True when `value` is a bigint in [0, 2^64). Lets hot paths build an argument's name only on failure. */
export function isU64(value: unknown): value is bigint {
  return typeof value === "bigint" && value >= 0n && value <= U64_MAX;
}

/** Asserts `value` is a bigint in [0, 2^64); the message names the argument. */
export function au64(value: unknown, name: string): asserts value is bigint {
  if (typeof value !== "bigint") throw new FeeMarketError("INVALID_ARGUMENT", `${name} must be a bigint, got ${typeof value}`);
  if (value < 0n || value > U64_MAX) throw new FeeMarketError("INVALID_ARGUMENT", `${name} must be a u64, got ${value}`);
}

/** Asserts `value` is a Uint8Array (of `length` bytes when given). */
export function abytes(value: unknown, name: string, length?: number): asserts value is Uint8Array {
  if (!(value instanceof Uint8Array)) throw new FeeMarketError("INVALID_ARGUMENT", `${name} must be a Uint8Array`);
  if (length !== undefined && value.length !== length) {
    throw new FeeMarketError("INVALID_ARGUMENT", `${name} must be ${length} bytes, got ${value.length}`);
  }
}

/** Asserts `value` is a safe integer in [min, max]. */
export function aint(value: unknown, name: string, min: number, max: number): asserts value is number {
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < min || value > max) {
    throw new FeeMarketError("INVALID_ARGUMENT", `${name} must be an integer in [${min}, ${max}], got ${String(value)}`);
  }
}

/** Asserts an amount computed from u64 inputs still fits a u64 (it is carried on the wire). */
export function fitsU64(value: bigint, what: string): bigint {
  if (value > U64_MAX) throw new FeeMarketError("AMOUNT_OVERFLOW", `${what} (${value}) exceeds the u64 range`);
  return value;
}

/** Asserts `value` is a non-null object, so field reads fail as typed errors, not TypeErrors. */
export function aobject(value: unknown, name: string): asserts value is object {
  if (typeof value !== "object" || value === null) throw new FeeMarketError("INVALID_ARGUMENT", `${name} must be an object`);
}
