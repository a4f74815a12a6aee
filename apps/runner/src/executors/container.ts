// The container executor (job kind "container"; cips/sdk.md "Job kinds", cips/runner-process.md "Container"): spec
// {image, command, env?, stdin?, memory_mb?, pids?, cpu_millis?, timeout_ms?}. `image` is a reference pinned by digest
// (`name@sha256:<hex>` or `sha256:<hex>`) that the Container Registry (0x11) allowlists; the runner holds the OCI
// layouts of the images it serves, by manifest digest. stdout must be JSON: it is the result.
import type { EntitlementGate } from "../entitlements.js";
import { RunnerError } from "../errors.js";
import { runContainer } from "../container/runc.js";
import { asRecord, boundedInt, requireString } from "./spec.js";

export interface ContainerSpec {
  readonly image: string;
  readonly command: readonly string[];
  readonly env?: Readonly<Record<string, string>>;
  /** Written to the container's standard input (at most 64 KiB). */
  readonly stdin?: string;
  /** Default 64, at most 4,096. */
  readonly memory_mb?: number;
  /** Default 32, at most 1,024. */
  readonly pids?: number;
  /** Default 500 (half a core), at most 4,000. */
  readonly cpu_millis?: number;
  /** Default 10,000, at most 600,000. */
  readonly timeout_ms?: number;
}

export interface ParsedContainerSpec {
  /** The manifest digest `sha256:<hex>`. */
  readonly digest: string;
  readonly command: readonly string[];
  readonly env: Readonly<Record<string, string>>;
  readonly stdin: string | undefined;
  readonly memoryMb: number;
  readonly pids: number;
  readonly cpuMillis: number;
  readonly timeoutMs: number;
}

export interface ContainerOptions {
  /** Allowlisted images: manifest digest → the OCI layout directory holding it. */
  readonly images: Readonly<Record<string, string>>;
  readonly runc?: string;
  readonly maxOutputBytes?: number;
}

export function parseContainerSpec(value: unknown): ParsedContainerSpec {
  const spec = asRecord(value, "container spec");
  const image = requireString(spec, "image", "container spec");
  const pinned = /(?:^|@)(sha256:[0-9a-f]{64})$/.exec(image);
  if (pinned === null) throw new RunnerError("INVALID_SPEC", "container spec: 'image' must be pinned by digest (name@sha256:<64 hex> or sha256:<64 hex>)");
  const command = spec.command;
  if (!Array.isArray(command) || command.length === 0 || command.length > 64 || !command.every((a) => typeof a === "string" && a.length <= 4096)) {
    throw new RunnerError("INVALID_SPEC", "container spec: 'command' must be 1–64 strings");
  }
  if (spec.stdin !== undefined && (typeof spec.stdin !== "string" || spec.stdin.length > 65_536))
    throw new RunnerError("INVALID_SPEC", "container spec: 'stdin' must be a string of at most 65,536 characters");
  const env: Record<string, string> = {};
  if (spec.env !== undefined) {
    for (const [k, v] of Object.entries(asRecord(spec.env, "container spec env"))) {
      if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(k) || typeof v !== "string") throw new RunnerError("INVALID_SPEC", `container spec: env '${k}' must be NAME=string`);
      env[k] = v;
    }
  }
  return {
    digest: pinned[1]!,
    command: command as string[],
    env,
    stdin: spec.stdin as string | undefined,
    memoryMb: boundedInt(spec, "memory_mb", "container spec", 64, 4_096),
    pids: boundedInt(spec, "pids", "container spec", 32, 1_024),
    cpuMillis: boundedInt(spec, "cpu_millis", "container spec", 500, 4_000),
    timeoutMs: boundedInt(spec, "timeout_ms", "container spec", 10_000, 600_000),
  };
}

export async function runContainerJob(specValue: unknown, gate: EntitlementGate, options: ContainerOptions): Promise<unknown> {
  gate.require("oci.run", "a container job");
  const spec = parseContainerSpec(specValue);
  const layout = Object.hasOwn(options.images, spec.digest) ? options.images[spec.digest] : undefined;
  if (layout === undefined) throw new RunnerError("CONTAINER_UNAVAILABLE", `image ${spec.digest} is not served by this runner`, { image: spec.digest });
  const maxOutputBytes = options.maxOutputBytes ?? 65_536;
  const exit = await runContainer({
    layout,
    image: spec.digest,
    args: spec.command,
    env: spec.env,
    ...(spec.stdin === undefined ? {} : { stdin: spec.stdin }),
    limits: { memoryMb: spec.memoryMb, pids: spec.pids, cpuMillis: spec.cpuMillis, timeoutMs: spec.timeoutMs, maxOutputBytes },
    ...(options.runc === undefined ? {} : { runc: options.runc }),
  });
  if (exit.timedOut)
    throw new RunnerError("CONTAINER_FAILED", `the container ran longer than ${spec.timeoutMs} ms and was killed`, {
      reason: "timeout",
      fault: "impossible",
      boundMs: spec.timeoutMs,
    });
  if (exit.exitCode !== 0) {
    const reason = exit.exitCode === 137 ? "killed (out of memory, or a limit)" : `exit ${exit.exitCode}`;
    throw new RunnerError("CONTAINER_FAILED", `the container failed: ${reason}${exit.stderr === "" ? "" : `: ${exit.stderr.trim().slice(0, 200)}`}`, {
      exitCode: exit.exitCode,
      // Killed by its memory/pids limit: the bounds are too tight for the job.
      ...(exit.exitCode === 137 ? { fault: "impossible" } : {}),
    });
  }
  try {
    return JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(exit.stdout));
  } catch {
    throw new RunnerError("CONTAINER_FAILED", "the container's stdout is not JSON", { reason: "not-json" });
  }
}
