// The compute executor (job kind "compute"; cips/sdk.md "Job kinds", cips/runner-process.md "Compute"): spec
// {language: "javascript", code, input?, max_seconds?, wasm?, memory_mb?} — a JS function body, optionally
// with a WASM module, run in a worker_thread with V8 heap limits, inside a fresh vm context that receives only
// primitives (JSON text, hex) so no host object leaks in. Bounds: CPU time (vm timeout in the dedicated thread),
// wall time (the worker is terminated), heap (resourceLimits), output size. Math.random is seeded from the job.
import { Worker } from "node:worker_threads";
import { toHex } from "@cowboy/codec";
import { RunnerError } from "../errors.js";
import { asRecord, boundedInt, requireString } from "./spec.js";

export interface ComputeSpec {
  /** "javascript" (this runner does not run "python" compute jobs). */
  readonly language: string;
  /** The body of `function (input, wasm) { ... }`; it must return a JSON value synchronously. */
  readonly code: string;
  readonly input?: unknown;
  /** A WASM module as 0x hex; the function receives its bytes as a Uint8Array (`new WebAssembly.Module(wasm)`). */
  readonly wasm?: string;
  /** CPU time bound in seconds (default 1, at most 60). */
  readonly max_seconds?: number;
  /** Heap bound in MiB (default 64, at most 512). */
  readonly memory_mb?: number;
}

export interface ComputeOptions {
  /** Seeds Math.random inside the function (the job id: every committee member draws the same numbers). */
  readonly seed: Uint8Array;
  /** Output bound in bytes of JSON (default 65,536, spec §5.4). */
  readonly maxOutputBytes?: number;
  /** The job's mounted CBFS volumes (fs.mount), handed to the function as its third argument, a list of Uint8Array. */
  readonly volumes?: readonly Uint8Array[];
}

export interface ParsedComputeSpec {
  readonly code: string;
  readonly input: unknown;
  readonly wasm: string | undefined;
  readonly cpuMs: number;
  readonly memoryMb: number;
}

export function parseComputeSpec(value: unknown): ParsedComputeSpec {
  const spec = asRecord(value, "compute spec");
  const language = requireString(spec, "language", "compute spec");
  if (language !== "javascript") throw new RunnerError("INVALID_SPEC", `compute spec: language '${language}' is not run by this runner (javascript only)`);
  const code = requireString(spec, "code", "compute spec");
  if (code.length > 65_536) throw new RunnerError("INVALID_SPEC", "compute spec: 'code' is longer than 65,536 characters");
  let wasm: string | undefined;
  if (spec.wasm !== undefined) {
    if (typeof spec.wasm !== "string" || !/^0x([0-9a-fA-F]{2})*$/.test(spec.wasm) || spec.wasm.length > 2 + 2 * 1_048_576)
      throw new RunnerError("INVALID_SPEC", "compute spec: 'wasm' must be 0x hex of at most 1 MiB");
    wasm = spec.wasm.slice(2);
  }
  return { code, input: spec.input, wasm, cpuMs: boundedInt(spec, "max_seconds", "compute spec", 1, 60) * 1_000, memoryMb: boundedInt(spec, "memory_mb", "compute spec", 64, 512) };
}

/** Runs in the worker (CommonJS, eval). Everything crossing into the vm context is a string or a number. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const vm = require("node:vm");
const { code, inputJson, wasmHex, volumesHex, seed, cpuMs } = workerData;
const context = vm.createContext(Object.create(null));
const prelude = \`"use strict";
(() => {
  let s = [\${seed.join(",")}];
  const next = () => { let t = s[0] ^ (s[0] << 11); s[0] = s[1]; s[1] = s[2]; s[2] = s[3]; s[3] = (s[3] ^ (s[3] >>> 19) ^ t ^ (t >>> 8)) >>> 0; return s[3]; };
  Math.random = () => (next() * 2 ** 21 + (next() >>> 11)) / 2 ** 53;
})();\`;
try {
  vm.runInContext(prelude, context);
  context.__input = inputJson;
  context.__wasm = wasmHex;
  context.__volumes = JSON.stringify(volumesHex);
  // Volumes become Uint8Arrays of this context before the function's CPU time starts.
  vm.runInContext("globalThis.__vols = JSON.parse(__volumes).map((h) => { const u = new Uint8Array(h.length >> 1); for (let i = 0; i < u.length; i++) u[i] = parseInt(h.substr(2 * i, 2), 16); return u; }); __volumes = null;", context, { timeout: 60000 });
  const fnText = "(function (input, wasm, volumes) {\\n'use strict';\\n" + code + "\\n})";
  vm.runInContext("globalThis.__fn = " + fnText, context, { filename: "job.js", timeout: cpuMs });
  const out = vm.runInContext(
    \`(() => { const w = __wasm === null ? undefined : Uint8Array.from(__wasm.match(/../g) ?? [], (h) => parseInt(h, 16));
      const r = __fn(__input === null ? undefined : JSON.parse(__input), w, __vols);
      if (r !== null && typeof r === "object" && typeof r.then === "function") throw new TypeError("the function must return synchronously, not a promise");
      const j = JSON.stringify(r); if (j === undefined) throw new TypeError("the function returned " + typeof r + ", not a JSON value"); return j; })()\`,
    context, { timeout: cpuMs, microtaskMode: "afterEvaluate" });
  parentPort.postMessage({ ok: true, json: String(out) });
} catch (e) {
  const timeout = e && e.code === "ERR_SCRIPT_EXECUTION_TIMEOUT";
  parentPort.postMessage({ ok: false, timeout, message: String(e && e.message !== undefined ? e.message : e) });
}
`;

function seedWords(seed: Uint8Array): number[] {
  const words = [0x9e3779b9, 0x243f6a88, 0xb7e15162, 0x85a308d3];
  seed.forEach((b, i) => {
    const w = i % 4;
    words[w] = (Math.imul(words[w]! ^ b, 0x01000193) + i) >>> 0;
  });
  return words.map((w) => w || 1);
}

/** Runs a compute job; resolves to the function's JSON result. */
export async function runCompute(specValue: unknown, options: ComputeOptions): Promise<unknown> {
  const spec = parseComputeSpec(specValue);
  const maxOutput = options.maxOutputBytes ?? 65_536;
  const inputJson = spec.input === undefined ? null : JSON.stringify(spec.input);
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      code: spec.code,
      inputJson,
      wasmHex: spec.wasm ?? null,
      volumesHex: (options.volumes ?? []).map((v) => toHex(v)),
      seed: seedWords(options.seed),
      cpuMs: spec.cpuMs,
    },
    resourceLimits: { maxOldGenerationSizeMb: spec.memoryMb, maxYoungGenerationSizeMb: Math.min(16, spec.memoryMb), codeRangeSizeMb: 16, stackSizeMb: 4 },
    env: {},
    stdout: true,
    stderr: true,
  });
  const wallMs = spec.cpuMs * 2 + 2_000;
  const message = await new Promise<{ ok: boolean; json?: string; timeout?: boolean; message?: string }>((resolve, reject) => {
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new RunnerError("COMPUTE_TIMEOUT", `the function did not finish within ${wallMs} ms of wall time`, { wallMs, fault: "impossible", boundMs: wallMs }));
    }, wallMs);
    worker.once("message", (m) => {
      clearTimeout(timer);
      resolve(m);
    });
    worker.once("error", (e: Error & { code?: string }) => {
      clearTimeout(timer);
      if (e.code === "ERR_WORKER_OUT_OF_MEMORY")
        reject(new RunnerError("COMPUTE_MEMORY", `the function exceeded its heap bound of ${spec.memoryMb} MiB`, { memoryMb: spec.memoryMb, fault: "impossible" }));
      else reject(new RunnerError("COMPUTE_FAILED", `the worker failed: ${e.message}`));
    });
    worker.once("exit", (exitCode) => {
      clearTimeout(timer);
      reject(new RunnerError("COMPUTE_FAILED", `the worker exited (${exitCode}) without a result`));
    });
  }).finally(() => void worker.terminate());
  if (!message.ok) {
    if (message.timeout)
      throw new RunnerError("COMPUTE_TIMEOUT", `the function exceeded its CPU bound of ${spec.cpuMs} ms`, { cpuMs: spec.cpuMs, fault: "impossible", boundMs: spec.cpuMs });
    throw new RunnerError("COMPUTE_FAILED", `the function failed: ${message.message}`);
  }
  const json = message.json!;
  if (new TextEncoder().encode(json).length > maxOutput)
    throw new RunnerError("OUTPUT_TOO_LARGE", `the function's output exceeds ${maxOutput} bytes of JSON`, { bound: maxOutput, fault: "impossible" });
  return JSON.parse(json);
}
