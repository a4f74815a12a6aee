// A job's record at 0x02 (spec §5.3; cips/runner-market.md "Job record"): the request as posted, the escrow, the
// committee drawn for it, each phase's submissions and the outcome. Stored as canonical CBOR under jobKey(id); the
// ids of open jobs sit in one list (the per-block step walks it), final ones in a bounded recent list.
import { concatBytes, type CborValue } from "@cowboy/codec";
import { keccak256 } from "@cowboy/crypto";
import { SYSTEM_ACTORS, systemAddress } from "@cowboy/types";
import type { JobKind } from "./capabilities.js";
import { RunnerMarketError } from "./errors.js";
import { jobKey, jobNonceKey, openJobsKey, recentJobsKey } from "./keys.js";
import { FAULT_CLASSES, type FaultClass } from "./fault.js";
import type { JobPricing, VerificationMode } from "./request.js";
import { asMap, byteList, field, fieldBytes, fieldInt, fieldList, fieldText, readCbor, texts, writeCbor, type CborMap, type MarketState } from "./store.js";

export const JOB_DISPATCHER_ADDRESS: Uint8Array = systemAddress(SYSTEM_ACTORS.jobDispatcher);

export const JOB_STATUSES = ["pending", "selected", "committing", "revealing", "aggregating", "challenge", "settled", "failed", "timeout", "refunded"] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export const FINAL_STATUSES: readonly JobStatus[] = ["settled", "failed", "timeout", "refunded"];
export const isFinal = (s: JobStatus): boolean => FINAL_STATUSES.includes(s);

/** Why a runner's part in a job failed (operational failures cost reputation; `dishonest` costs stake). */
export type FailureReason =
  | "no_ack"
  | "no_commit"
  | "no_reveal"
  | "schema_violation"
  | "empty_output"
  | "canary_leak"
  | "minority"
  | "dishonest"
  | "challenged"
  | "attestation_invalid"
  | "no_aggregate"
  /** Revealed a fault report while a quorum of the committee produced the result (fault.ts). */
  | "faulted";

export interface Commit {
  readonly runner: Uint8Array;
  readonly commitment: Uint8Array;
}
export interface Reveal {
  readonly runner: Uint8Array;
  readonly output: Uint8Array;
}
export interface Failure {
  readonly runner: Uint8Array;
  readonly reason: FailureReason;
}
export interface Challenge {
  readonly challenger: Uint8Array;
  readonly runner: Uint8Array;
  readonly upheld: boolean;
}

export interface JobRecord {
  readonly id: Uint8Array;
  readonly poster: Uint8Array;
  /** Whether the poster is an actor (its continuation gets the result). */
  readonly posterIsActor: boolean;
  readonly kind: JobKind;
  readonly spec: CborValue;
  readonly resultSchema: CborValue;
  readonly verification: VerificationMode;
  /** Requested committee size and quorum (0 = §5.3 defaults). */
  readonly runners: bigint;
  readonly quorum: bigint;
  readonly maxPrice: bigint;
  /** What 0x02 still holds for this job. */
  readonly escrow: bigint;
  readonly allowDomains: readonly string[];
  readonly secrets: readonly string[];
  readonly volumes: readonly Uint8Array[];
  readonly requires: readonly string[];
  readonly matchFields: readonly string[];
  readonly callback: string | null;
  /** How the job pays (request.ts): per execution, or by the usage reported in the reveals. */
  readonly pricing: JobPricing;
  /** The request's tip (0 when it named none): out of the escrow, to the paid runners on success. */
  readonly tip: bigint;
  readonly status: JobStatus;
  /** The absolute round whose seed selects the committee. */
  readonly selectionRound: bigint;
  readonly committee: readonly Uint8Array[];
  readonly aggregator: Uint8Array | null;
  /** Matching reveals needed (fixed at selection). */
  readonly quorumNeeded: bigint;
  readonly acks: readonly Uint8Array[];
  readonly commits: readonly Commit[];
  readonly reveals: readonly Reveal[];
  /** The accepted output (canonical CBOR), once verified. */
  readonly result: Uint8Array | null;
  /** semantic_similarity: the aggregator's posted {chosen, scores} (semantic.ts), kept for challenges; else null. */
  readonly aggregate: Uint8Array | null;
  /** Runners whose reveal agreed with the result (or reported the agreed fault): they share the payment. */
  readonly paid: readonly Uint8Array[];
  /** The fault a quorum reported when no result reached one (fault.ts; status `failed`, paid pro-rata), else null. */
  readonly fault: FaultClass | null;
  /** Paid runners of a usage-priced job whose reported usage exceeded the 2× cap (usage.ts), penalised at settlement. */
  readonly usageAnomalies: readonly Uint8Array[];
  readonly failures: readonly Failure[];
  readonly challenges: readonly Challenge[];
  readonly phaseEndsAt: bigint;
  readonly postedAt: bigint;
  /** Height the committee was drawn (0 while pending); the CBSS judges a past release against it (cips/cbss.md §11). */
  readonly selectedAt: bigint;
  readonly settledAt: bigint;
}

/** The job id: keccak256("cowboy-job-v1" ‖ poster ‖ u64be(poster's job nonce)). */
export function jobIdOf(poster: Uint8Array, nonce: bigint): Uint8Array {
  const n = new Uint8Array(8);
  new DataView(n.buffer).setBigUint64(0, nonce);
  return keccak256(concatBytes(new TextEncoder().encode("cowboy-job-v1"), poster, n));
}

/** The prompt-injection canary of a job (§"Objective Failure Criteria"): "cwby-canary-" ‖ hex(keccak256("cowboy-canary-v1" ‖ id)[0..8]). */
export function jobCanary(id: Uint8Array): string {
  const h = keccak256(concatBytes(new TextEncoder().encode("cowboy-canary-v1"), id));
  return `cwby-canary-${Array.from(h.subarray(0, 8), (b) => b.toString(16).padStart(2, "0")).join("")}`;
}

/** Takes the poster's next job nonce. */
export function nextJobNonce(state: MarketState, poster: Uint8Array): bigint {
  const v = readCbor(state, jobNonceKey(poster), "job nonce");
  const n =
    v === undefined
      ? 0n
      : typeof v === "bigint"
        ? v
        : (() => {
            throw new RunnerMarketError("CORRUPT_STATE", "job nonce: expected an int");
          })();
  writeCbor(state, jobNonceKey(poster), n + 1n);
  return n;
}

const WHAT = "job record";
const opt = (v: Uint8Array | null): CborValue => v;

function toCbor(j: JobRecord): CborValue {
  return new Map<CborValue, CborValue>([
    ["poster", j.poster],
    ["poster_is_actor", j.posterIsActor],
    ["kind", j.kind],
    ["spec", j.spec],
    ["result_schema", j.resultSchema],
    ["verification", j.verification],
    ["runners", j.runners],
    ["quorum", j.quorum],
    ["max_price", j.maxPrice],
    ["escrow", j.escrow],
    ["allow_domains", [...j.allowDomains]],
    ["secrets", [...j.secrets]],
    ["volumes", [...j.volumes]],
    ["requires", [...j.requires]],
    ["match_fields", [...j.matchFields]],
    ["callback", j.callback],
    ["pricing", j.pricing],
    // Written only when set, so a record without a tip keeps its earlier bytes.
    ...(j.tip > 0n ? [["tip", j.tip] as [CborValue, CborValue]] : []),
    ["status", BigInt(JOB_STATUSES.indexOf(j.status))],
    ["selection_round", j.selectionRound],
    ["committee", [...j.committee]],
    ["aggregator", opt(j.aggregator)],
    ["quorum_needed", j.quorumNeeded],
    ["acks", [...j.acks]],
    ["commits", j.commits.map((c): CborValue => [c.runner, c.commitment])],
    ["reveals", j.reveals.map((r): CborValue => [r.runner, r.output])],
    ["result", opt(j.result)],
    ["aggregate", opt(j.aggregate)],
    ["paid", [...j.paid]],
    // Written only when a quorum reported a fault, so every other record keeps its earlier bytes.
    ...(j.fault !== null ? [["fault", j.fault] as [CborValue, CborValue]] : []),
    // Written only when someone over-reported, likewise.
    ...(j.usageAnomalies.length > 0 ? [["usage_anomalies", [...j.usageAnomalies]] as [CborValue, CborValue]] : []),
    ["failures", j.failures.map((f): CborValue => [f.runner, f.reason])],
    ["challenges", j.challenges.map((c): CborValue => [c.challenger, c.runner, c.upheld])],
    ["phase_ends_at", j.phaseEndsAt],
    ["posted_at", j.postedAt],
    ["selected_at", j.selectedAt],
    ["settled_at", j.settledAt],
  ]);
}

function pairs(m: CborMap, key: string): CborValue[][] {
  return fieldList(m, key, WHAT).map((p) => {
    if (!Array.isArray(p)) throw new RunnerMarketError("CORRUPT_STATE", `${WHAT}.${key}: expected tuples`);
    return p;
  });
}

function optBytes(m: CborMap, key: string): Uint8Array | null {
  const v = field(m, key, WHAT);
  if (v === null) return null;
  if (!(v instanceof Uint8Array)) throw new RunnerMarketError("CORRUPT_STATE", `${WHAT}.${key}: expected bytes or None`);
  return v;
}

function faultOf(m: CborMap): FaultClass | null {
  if (!m.has("fault")) return null;
  const f = fieldText(m, "fault", WHAT);
  if (!(FAULT_CLASSES as readonly string[]).includes(f)) throw new RunnerMarketError("CORRUPT_STATE", `${WHAT}: bad fault`);
  return f as FaultClass;
}

function fromCbor(id: Uint8Array, value: CborValue): JobRecord {
  const m = asMap(value, WHAT);
  const status = JOB_STATUSES[Number(fieldInt(m, "status", WHAT))];
  if (status === undefined) throw new RunnerMarketError("CORRUPT_STATE", `${WHAT}: bad status`);
  const cb = field(m, "callback", WHAT);
  return {
    id,
    poster: fieldBytes(m, "poster", WHAT),
    posterIsActor: field(m, "poster_is_actor", WHAT) === true,
    kind: fieldText(m, "kind", WHAT) as JobKind,
    spec: field(m, "spec", WHAT),
    resultSchema: field(m, "result_schema", WHAT),
    verification: fieldText(m, "verification", WHAT) as VerificationMode,
    runners: fieldInt(m, "runners", WHAT),
    quorum: fieldInt(m, "quorum", WHAT),
    maxPrice: fieldInt(m, "max_price", WHAT),
    escrow: fieldInt(m, "escrow", WHAT),
    allowDomains: texts(fieldList(m, "allow_domains", WHAT), WHAT),
    secrets: texts(fieldList(m, "secrets", WHAT), WHAT),
    volumes: byteList(fieldList(m, "volumes", WHAT), WHAT),
    requires: texts(fieldList(m, "requires", WHAT), WHAT),
    matchFields: texts(fieldList(m, "match_fields", WHAT), WHAT),
    callback: typeof cb === "string" ? cb : null,
    pricing: fieldText(m, "pricing", WHAT) === "usage" ? "usage" : "fixed",
    tip: m.has("tip") ? fieldInt(m, "tip", WHAT) : 0n,
    status,
    selectionRound: fieldInt(m, "selection_round", WHAT),
    committee: byteList(fieldList(m, "committee", WHAT), WHAT),
    aggregator: optBytes(m, "aggregator"),
    quorumNeeded: fieldInt(m, "quorum_needed", WHAT),
    acks: byteList(fieldList(m, "acks", WHAT), WHAT),
    commits: pairs(m, "commits").map((p) => ({ runner: p[0] as Uint8Array, commitment: p[1] as Uint8Array })),
    reveals: pairs(m, "reveals").map((p) => ({ runner: p[0] as Uint8Array, output: p[1] as Uint8Array })),
    result: optBytes(m, "result"),
    aggregate: optBytes(m, "aggregate"),
    paid: byteList(fieldList(m, "paid", WHAT), WHAT),
    fault: faultOf(m),
    usageAnomalies: m.has("usage_anomalies") ? byteList(fieldList(m, "usage_anomalies", WHAT), WHAT) : [],
    failures: pairs(m, "failures").map((p) => ({ runner: p[0] as Uint8Array, reason: p[1] as FailureReason })),
    challenges: pairs(m, "challenges").map((p) => ({ challenger: p[0] as Uint8Array, runner: p[1] as Uint8Array, upheld: p[2] === true })),
    phaseEndsAt: fieldInt(m, "phase_ends_at", WHAT),
    postedAt: fieldInt(m, "posted_at", WHAT),
    selectedAt: fieldInt(m, "selected_at", WHAT),
    settledAt: fieldInt(m, "settled_at", WHAT),
  };
}

export function getJob(state: MarketState, id: Uint8Array): JobRecord | undefined {
  const v = readCbor(state, jobKey(id), WHAT);
  return v === undefined ? undefined : fromCbor(id.slice(), v);
}

export function putJob(state: MarketState, job: JobRecord): void {
  writeCbor(state, jobKey(job.id), toCbor(job));
}

function idList(state: MarketState, key: Uint8Array, what: string): Uint8Array[] {
  const v = readCbor(state, key, what);
  if (v === undefined) return [];
  if (!Array.isArray(v)) throw new RunnerMarketError("CORRUPT_STATE", `${what}: expected a list`);
  return byteList(v, what);
}

/** Ids of the open jobs, in posting order. */
export const openJobIds = (state: MarketState): Uint8Array[] => idList(state, openJobsKey(), "open jobs");
/** Ids of the most recent final jobs, oldest first (at most RECENT_JOBS). */
export const recentJobIds = (state: MarketState): Uint8Array[] => idList(state, recentJobsKey(), "recent jobs");
export const RECENT_JOBS = 1_024;

export function writeOpenJobs(state: MarketState, ids: readonly Uint8Array[]): void {
  if (ids.length === 0) state.delete(openJobsKey());
  else writeCbor(state, openJobsKey(), [...ids]);
}

/** Appends `closed` to the recent list, keeping the last RECENT_JOBS. */
export function pushRecentJobs(state: MarketState, closed: readonly Uint8Array[]): void {
  if (closed.length === 0) return;
  const ids = recentJobIds(state);
  ids.push(...closed);
  writeCbor(state, recentJobsKey(), ids.slice(-RECENT_JOBS));
}
