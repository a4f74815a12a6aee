import { SchedulerError } from "./errors.js";

const U64_MAX = (1n << 64n) - 1n;

/** `value` must be a Uint8Array of exactly `length` bytes. */
export function aexact(value: unknown, length: number, name: string): Uint8Array {
  if (!(value instanceof Uint8Array) || value.length !== length) {
    throw new SchedulerError("INVALID_ARGUMENT", `${name}: expected a Uint8Array of ${length} bytes`);
  }
  return value;
}

/** `value` must be a Uint8Array of at most `max` bytes. */
export function abytesMax(value: unknown, max: number, name: string): Uint8Array {
  if (!(value instanceof Uint8Array) || value.length > max) {
    throw new SchedulerError("INVALID_ARGUMENT", `${name}: expected a Uint8Array of at most ${max} bytes`);
  }
  return value;
}

/** `value` must be a bigint in [min, max] (max defaults to 2^64 − 1). */
export function au64(value: unknown, name: string, min = 0n, max = U64_MAX): bigint {
  if (typeof value !== "bigint" || value < min || value > max) {
    throw new SchedulerError("INVALID_ARGUMENT", `${name}: expected a bigint in [${min}, ${max}], got ${typeof value === "bigint" ? value : typeof value}`);
  }
  return value;
}

/** `value` must be an integer number in [min, max]. */
export function aint(value: unknown, name: string, min: number, max: number): number {
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < min || value > max) {
    throw new SchedulerError("INVALID_ARGUMENT", `${name}: expected an integer in [${min}, ${max}], got ${String(value)}`);
  }
  return value;
}

export { U64_MAX };
