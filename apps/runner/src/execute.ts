// One job through the executors (cips/runner-process.md): entitlement match (requires ⊆ provides),
// just-in-time secret substitution, the kind's executor, the result_schema check, and the canonical output bytes the
// runner commits to (keccak256(output ‖ salt), output = canonical CBOR). Output is bounded by spec §5.4 (64 KiB).
import { fromHex } from "@cowboy/codec";
import { JOB_KINDS, type JobKind } from "@cowboy/runner-market";
import type { EntitlementGate } from "./entitlements.js";
import { RunnerError } from "./errors.js";
import { runCompute } from "./executors/compute.js";
import { runContainerJob } from "./executors/container.js";
import { runHttp } from "./executors/http.js";
import { runLlm } from "./executors/llm.js";
import { runMcp } from "./executors/mcp.js";
import type { LlmBackend } from "./llm/backend.js";
import { checkResult, outputBytes } from "./result-schema.js";
import { type SecretSource, substituteSecrets } from "./secrets.js";
import { MAX_MOUNT_BYTES, type VolumeSource } from "./volumes.js";

/** On-chain return data bound (spec §5.4). */
export const MAX_OUTPUT_BYTES = 65_536;

export { JOB_KINDS, type JobKind } from "@cowboy/runner-market";

/** What an executor needs to know about a job (a subset of `cowboy_getJob`). */
export interface JobInput {
  readonly id: Uint8Array;
  readonly kind: string;
  readonly spec: unknown;
  readonly resultSchema: unknown;
  readonly allowDomains: readonly string[];
  readonly secrets: readonly string[];
  readonly volumes: readonly unknown[];
  readonly requires: readonly string[];
}

/** The runner's executor configuration (one per process). */
export interface ExecutorConfig {
  readonly gate: EntitlementGate;
  /** Admit loopback HTTP targets (a devnet runner). */
  readonly devnet?: boolean;
  readonly secrets?: SecretSource;
  readonly llm?: LlmBackend;
  /** Allowlisted container images: manifest digest → OCI layout directory. */
  readonly images?: Readonly<Record<string, string>>;
  readonly httpTimeoutMs?: number;
  /** CBFS volumes of jobs (fs.mount): read under the job's 0x0A delegation, keys from CBSS (volumes.ts). */
  readonly volumes?: VolumeSource;
}

export interface JobOutput {
  readonly value: unknown;
  /** The canonical CBOR of `value`: the bytes committed and revealed. */
  readonly output: Uint8Array;
  /** What this execution used (cips/runner-process.md "Usage reports"): reported in a usage-priced job's reveal. */
  readonly usage: ReadonlyMap<string, bigint>;
}

/** The unit counting result size: one per started KiB of the canonical result bytes. */
export const OUTPUT_KIB_UNIT = "output.kib";

/** Usage of one execution: the job's kind once (the unit a fixed rate card prices) and ⌈result bytes / 1024⌉. */
export function usageOf(kind: string, output: Uint8Array): Map<string, bigint> {
  return new Map([
    [kind, 1n],
    [OUTPUT_KIB_UNIT, BigInt(Math.ceil(output.length / 1024))],
  ]);
}

/** The job kinds this configuration can serve (its entitlements and configured backends). */
export function servableKinds(config: ExecutorConfig): JobKind[] {
  const g = config.gate;
  const kinds: JobKind[] = [];
  if (g.has("compute")) kinds.push("compute");
  if (g.has("net.http")) kinds.push("http");
  if (g.has("llm") && config.llm !== undefined) kinds.push("llm");
  if (g.has("mcp")) kinds.push("mcp");
  if (g.has("oci.run") && config.images !== undefined && Object.keys(config.images).length > 0) kinds.push("container");
  return kinds.sort();
}

/**
 * The job's volumes, mounted (fs.mount): their plaintext in the job's order. Compute jobs receive them as the
 * function's third argument; other kinds have no way to read a file yet, so a volume in one is refused.
 */
async function mountVolumes(job: JobInput, config: ExecutorConfig): Promise<Uint8Array[]> {
  if (job.volumes.length === 0) return [];
  config.gate.require("fs.mount", "a job with volumes");
  if (job.kind !== "compute") throw new RunnerError("INVALID_SPEC", `volumes are mounted for compute jobs only, not ${job.kind}`);
  if (config.volumes === undefined) throw new RunnerError("VOLUME_UNAVAILABLE", "this runner has no CBFS volume source (it needs a node: --rpc)");
  const roots = job.volumes.map((v) => (v instanceof Uint8Array ? v : typeof v === "string" && /^0x[0-9a-f]{64}$/.test(v) ? fromHex(v.slice(2)) : undefined));
  if (roots.some((r) => r === undefined)) throw new RunnerError("INVALID_SPEC", "volumes: each a 32-byte manifest root");
  const out: Uint8Array[] = [];
  let total = 0;
  for (const root of roots as Uint8Array[]) {
    const bytes = await config.volumes.mount(root, { id: job.id, secrets: job.secrets });
    total += bytes.length;
    if (total > MAX_MOUNT_BYTES) throw new RunnerError("VOLUME_UNAVAILABLE", `the job's volumes exceed ${MAX_MOUNT_BYTES} bytes`);
    out.push(bytes);
  }
  return out;
}

export async function executeJob(job: JobInput, config: ExecutorConfig): Promise<JobOutput> {
  const missing = job.requires.filter((r) => !config.gate.covers([r]));
  if (missing.length > 0) throw new RunnerError("ENTITLEMENT_MISSING", `the job requires ${missing.join(", ")}, which this runner does not provide`, { entitlement: missing[0] });
  const volumes = await mountVolumes(job, config);
  const spec = await substituteSecrets(job.spec, { gate: config.gate, source: config.secrets, job: job.id, declared: job.secrets });
  let value: unknown;
  switch (job.kind) {
    case "http":
      value = await runHttp(spec, config.gate, {
        allowDomains: job.allowDomains,
        devnet: config.devnet === true,
        ...(config.httpTimeoutMs === undefined ? {} : { timeoutMs: config.httpTimeoutMs }),
      });
      break;
    case "compute":
      config.gate.require("compute", "a compute job");
      value = await runCompute(spec, { seed: job.id, volumes });
      break;
    case "llm":
      value = await runLlm(spec, { gate: config.gate, backend: config.llm, resultSchema: job.resultSchema });
      break;
    case "mcp":
      value = await runMcp(spec, config.gate, { allowDomains: job.allowDomains, devnet: config.devnet === true });
      break;
    case "container":
      value = await runContainerJob(spec, config.gate, { images: config.images ?? {} });
      break;
    default:
      throw new RunnerError("UNKNOWN_KIND", `job kind '${job.kind}' is not one of ${JOB_KINDS.join(", ")}`, { kind: job.kind });
  }
  checkResult(value, job.resultSchema);
  const output = outputBytes(value);
  if (output.length > MAX_OUTPUT_BYTES)
    throw new RunnerError("OUTPUT_TOO_LARGE", `the result is ${output.length} bytes, more than the on-chain bound of ${MAX_OUTPUT_BYTES}`, {
      bound: MAX_OUTPUT_BYTES,
      fault: "impossible",
    });
  return { value, output, usage: usageOf(job.kind, output) };
}
