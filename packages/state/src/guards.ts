import { StateError } from "./errors.js";

/** Longest state key, in bytes (cips/state.md "Keys"). */
export const MAX_KEY = 2048;
/** Largest state value, in bytes: 1 MiB, the largest actor code the chain stores. */
export const MAX_VALUE = 1024 * 1024;

/** Throws INVALID_ARGUMENT, naming `name`, unless `value` is a Uint8Array of `min`..`max` bytes. */
export function checkBytes(value: unknown, name: string, min: number, max: number): asserts value is Uint8Array {
  if (!(value instanceof Uint8Array)) throw new StateError("INVALID_ARGUMENT", `${name}: expected a Uint8Array, got ${describe(value)}`);
  if (value.length < min || value.length > max) throw new StateError("INVALID_ARGUMENT", `${name}: expected ${min} to ${max} bytes, got ${value.length}`);
}

/** Throws INVALID_ARGUMENT unless `value` is a bigint in [0, 2^64 - 1]. */
export function checkU64(value: unknown, name: string): asserts value is bigint {
  if (typeof value !== "bigint" || value < 0n || value > 0xffff_ffff_ffff_ffffn) {
    throw new StateError("INVALID_ARGUMENT", `${name}: expected a bigint in [0, 2^64-1], got ${describe(value)}`);
  }
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (typeof value === "bigint") return `${value}n`;
  if (typeof value === "object") return (value as object).constructor?.name ?? "object";
  return `${typeof value} ${String(value)}`;
}
