// Shape checks shared by the executors' spec parsers: a wrong field is INVALID_SPEC naming the field.
import { RunnerError } from "../errors.js";

export function asRecord(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new RunnerError("INVALID_SPEC", `${what} must be a JSON object`);
  return value as Record<string, unknown>;
}

export function requireString(record: Record<string, unknown>, field: string, what: string): string {
  const v = record[field];
  if (typeof v !== "string" || v === "") throw new RunnerError("INVALID_SPEC", `${what}: '${field}' must be a non-empty string`);
  return v;
}

export function optionalString(record: Record<string, unknown>, field: string, what: string): string | undefined {
  const v = record[field];
  if (v === undefined) return undefined;
  if (typeof v !== "string") throw new RunnerError("INVALID_SPEC", `${what}: '${field}' must be a string`);
  return v;
}

/** An optional positive integer field, at most `max`; `fallback` when absent. */
export function boundedInt(record: Record<string, unknown>, field: string, what: string, fallback: number, max: number): number {
  const v = record[field];
  if (v === undefined) return fallback;
  if (typeof v !== "number" || !Number.isInteger(v) || v <= 0 || v > max) throw new RunnerError("INVALID_SPEC", `${what}: '${field}' must be an integer in [1, ${max}]`);
  return v;
}
