// The OpenAI-compatible LLM backend: POST {baseUrl}/chat/completions with temperature 0, the job's seed and a
// json_schema response_format. The endpoint is the operator's configuration (not the job's), so it is not subject to
// the HTTP executor's allowlist; its API key comes from a SecretValue and is never printed.
import { RunnerError } from "../errors.js";
import type { SecretBytes } from "../secrets.js";
import type { CompletionRequest, LlmBackend } from "./backend.js";

export interface OpenAiOptions {
  /** E.g. `http://127.0.0.1:8080/v1`. */
  readonly baseUrl: string;
  readonly model: string;
  /** Returns the API key for each request (a fresh SecretValue, zeroed after use); omit for keyless endpoints. */
  readonly apiKey?: () => Promise<SecretBytes>;
  readonly timeoutMs?: number;
  /** Response size bound (default 1 MiB). */
  readonly maxResponseBytes?: number;
}

export function createOpenAiBackend(options: OpenAiOptions): LlmBackend {
  const url = `${options.baseUrl.replace(/\/$/, "")}/chat/completions`;
  const maxBytes = options.maxResponseBytes ?? 1_048_576;
  return {
    model: options.model,
    async complete(request: CompletionRequest): Promise<string> {
      const messages = [...(request.system === undefined ? [] : [{ role: "system", content: request.system }]), { role: "user", content: request.prompt }];
      const body = JSON.stringify({
        model: options.model,
        messages,
        temperature: 0,
        seed: request.seed,
        max_tokens: request.maxTokens,
        response_format: { type: "json_schema", json_schema: { name: "result", schema: request.schema, strict: true } },
      });
      const headers: Record<string, string> = { "content-type": "application/json" };
      if (options.apiKey !== undefined) {
        const key = await options.apiKey();
        headers.authorization = await key.use((b) => `Bearer ${new TextDecoder().decode(b)}`);
      }
      let response: Response;
      try {
        response = await fetch(url, { method: "POST", headers, body, redirect: "error", signal: AbortSignal.timeout(options.timeoutMs ?? 60_000) });
      } catch (error) {
        throw new RunnerError("LLM_FAILED", `the LLM endpoint ${options.baseUrl} failed: ${(error as Error).message}`, { fault: "external" });
      }
      const text = await response.text();
      if (text.length > maxBytes) throw new RunnerError("LLM_FAILED", `the LLM endpoint's response exceeds ${maxBytes} bytes`);
      if (!response.ok)
        throw new RunnerError("LLM_FAILED", `the LLM endpoint answered ${response.status}`, {
          status: response.status,
          // Down (5xx) or the model not there (404): the model is unavailable, an external fault.
          ...(response.status >= 500 || response.status === 404 ? { fault: "external" } : {}),
        });
      let content: unknown;
      try {
        content = (JSON.parse(text) as { choices?: { message?: { content?: unknown } }[] }).choices?.[0]?.message?.content;
      } catch {
        throw new RunnerError("LLM_FAILED", "the LLM endpoint's response is not JSON");
      }
      if (typeof content !== "string") throw new RunnerError("LLM_FAILED", "the LLM endpoint's response has no choices[0].message.content");
      return content;
    },
    async close() {},
  };
}
