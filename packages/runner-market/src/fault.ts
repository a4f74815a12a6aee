// Fault reports (spec "Payment and Failure Handling": "Impossible job (bounds too tight)" and "External fault (API
// down, model unavailable)" pay the runners pro-rata on progress and refund the rest; cips/runner-market.md "Faults").
// A runner that cannot produce an output reveals — committed like any reveal, so its commitment fixes it first — the
// canonical CBOR {"fault": "impossible" | "external", "progress": {unit: count}, "detail"?: str}. When a quorum of the
// committee reveals the same class (and no result reached a quorum), the job ends `failed` with that fault: the
// agreeing reporters are paid for their progress, priced like usage (usage.ts: rate_card[unit] × count, each count
// capped at 2 × the lower median), at most the escrow less the tip; the rest goes back to the poster.
import { type CborValue, encodeCbor } from "@cowboy/codec";
import type { Reveal } from "./job.js";
import { canonicalMap, type Usage, unitCounts } from "./usage.js";

export const FAULT_CLASSES = ["impossible", "external"] as const;
export type FaultClass = (typeof FAULT_CLASSES)[number];
/** UTF-8 bytes a report's `detail` may hold (a human note; not compared, not priced). */
export const MAX_FAULT_DETAIL_BYTES = 256;

export interface FaultReport {
  readonly fault: FaultClass;
  /** What the runner did before it had to stop, in rate-card units (cips/runner-process.md "Fault reports"). */
  readonly progress: Usage;
  readonly detail?: string;
}

/** The bytes a runner commits and reveals for a fault (keys sorted by the canonical encoder). */
export function faultReportOutput(report: FaultReport): Uint8Array {
  const m = new Map<CborValue, CborValue>([
    ["fault", report.fault],
    ["progress", new Map<CborValue, CborValue>([...report.progress])],
  ]);
  if (report.detail !== undefined) m.set("detail", truncateUtf8(report.detail, MAX_FAULT_DETAIL_BYTES));
  return encodeCbor(m);
}

/** `s` cut to at most `max` UTF-8 bytes on a code-point boundary. */
function truncateUtf8(s: string, max: number): string {
  let out = "";
  let n = 0;
  for (const ch of s) {
    n += new TextEncoder().encode(ch).length;
    if (n > max) break;
    out += ch;
  }
  return out;
}

/**
 * The fault report a reveal carries, or null when it is not one: canonical CBOR of a map with exactly the keys fault
 * (a known class), progress (≤ 16 units named like capability names, non-negative integer counts) and optionally
 * detail (a string of ≤ 256 UTF-8 bytes). Any other value is an ordinary output (checked as a result).
 */
export function openFaultReport(output: Uint8Array): FaultReport | null {
  const v = canonicalMap(output);
  if (v === null) return null;
  const fault = v.get("fault");
  const detail = v.get("detail");
  if (v.size !== (v.has("detail") ? 3 : 2) || typeof fault !== "string" || !(FAULT_CLASSES as readonly string[]).includes(fault)) return null;
  if (v.has("detail") && (typeof detail !== "string" || new TextEncoder().encode(detail).length > MAX_FAULT_DETAIL_BYTES)) return null;
  const progress = unitCounts(v.get("progress"));
  if (progress === null) return null;
  return { fault: fault as FaultClass, progress, ...(typeof detail === "string" ? { detail } : {}) };
}

export interface FaultVerdict {
  /** The class a quorum agreed on, or null. */
  readonly fault: FaultClass | null;
  /** The reporters of that class, in the order given: they are paid for their progress. */
  readonly agreeing: Uint8Array[];
}

/**
 * The fault a quorum of reporters agrees on: the class with the most reports, if it has at least `quorum` and no other
 * class has as many (reports in committee order, so the paid list is the same on every node).
 */
export function faultVerdict(reports: readonly { runner: Uint8Array; report: FaultReport }[], quorum: bigint): FaultVerdict {
  let best: { fault: FaultClass; agreeing: Uint8Array[] } | null = null;
  let tie = false;
  for (const fault of FAULT_CLASSES) {
    const agreeing = reports.filter((r) => r.report.fault === fault).map((r) => r.runner);
    if (best === null || agreeing.length > best.agreeing.length) [best, tie] = [{ fault, agreeing }, false];
    else if (agreeing.length === best.agreeing.length) tie = true;
  }
  if (best === null || tie || BigInt(best.agreeing.length) < quorum) return { fault: null, agreeing: [] };
  return best;
}

/** Splits reveals into fault reports and ordinary outputs (both keep the given order). */
export function partitionFaults(reveals: readonly Reveal[]): { faults: { runner: Uint8Array; report: FaultReport }[]; outputs: Reveal[] } {
  const faults: { runner: Uint8Array; report: FaultReport }[] = [];
  const outputs: Reveal[] = [];
  for (const r of reveals) {
    const report = openFaultReport(r.output);
    if (report === null) outputs.push(r);
    else faults.push({ runner: r.runner, report });
  }
  return { faults, outputs };
}
