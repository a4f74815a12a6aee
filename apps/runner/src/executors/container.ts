// The container executor (job kind "container"; cips/runner-market.md "Container executor"): spec {image, args, env?,
// memoryMb?, pids?, cpuMillis?, timeoutMs?}. `image` is a manifest digest on the operator's allowlist (the Container
// Registry 0x11 governs which; the runner holds the layouts). stdout must be JSON: it is the result.
import type { EntitlementGate } from "../entitlements.js";
import { RunnerError } from "../errors.js";
import { runContainer } from "../container/runc.js";
import { asRecord, boundedInt, requireString } from "./spec.js";

export interface ContainerSpec {
  readonly image: string;
  readonly args: readonly string[];
  readonly env?: Readonly<Record<string, string>>;
  /** Default 64, at most 4,096. */
  readonly memoryMb?: number;
  /** Default 32, at most 1,024. */
  readonly pids?: number;
  /** Default 500 (half a core), at most 4,000. */
  readonly cpuMillis?: number;
  /** Default 10,000, at most 600,000. */
  readonly timeoutMs?: number;
}

export interface ContainerOptions {
  /** Allowlisted images: manifest digest → the OCI layout directory holding it. */
  readonly images: Readonly<Record<string, string>>;
  readonly runc?: string;
  readonly maxOutputBytes?: number;
}

export function parseContainerSpec(value: unknown): Required<ContainerSpec> {
  const spec = asRecord(value, "container spec");
  const image = requireString(spec, "image", "container spec");
  if (!/^sha256:[0-9a-f]{64}$/.test(image)) throw new RunnerError("INVALID_SPEC", "container spec: 'image' must be a manifest digest sha256:<64 hex>");
  if (!Array.isArray(spec.args) || spec.args.length === 0 || spec.args.length > 64 || !spec.args.every((a) => typeof a === "string" && a.length <= 4096))
    throw new RunnerError("INVALID_SPEC", "container spec: 'args' must be 1–64 strings");
  const env: Record<string, string> = {};
  if (spec.env !== undefined) {
    for (const [k, v] of Object.entries(asRecord(spec.env, "container spec env"))) {
      if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(k) || typeof v !== "string") throw new RunnerError("INVALID_SPEC", `container spec: env '${k}' must be NAME=string`);
      env[k] = v;
    }
  }
  return {
    image,
    args: spec.args as string[],
    env,
    memoryMb: boundedInt(spec, "memoryMb", "container spec", 64, 4_096),
    pids: boundedInt(spec, "pids", "container spec", 32, 1_024),
    cpuMillis: boundedInt(spec, "cpuMillis", "container spec", 500, 4_000),
    timeoutMs: boundedInt(spec, "timeoutMs", "container spec", 10_000, 600_000),
  };
}

export async function runContainerJob(specValue: unknown, gate: EntitlementGate, options: ContainerOptions): Promise<unknown> {
  gate.require("oci.run", "a container job");
  const spec = parseContainerSpec(specValue);
  const layout = Object.hasOwn(options.images, spec.image) ? options.images[spec.image] : undefined;
  if (layout === undefined) throw new RunnerError("CONTAINER_UNAVAILABLE", `image ${spec.image} is not on this runner's allowlist`, { image: spec.image });
  const maxOutputBytes = options.maxOutputBytes ?? 65_536;
  const exit = await runContainer({
    layout,
    image: spec.image,
    args: spec.args,
    env: spec.env,
    limits: { memoryMb: spec.memoryMb, pids: spec.pids, cpuMillis: spec.cpuMillis, timeoutMs: spec.timeoutMs, maxOutputBytes },
    ...(options.runc === undefined ? {} : { runc: options.runc }),
  });
  if (exit.timedOut) throw new RunnerError("CONTAINER_FAILED", `the container ran longer than ${spec.timeoutMs} ms and was killed`, { reason: "timeout" });
  if (exit.exitCode !== 0) {
    const reason = exit.exitCode === 137 ? "killed (out of memory, or a limit)" : `exit ${exit.exitCode}`;
    throw new RunnerError("CONTAINER_FAILED", `the container failed: ${reason}${exit.stderr === "" ? "" : `: ${exit.stderr.trim().slice(0, 200)}`}`, { exitCode: exit.exitCode });
  }
  try {
    return JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(exit.stdout));
  } catch {
    throw new RunnerError("CONTAINER_FAILED", "the container's stdout is not JSON", { reason: "not-json" });
  }
}
