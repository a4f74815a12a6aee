// 0x03 Result Verifier (spec "LLM Result Verification", "Objective Failure Criteria"; cips/runner-market.md
// "Verification"): each opened reveal is checked for the objective failures (empty output, schema violation, canary
// leak), then the mode picks the result among the rest:
//   none, economic_bond: the single runner's valid output;
//   majority_vote: outputs grouped by the value of match_fields[0] when given, else by their bytes;
//   structured_match: outputs grouped by the canonical CBOR of the match_fields (default: the schema's `required`)
//     extracted from the top-level object;
// the largest group wins if it has at least the quorum and no other group is as large; its first member (committee
// order) supplies the result bytes; valid reveals outside it fail as `minority`;
//   deterministic: each reveal must carry a valid TEE attestation (attestation.ts), then as majority_vote by bytes.
import { CborError, decodeCbor, encodeCbor, equalBytes, toHex, type CborValue } from "@cowboy/codec";
import { openAttestedOutput, type TeeMeasurement } from "./attestation.js";
import { type FaultClass, faultVerdict, partitionFaults } from "./fault.js";
import { jobCanary, type FailureReason, type JobRecord, type Reveal } from "./job.js";
import { openUsageOutput } from "./usage.js";
import { schemaViolation } from "./schema.js";

export interface VerificationOutcome {
  /** The accepted output, or null when the job failed verification. */
  readonly result: Uint8Array | null;
  /** Runners whose reveal agreed with the result (or, with a fault, reported the agreed fault). */
  readonly agreeing: Uint8Array[];
  /** No result, but a quorum reported this fault (fault.ts): the job pays their progress. Else null. */
  readonly fault: FaultClass | null;
  /** Objective or minority failures. */
  readonly failures: { runner: Uint8Array; reason: FailureReason }[];
}

function isEmpty(v: CborValue): boolean {
  if (v === null || v === "") return true;
  if (Array.isArray(v)) return v.length === 0;
  if (v instanceof Map) return v.size === 0;
  if (v instanceof Uint8Array) return v.length === 0;
  return false;
}

function contains(hay: Uint8Array, needle: Uint8Array): boolean {
  outer: for (let i = 0; i + needle.length <= hay.length; i++) {
    for (let j = 0; j < needle.length; j++) if (hay[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

/** The objective failure of one output, or null (decodes as canonical CBOR, not empty, conforms, no canary). */
export function objectiveFailure(job: Pick<JobRecord, "id" | "resultSchema">, output: Uint8Array): { reason: FailureReason; value?: never } | { reason: null; value: CborValue } {
  if (output.length === 0) return { reason: "empty_output" };
  let value: CborValue;
  try {
    value = decodeCbor(output);
  } catch (error) {
    if (error instanceof CborError) return { reason: "schema_violation" };
    throw error;
  }
  if (!equalBytes(encodeCbor(value), output)) return { reason: "schema_violation" };
  if (isEmpty(value)) return { reason: "empty_output" };
  if (contains(output, new TextEncoder().encode(jobCanary(job.id)))) return { reason: "canary_leak" };
  if (schemaViolation(job.resultSchema, value) !== null) return { reason: "schema_violation" };
  return { reason: null, value };
}

function requiredOf(schema: CborValue): string[] {
  const req = schema instanceof Map ? schema.get("required") : undefined;
  return Array.isArray(req) ? req.filter((r): r is string => typeof r === "string") : [];
}

/** The grouping key of a valid output under the job's mode. */
function keyOf(job: JobRecord, output: Uint8Array, value: CborValue): string {
  if (job.verification === "majority_vote") {
    const field = job.matchFields[0];
    if (field === undefined || !(value instanceof Map)) return toHex(output);
    return toHex(encodeCbor(value.get(field) ?? null));
  }
  if (job.verification === "structured_match") {
    const fields = job.matchFields.length > 0 ? job.matchFields : requiredOf(job.resultSchema);
    if (!(value instanceof Map) || fields.length === 0) return toHex(output);
    return toHex(encodeCbor(fields.map((f) => value.get(f) ?? null)));
  }
  return toHex(output);
}

/**
 * Verifies the opened reveals (in committee order) of `job`. In `deterministic` mode each reveal must be an attested
 * output (attestation.ts) under `tee`; the attested result is what is checked, grouped by its bytes and delivered.
 */
export function verifyReveals(job: JobRecord, all: readonly Reveal[], tee: readonly TeeMeasurement[] = []): VerificationOutcome {
  // Fault reports are set aside first: they count only if no result reaches the quorum (fault.ts). Not in
  // `deterministic` mode: a report carries no attestation, so there it is checked, and fails, like any other output.
  const { faults, outputs: revealed } = job.verification === "deterministic" ? { faults: [], outputs: all } : partitionFaults(all);
  const outcome = verifyOutputs(job, revealed, tee);
  if (outcome.result !== null) {
    // The job was possible: a quorum produced its result. Reporting a fault instead is a non-delivery.
    return { ...outcome, failures: [...outcome.failures, ...faults.map((f) => ({ runner: f.runner, reason: "faulted" as const }))] };
  }
  const verdict = faultVerdict(faults, job.quorumNeeded);
  return { ...outcome, agreeing: verdict.agreeing, fault: verdict.fault };
}

function verifyOutputs(job: JobRecord, revealed: readonly Reveal[], tee: readonly TeeMeasurement[]): VerificationOutcome {
  const failures: { runner: Uint8Array; reason: FailureReason }[] = [];
  const groups = new Map<string, Reveal[]>();
  let reveals = revealed;
  if (job.pricing === "usage") {
    // Usage-priced: the result inside {result, usage} is what is checked, grouped and delivered (usage.ts).
    const unwrapped: Reveal[] = [];
    for (const r of revealed) {
      const opened = openUsageOutput(r.output);
      if (opened !== null) unwrapped.push({ runner: r.runner, output: opened.result });
      else failures.push({ runner: r.runner, reason: "schema_violation" });
    }
    reveals = unwrapped;
  }
  if (job.verification === "deterministic") {
    const attested: Reveal[] = [];
    for (const r of revealed) {
      const opened = openAttestedOutput(r.output, job.id, r.runner, tee);
      if (opened.ok) attested.push({ runner: r.runner, output: opened.result });
      else failures.push({ runner: r.runner, reason: "attestation_invalid" });
    }
    reveals = attested;
  }
  for (const r of reveals) {
    const check = objectiveFailure(job, r.output);
    if (check.reason !== null) {
      failures.push({ runner: r.runner, reason: check.reason });
      continue;
    }
    const key = keyOf(job, r.output, check.value);
    const g = groups.get(key);
    if (g === undefined) groups.set(key, [r]);
    else g.push(r);
  }
  let best: Reveal[] | null = null;
  let tie = false;
  for (const g of groups.values()) {
    if (best === null || g.length > best.length) {
      best = g;
      tie = false;
    } else if (g.length === best.length) tie = true;
  }
  if (best === null || tie || BigInt(best.length) < job.quorumNeeded) {
    return { result: null, agreeing: [], failures, fault: null };
  }
  for (const g of groups.values()) if (g !== best) for (const r of g) failures.push({ runner: r.runner, reason: "minority" });
  return { result: best[0]!.output, agreeing: best.map((r) => r.runner), failures, fault: null };
}

/** The reveals (in the given order) that pass the objective checks, and the failures of the rest. */
export function validReveals(job: JobRecord, reveals: readonly Reveal[]): { valid: Reveal[]; failures: { runner: Uint8Array; reason: FailureReason }[] } {
  const valid: Reveal[] = [];
  const failures: { runner: Uint8Array; reason: FailureReason }[] = [];
  for (const r of reveals) {
    const check = objectiveFailure(job, r.output);
    if (check.reason === null) valid.push(r);
    else failures.push({ runner: r.runner, reason: check.reason });
  }
  return { valid, failures };
}
