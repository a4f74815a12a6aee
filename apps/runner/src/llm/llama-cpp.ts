// The embedded-model LLM backend: node-llama-cpp on a local GGUF, CPU only, greedy (temperature 0), with the result
// schema compiled to a GBNF grammar so the output is schema-valid JSON by construction. One fresh context per job and
// a fixed thread and batch size, so two processes produce identical tokens.
import { toHex } from "@cowboy/codec";
import { keccak256 } from "@cowboy/crypto";
import { readFileSync } from "node:fs";
import type { Llama, LlamaModel } from "node-llama-cpp";
import { RunnerError } from "../errors.js";
import type { CompletionRequest, LlmBackend } from "./backend.js";

export interface LlamaCppOptions {
  readonly modelPath: string;
  /** Evaluation threads (default 1: deterministic and polite on a shared machine). */
  readonly threads?: number;
  readonly contextSize?: number;
}

export async function createLlamaCppBackend(options: LlamaCppOptions): Promise<LlmBackend> {
  const { getLlama, LlamaCompletion } = await import("node-llama-cpp");
  let llama: Llama;
  let model: LlamaModel;
  try {
    llama = await getLlama({ gpu: false, build: "never", logLevel: "error" as never });
    model = await llama.loadModel({ modelPath: options.modelPath });
  } catch (error) {
    throw new RunnerError("LLM_FAILED", `cannot load the model ${options.modelPath}: ${(error as Error).message}`);
  }
  // The model id (spec §5.1 names a keccak256): 64 lower-case hex digits, no 0x, so it is a valid capability name
  // (runner-market's [a-z0-9][a-z0-9._:/-]{0,63}).
  const modelId = toHex(keccak256(readFileSync(options.modelPath)));
  const contextSize = options.contextSize ?? 512;
  return {
    model: modelId,
    async complete(request: CompletionRequest): Promise<string> {
      const context = await model.createContext({ contextSize, threads: options.threads ?? 1, batchSize: 64 });
      try {
        const grammar = await llama.createGrammarForJsonSchema(request.schema as never);
        const completion = new LlamaCompletion({ contextSequence: context.getSequence() });
        const prompt = request.system === undefined ? `${request.prompt}\n` : `${request.system}\n\n${request.prompt}\n`;
        return await completion.generateCompletion(prompt, { grammar, maxTokens: request.maxTokens, temperature: 0, seed: request.seed });
      } catch (error) {
        throw new RunnerError("LLM_FAILED", `the embedded model failed: ${(error as Error).message}`);
      } finally {
        await context.dispose();
      }
    },
    async close() {
      await model.dispose();
      await llama.dispose();
    },
  };
}
