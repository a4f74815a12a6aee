// Fault reports (cips/runner-process.md "Fault reports"; cips/runner-market.md "Faults"): an execution failure the
// executor classified — the target down (connection refused, 5xx, no answer in time), the model unavailable (external),
// or the job's own bounds too tight (CPU/wall time, memory, output size: impossible) — is not dropped but committed and
// revealed as a fault report, so a committee that agrees is paid pro-rata for its progress. Progress is what honest
// runners measure identically: one `KIND.attempt`, and for a time bound that was exhausted `KIND.ms` = that bound (a
// number the job's spec fixes, not a clock reading). Any other failure (a bad spec, a 4xx, a missing entitlement) stays
// a non-delivery: nothing is committed.
import { FAULT_CLASSES, type FaultClass, type FaultReport } from "@cowboy/runner-market";
import { isRunnerError } from "./errors.js";

/** The fault report for a failed execution of a `kind` job, or null when the failure is not a classified fault. */
export function faultReportOf(kind: string, error: unknown): FaultReport | null {
  if (!isRunnerError(error)) return null;
  const meta = error.meta as { fault?: unknown; boundMs?: unknown };
  if (typeof meta.fault !== "string" || !(FAULT_CLASSES as readonly string[]).includes(meta.fault)) return null;
  const progress = new Map<string, bigint>([[`${kind}.attempt`, 1n]]);
  if (typeof meta.boundMs === "number" && Number.isSafeInteger(meta.boundMs) && meta.boundMs > 0) progress.set(`${kind}.ms`, BigInt(meta.boundMs));
  // The detail goes on chain: the error code only. Messages can name the operator's own endpoints (an LLM base URL,
  // an MCP server) and stay in the runner's log.
  return { fault: meta.fault as FaultClass, progress, detail: String(error.code) };
}

/** `http.attempt=1,…`: usage or progress counts as the runner logs them. */
export const unitsText = (counts: ReadonlyMap<string, bigint>): string => [...counts].map(([u, n]) => `${u}=${n}`).join(",");
