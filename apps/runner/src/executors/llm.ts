// The LLM executor (job kind "llm"; cips/sdk.md "Job kinds", cips/runner-process.md "LLM"): spec {model, prompt,
// system?, max_tokens?, seed?, temperature?}; the runner must serve `model`; decoding is always greedy (temperature is
// ignored: committee members must agree); the backend is constrained to result_schema and the output checked again.
import type { EntitlementGate } from "../entitlements.js";
import { RunnerError } from "../errors.js";
import type { LlmBackend } from "../llm/backend.js";
import { checkResult } from "../result-schema.js";
import { asRecord, boundedInt, optionalString, requireString } from "./spec.js";

export interface LlmSpec {
  /** The model id the runner advertises (the embedded backend: keccak256 of the GGUF file, 64 hex digits, no 0x). */
  readonly model: string;
  readonly prompt: string;
  readonly system?: string;
  /** Default 256, at most 4,096. */
  readonly max_tokens?: number;
  /** Default 0; pinned by the job so committee members agree (spec §5.4). */
  readonly seed?: number;
}

export function parseLlmSpec(value: unknown): Required<Omit<LlmSpec, "system">> & Pick<LlmSpec, "system"> {
  const spec = asRecord(value, "llm spec");
  const model = requireString(spec, "model", "llm spec");
  const prompt = requireString(spec, "prompt", "llm spec");
  const system = optionalString(spec, "system", "llm spec");
  const seed = spec.seed === undefined ? 0 : spec.seed;
  if (typeof seed !== "number" || !Number.isInteger(seed) || seed < 0 || seed > 0xffffffff)
    throw new RunnerError("INVALID_SPEC", "llm spec: 'seed' must be an integer in [0, 2^32)");
  return { model, prompt, ...(system === undefined ? {} : { system }), max_tokens: boundedInt(spec, "max_tokens", "llm spec", 256, 4_096), seed };
}

export async function runLlm(specValue: unknown, options: { gate: EntitlementGate; backend: LlmBackend | undefined; resultSchema: unknown }): Promise<unknown> {
  options.gate.require("llm", "an llm job");
  const spec = parseLlmSpec(specValue);
  if (options.backend === undefined) throw new RunnerError("LLM_FAILED", "this runner has no LLM backend configured");
  if (spec.model.toLowerCase() !== options.backend.model.toLowerCase())
    throw new RunnerError("LLM_FAILED", `model ${spec.model} is not served by this runner (it serves ${options.backend.model})`, { model: spec.model, fault: "external" });
  if (typeof options.resultSchema !== "object" || options.resultSchema === null) throw new RunnerError("INVALID_SPEC", "an llm job needs an object result_schema");
  const text = await options.backend.complete({
    prompt: spec.prompt,
    ...(spec.system === undefined ? {} : { system: spec.system }),
    schema: options.resultSchema,
    maxTokens: spec.max_tokens,
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
