// Runner-side check of a result before it is committed (cips/runner-market.md "Result schemas", cips/runner-process.md "Outputs"): the
// output is the canonical CBOR of the result's value, checked with @cowboy/runner-market's own schemaViolation (the
// rule the 0x03 verifier applies), so a runner never commits an output the chain would fail as a schema violation.
import { type CborValue, cborFromJson, encodeCbor } from "@cowboy/codec";
import { schemaViolation } from "@cowboy/runner-market";
import { RunnerError } from "./errors.js";

/** A JS value from JSON.parse as its canonical value (integers exact as written, objects as str-keyed dicts). */
export function valueOfJson(value: unknown): CborValue {
  const text = JSON.stringify(value);
  if (text === undefined) throw new RunnerError("SCHEMA_VIOLATION", "the result is not a JSON value");
  return cborFromJson(text);
}

/** Throws SCHEMA_VIOLATION (with the verifier's reason) unless `value` conforms to `schema` (both JSON forms). */
export function checkResult(value: unknown, schema: unknown): void {
  const why = schemaViolation(valueOfJson(schema), valueOfJson(value));
  if (why !== null) throw new RunnerError("SCHEMA_VIOLATION", `the result does not match result_schema: ${why}`, { reason: why });
}

/** The bytes a runner commits to and reveals: the canonical CBOR of the result. */
export function outputBytes(value: unknown): Uint8Array {
  return encodeCbor(valueOfJson(value));
}
