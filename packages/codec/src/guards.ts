// Argument guards for every package's public entry points, one argument order everywhere:
// `(value, name, ...bounds)`. Each returns the value it checked (noble's habit: guard once at the
// boundary, name the argument, return the value); a wrong argument fails with an ArgumentError whose
// message names it, and inner code then trusts its inputs.
import { CowboyError } from "./errors.js";
import { U64_MAX } from "./varint.js";

/** A public function was called with an argument of the wrong type or out of its range. */
export class ArgumentError extends CowboyError<"INVALID_ARGUMENT", { readonly argument: string }> {
  override readonly name = "ArgumentError";
  constructor(argument: string, message: string) {
    super("INVALID_ARGUMENT", `${argument} ${message}`, { argument });
  }
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (typeof value === "bigint") return `${value}n`;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value)) return `array(${value.length})`;
  if (typeof value === "object") return (value as object).constructor?.name ?? "object";
  return typeof value;
}

/** True when `value` is a bigint in [0, 2^64). Lets hot paths build an argument's name only on failure. */
export function isU64(value: unknown): value is bigint {
  return typeof value === "bigint" && value >= 0n && value <= U64_MAX;
}

/** Returns `value` after checking it is a bigint in [min, max] (default: the whole u64 range). */
export function au64(value: unknown, name: string, min = 0n, max = U64_MAX): bigint {
  if (typeof value !== "bigint") throw new ArgumentError(name, `must be a bigint, got ${describe(value)}`);
  if (value < min || value > max) {
    throw new ArgumentError(name, min === 0n && max === U64_MAX ? `must be a u64, got ${value}` : `must be in [${min}, ${max}], got ${value}`);
  }
  return value;
}

/** Returns `value` after checking it is a safe integer in [min, max]. */
export function aint(value: unknown, name: string, min: number, max: number): number {
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < min || value > max) {
    throw new ArgumentError(name, `must be an integer in [${min}, ${max}], got ${describe(value)}`);
  }
  return value;
}

/** Returns `value` after checking it is a Uint8Array of `min` to `max` bytes. */
export function abytesIn(value: unknown, name: string, min: number, max: number): Uint8Array {
  if (!(value instanceof Uint8Array)) throw new ArgumentError(name, `must be a Uint8Array, got ${describe(value)}`);
  if (value.length < min || value.length > max)
    throw new ArgumentError(name, min === max ? `must be ${min} bytes, got ${value.length}` : `must be ${min} to ${max} bytes, got ${value.length}`);
  return value;
}

/** Returns `value` after checking it is a non-null object, so field reads fail as typed errors, not TypeErrors. */
export function aobject<T>(value: T, name: string): T & object {
  if (typeof value !== "object" || value === null) throw new ArgumentError(name, `must be an object, got ${describe(value)}`);
  return value;
}

/** Returns `value` after checking it is an array. */
export function aarray<T>(value: readonly T[], name: string): readonly T[] {
  if (!Array.isArray(value)) throw new ArgumentError(name, `must be an array, got ${describe(value)}`);
  return value;
}

/** Returns `value` after checking it is a function or absent. */
export function aoptionalFunction<T>(value: T, name: string): T {
  if (value !== undefined && typeof value !== "function") throw new ArgumentError(name, `must be a function when given, got ${describe(value)}`);
  return value;
}
