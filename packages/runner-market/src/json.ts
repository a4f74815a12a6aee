// The JSON forms of runner and job records (cips/runner-market.md "RPC"): what cowboy_getRunner / cowboy_getJob
// return. Amounts and heights are decimal strings, bytes 0x-hex, CBOR values (spec, schema, outputs) their JSON form.
import { CborError, cborToJson, decodeCbor, toHex, type CborValue } from "@cowboy/codec";
import type { RunnerMarketConfig } from "./config.js";
import { jobCanary, type JobRecord } from "./job.js";
import { reputationAt, type RunnerRecord } from "./runner.js";

const hex = (b: Uint8Array): string => `0x${toHex(b)}`;

export interface RunnerJson {
  address: string;
  stake: string;
  provides: string[];
  jobKinds: string[];
  models: string[];
  rateCard: Record<string, string>;
  endpoint: string;
  transportKey: string;
  /** Fixed point: `reputationScale` is 1.0 (1,000,000 by default); decayed to the height read. */
  reputation: string;
  status: "active" | "unbonding" | "withdrawn";
  maxJobValue: string;
  registeredAt: string;
  unbondingEndsAt: string;
  openJobs: string;
  slashed: string;
  jobsPaid: string;
  jobsFailed: string;
}

export function runnerToJson(cfg: RunnerMarketConfig, r: RunnerRecord, height: bigint): RunnerJson {
  return {
    address: hex(r.address),
    stake: r.stake.toString(),
    provides: [...r.capabilities.provides],
    jobKinds: [...r.capabilities.jobKinds],
    models: [...r.capabilities.models],
    rateCard: Object.fromEntries([...r.capabilities.rateCard].map(([k, v]) => [k, v.toString()])),
    endpoint: r.endpoint,
    transportKey: hex(r.transportKey),
    reputation: reputationAt(cfg, r, height).toString(),
    status: r.status,
    maxJobValue: r.maxJobValue.toString(),
    registeredAt: r.registeredAt.toString(),
    unbondingEndsAt: r.unbondingEndsAt.toString(),
    openJobs: r.openJobs.toString(),
    slashed: r.slashed.toString(),
    jobsPaid: r.jobsPaid.toString(),
    jobsFailed: r.jobsFailed.toString(),
  };
}

/** The JSON form of a CBOR value (cips/canonical-encoding.md "JSON form"), parsed back to a JS value. */
function jsonOf(v: CborValue): unknown {
  return JSON.parse(cborToJson(v));
}

/** An output's JSON form, or its hex when it is not canonical CBOR. */
function outputJson(bytes: Uint8Array): unknown {
  try {
    return jsonOf(decodeCbor(bytes));
  } catch (error) {
    if (error instanceof CborError) return hex(bytes);
    throw error;
  }
}

export interface JobJson {
  id: string;
  poster: string;
  posterIsActor: boolean;
  kind: string;
  spec: unknown;
  resultSchema: unknown;
  verification: string;
  /** "fixed" or "usage" (cips/runner-market.md "Pricing", "Usage pricing"). */
  pricing: JobRecord["pricing"];
  /** The tip (decimal base units; "0" when none). */
  tip: string;
  runners: string;
  quorum: string;
  maxPrice: string;
  escrow: string;
  allowDomains: string[];
  secrets: string[];
  volumes: string[];
  requires: string[];
  matchFields: string[];
  callback: string | null;
  status: JobRecord["status"];
  selectionRound: string;
  committee: string[];
  aggregator: string | null;
  quorumNeeded: string;
  acks: string[];
  commits: { runner: string; commitment: string }[];
  reveals: { runner: string; output: unknown; outputHex: string }[];
  result: unknown;
  resultHex: string | null;
  paid: string[];
  /** The fault a quorum reported ("impossible" | "external"; cips/runner-market.md "Faults"), else null. */
  fault: JobRecord["fault"];
  /** Paid runners that reported usage above the 2× cap and were penalised (cips/runner-market.md "Usage pricing"). */
  usageAnomalies: string[];
  failures: { runner: string; reason: string }[];
  challenges: { challenger: string; runner: string; upheld: boolean }[];
  phaseEndsAt: string;
  postedAt: string;
  selectedAt: string;
  settledAt: string;
  /** The job's prompt-injection canary: runners put it in system prompts; an output containing it fails. */
  canary: string;
}

export function jobToJson(j: JobRecord): JobJson {
  return {
    id: hex(j.id),
    poster: hex(j.poster),
    posterIsActor: j.posterIsActor,
    kind: j.kind,
    spec: jsonOf(j.spec),
    resultSchema: jsonOf(j.resultSchema),
    verification: j.verification,
    pricing: j.pricing,
    tip: j.tip.toString(),
    runners: (j.committee.length > 0 ? BigInt(j.committee.length) : j.runners).toString(),
    quorum: (j.quorumNeeded > 0n ? j.quorumNeeded : j.quorum).toString(),
    maxPrice: j.maxPrice.toString(),
    escrow: j.escrow.toString(),
    allowDomains: [...j.allowDomains],
    secrets: [...j.secrets],
    volumes: j.volumes.map(hex),
    requires: [...j.requires],
    matchFields: [...j.matchFields],
    callback: j.callback,
    status: j.status,
    selectionRound: j.selectionRound.toString(),
    committee: j.committee.map(hex),
    aggregator: j.aggregator === null ? null : hex(j.aggregator),
    quorumNeeded: j.quorumNeeded.toString(),
    acks: j.acks.map(hex),
    commits: j.commits.map((c) => ({ runner: hex(c.runner), commitment: hex(c.commitment) })),
    reveals: j.reveals.map((r) => ({ runner: hex(r.runner), output: outputJson(r.output), outputHex: hex(r.output) })),
    result: j.result === null ? null : outputJson(j.result),
    resultHex: j.result === null ? null : hex(j.result),
    paid: j.paid.map(hex),
    fault: j.fault,
    usageAnomalies: j.usageAnomalies.map(hex),
    failures: j.failures.map((f) => ({ runner: hex(f.runner), reason: f.reason })),
    challenges: j.challenges.map((c) => ({ challenger: hex(c.challenger), runner: hex(c.runner), upheld: c.upheld })),
    phaseEndsAt: j.phaseEndsAt.toString(),
    postedAt: j.postedAt.toString(),
    selectedAt: j.selectedAt.toString(),
    settledAt: j.settledAt.toString(),
    canary: jobCanary(j.id),
  };
}
