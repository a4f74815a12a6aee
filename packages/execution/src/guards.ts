// Boundary guards of the public entry points: a wrong argument fails here, with a message naming
// it; the code behind an entry point trusts its inputs.
import { ExecutionError } from "./errors.js";

/** `value` must be a non-null object; returns it. */
export function aobject<T>(value: T, title: string): T {
  if (value === null || typeof value !== "object") throw new ExecutionError("INVALID_ARGUMENT", `${title} must be an object, got ${value === null ? "null" : typeof value}`);
  return value;
}

/** `value` must be an array; returns it. */
export function aarray<T>(value: readonly T[], title: string): readonly T[] {
  if (!Array.isArray(value)) throw new ExecutionError("INVALID_ARGUMENT", `${title} must be an array, got ${value === null ? "null" : typeof value}`);
  return value;
}

/** `value` must be a function when present; returns it. */
export function aoptionalFunction<T>(value: T, title: string): T {
  if (value !== undefined && typeof value !== "function") throw new ExecutionError("INVALID_ARGUMENT", `${title} must be a function when given, got ${typeof value}`);
  return value;
}

/** `value` must be a bigint; returns it. */
export function abigint(value: bigint, title: string): bigint {
  if (typeof value !== "bigint") throw new ExecutionError("INVALID_ARGUMENT", `${title} must be a bigint, got ${typeof value}`);
  return value;
}

const STATE_METHODS = ["get", "set", "delete", "checkpoint", "revertTo", "commitCheckpoint", "computeRoot"] as const;

/** `value` must be a state: an object with get, set, delete, checkpoint, revertTo, commitCheckpoint and computeRoot. */
export function astate<T extends object>(value: T, title: string): T {
  aobject(value, title);
  for (const method of STATE_METHODS) {
    if (typeof (value as Record<string, unknown>)[method] !== "function") throw new ExecutionError("INVALID_ARGUMENT", `${title} must be a state fork (it has no ${method}())`);
  }
  return value;
}
