// Runner-side check of a result against the job's result_schema (JSON Schema; cips/runner-market.md "Results") before
// it is committed: a runner never commits an output the verifier would reject as a schema violation.
import { Ajv, type ValidateFunction } from "ajv";
import { RunnerError } from "./errors.js";

const ajv = new Ajv({ strict: false, allErrors: false });
const compiled = new Map<string, ValidateFunction>();

function validatorFor(schema: unknown): ValidateFunction {
  const key = JSON.stringify(schema);
  let v = compiled.get(key);
  if (v === undefined) {
    try {
      v = ajv.compile(schema as object);
    } catch (error) {
      throw new RunnerError("INVALID_SPEC", `the result_schema is not a valid JSON Schema: ${(error as Error).message}`);
    }
    if (compiled.size > 256) compiled.clear();
    compiled.set(key, v);
  }
  return v;
}

/** Throws SCHEMA_VIOLATION (naming the first failing path) unless `value` validates against `schema`. */
export function checkResult(value: unknown, schema: unknown): void {
  const validate = validatorFor(schema);
  if (!validate(value)) {
    const e = validate.errors?.[0];
    throw new RunnerError("SCHEMA_VIOLATION", `the result does not match result_schema: ${e?.instancePath || "/"} ${e?.message ?? "is invalid"}`, { path: e?.instancePath ?? "" });
  }
}

/** The canonical output bytes a runner commits to: UTF-8 JSON with object keys sorted, no whitespace. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") {
    if (typeof value === "number" && !Number.isFinite(value)) throw new RunnerError("SCHEMA_VIOLATION", "a result number is not finite");
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
}
