// The LLM executor (job kind "llm"; cips/runner-market.md "LLM executor"): spec {prompt, system?, maxTokens?, seed?};
// the backend is constrained to the job's result_schema, and the output is parsed and validated again here.
import type { EntitlementGate } from "../entitlements.js";
import { RunnerError } from "../errors.js";
import type { LlmBackend } from "../llm/backend.js";
import { checkResult } from "../result-schema.js";
import { asRecord, boundedInt, optionalString, requireString } from "./spec.js";

export interface LlmSpec {
  readonly prompt: string;
  readonly system?: string;
  /** Default 256, at most 4,096. */
  readonly maxTokens?: number;
  /** Default 0; pinned by the job so committee members agree (spec §5.4). */
  readonly seed?: number;
}

export function parseLlmSpec(value: unknown): Required<Omit<LlmSpec, "system">> & Pick<LlmSpec, "system"> {
  const spec = asRecord(value, "llm spec");
  const prompt = requireString(spec, "prompt", "llm spec");
  const system = optionalString(spec, "system", "llm spec");
  const seed = spec.seed === undefined ? 0 : spec.seed;
  if (typeof seed !== "number" || !Number.isInteger(seed) || seed < 0 || seed > 0xffffffff)
    throw new RunnerError("INVALID_SPEC", "llm spec: 'seed' must be an integer in [0, 2^32)");
  return { prompt, ...(system === undefined ? {} : { system }), maxTokens: boundedInt(spec, "maxTokens", "llm spec", 256, 4_096), seed };
}

export async function runLlm(specValue: unknown, options: { gate: EntitlementGate; backend: LlmBackend | undefined; resultSchema: unknown }): Promise<unknown> {
  options.gate.require("llm", "an llm job");
  const spec = parseLlmSpec(specValue);
  if (options.backend === undefined) throw new RunnerError("LLM_FAILED", "this runner has no LLM backend configured");
  if (typeof options.resultSchema !== "object" || options.resultSchema === null) throw new RunnerError("INVALID_SPEC", "an llm job needs an object result_schema");
  const text = await options.backend.complete({
    prompt: spec.prompt,
    ...(spec.system === undefined ? {} : { system: spec.system }),
    schema: options.resultSchema,
    maxTokens: spec.maxTokens,
    seed: spec.seed,
  });
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new RunnerError("LLM_FAILED", `the model's output is not JSON (${text.length} characters; maxTokens may be too small)`);
  }
  checkResult(value, options.resultSchema);
  return value;
}
