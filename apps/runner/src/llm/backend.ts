// LLM backends for the LLM executor (cips/runner-process.md "LLM"): one request shape, two implementations
// (an embedded GGUF model through node-llama-cpp, any OpenAI-compatible endpoint). Both are asked for greedy,
// seeded, schema-constrained output.
export interface CompletionRequest {
  readonly system?: string;
  readonly prompt: string;
  /** The job's result_schema: the backend constrains its output to it (grammar / response_format). */
  readonly schema: object;
  readonly maxTokens: number;
  readonly seed: number;
}

export interface LlmBackend {
  /** The model identifier the runner advertises (its `models` capability). */
  readonly model: string;
  /** Returns the raw completion text (JSON when the backend honours the schema). */
  complete(request: CompletionRequest): Promise<string>;
  close(): Promise<void>;
}
