// The runner market's records (cips/runner-market.md "RPC"; apps/node/README.md "JSON-RPC"): cowboy_listRunners,
// cowboy_getJob, cowboy_listJobs. Amounts and heights become bigints, addresses and ids bytes; a job's spec, schema,
// outputs and result stay the JSON form the node gives. Each answers `undefined` on a chain without the market.
import { fromHex, toHex } from "@cowboy/codec";
import { optional } from "./reads.js";
import type { Request } from "./transport.js";

const hex = (b: Uint8Array): string => `0x${toHex(b)}`;
const bytesOrNull = (s: string | null): Uint8Array | null => (s === null ? null : fromHex(s));

export interface RunnerInfo {
  readonly address: Uint8Array;
  readonly stake: bigint;
  readonly provides: readonly string[];
  readonly jobKinds: readonly string[];
  readonly models: readonly string[];
  readonly endpoint: string;
  /** 1,000,000 is 1.0, decayed to the head. */
  readonly reputation: bigint;
  readonly status: "active" | "unbonding" | "withdrawn" | string;
  readonly maxJobValue: bigint;
  readonly registeredAt: bigint;
  readonly openJobs: bigint;
  readonly slashed: bigint;
  readonly jobsPaid: bigint;
  readonly jobsFailed: bigint;
}

/** How a finished job's escrow went (the node's `settlement` field): paid out per §8.4, or refunded to the poster. */
export type JobSettlement =
  | {
      readonly outcome: "paid";
      readonly gross: bigint;
      readonly burned: bigint;
      readonly treasury: bigint;
      readonly aggregatorBonus: bigint;
      readonly runners: readonly { readonly runner: Uint8Array; readonly amount: bigint }[];
    }
  | { readonly outcome: "refunded"; readonly gross: bigint; readonly refunded: bigint; readonly to: Uint8Array };

export interface JobInfo {
  readonly id: Uint8Array;
  readonly poster: Uint8Array;
  readonly posterIsActor: boolean;
  readonly kind: string;
  readonly spec: unknown;
  readonly resultSchema: unknown;
  readonly verification: string;
  readonly runners: bigint;
  readonly quorum: bigint;
  readonly maxPrice: bigint;
  readonly escrow: bigint;
  readonly volumes: readonly Uint8Array[];
  readonly requires: readonly string[];
  readonly callback: string | null;
  readonly status: string;
  readonly committee: readonly Uint8Array[];
  readonly aggregator: Uint8Array | null;
  readonly acks: readonly Uint8Array[];
  readonly commits: readonly { readonly runner: Uint8Array; readonly commitment: Uint8Array }[];
  readonly reveals: readonly { readonly runner: Uint8Array; readonly output: unknown; readonly outputHex: string }[];
  readonly result: unknown;
  readonly paid: readonly Uint8Array[];
  readonly failures: readonly { readonly runner: Uint8Array; readonly reason: string }[];
  readonly challenges: readonly { readonly challenger: Uint8Array; readonly runner: Uint8Array; readonly upheld: boolean }[];
  readonly phaseEndsAt: bigint;
  readonly postedAt: bigint;
  readonly settledAt: bigint;
  /** Undefined from a node that does not report it; null while the job is open. */
  readonly settlement: JobSettlement | null | undefined;
}

export interface JobFilter {
  /** Jobs this address posted. */
  readonly actor?: Uint8Array;
  /** Jobs whose committee includes this runner. */
  readonly runner?: Uint8Array;
  readonly status?: string;
  /** 1..1000, default 100. */
  readonly limit?: number;
}

type Json = Record<string, unknown>;
const str = (j: Json, k: string): string => j[k] as string;
const big = (j: Json, k: string): bigint => BigInt(j[k] as string);
const addrs = (j: Json, k: string): Uint8Array[] => (j[k] as string[]).map(fromHex);

function runnerFromJson(j: Json): RunnerInfo {
  return {
    address: fromHex(str(j, "address")),
    stake: big(j, "stake"),
    provides: j.provides as string[],
    jobKinds: j.jobKinds as string[],
    models: j.models as string[],
    endpoint: str(j, "endpoint"),
    reputation: big(j, "reputation"),
    status: str(j, "status"),
    maxJobValue: big(j, "maxJobValue"),
    registeredAt: big(j, "registeredAt"),
    openJobs: big(j, "openJobs"),
    slashed: big(j, "slashed"),
    jobsPaid: big(j, "jobsPaid"),
    jobsFailed: big(j, "jobsFailed"),
  };
}

function settlementFromJson(j: Json | null | undefined): JobSettlement | null | undefined {
  if (j === undefined || j === null) return j;
  if (j.outcome === "refunded") return { outcome: "refunded", gross: big(j, "gross"), refunded: big(j, "refunded"), to: fromHex(str(j, "to")) };
  return {
    outcome: "paid",
    gross: big(j, "gross"),
    burned: big(j, "burned"),
    treasury: big(j, "treasury"),
    aggregatorBonus: big(j, "aggregatorBonus"),
    runners: (j.runners as Json[]).map((r) => ({ runner: fromHex(str(r, "runner")), amount: big(r, "amount") })),
  };
}

export function jobFromJson(j: Json): JobInfo {
  return {
    id: fromHex(str(j, "id")),
    poster: fromHex(str(j, "poster")),
    posterIsActor: j.posterIsActor === true,
    kind: str(j, "kind"),
    spec: j.spec,
    resultSchema: j.resultSchema,
    verification: str(j, "verification"),
    runners: big(j, "runners"),
    quorum: big(j, "quorum"),
    maxPrice: big(j, "maxPrice"),
    escrow: big(j, "escrow"),
    volumes: addrs(j, "volumes"),
    requires: j.requires as string[],
    callback: j.callback as string | null,
    status: str(j, "status"),
    committee: addrs(j, "committee"),
    aggregator: bytesOrNull(j.aggregator as string | null),
    acks: addrs(j, "acks"),
    commits: (j.commits as Json[]).map((c) => ({ runner: fromHex(str(c, "runner")), commitment: fromHex(str(c, "commitment")) })),
    reveals: (j.reveals as Json[]).map((r) => ({ runner: fromHex(str(r, "runner")), output: r.output, outputHex: str(r, "outputHex") })),
    result: j.result,
    paid: addrs(j, "paid"),
    failures: (j.failures as Json[]).map((f) => ({ runner: fromHex(str(f, "runner")), reason: str(f, "reason") })),
    challenges: (j.challenges as Json[]).map((c) => ({ challenger: fromHex(str(c, "challenger")), runner: fromHex(str(c, "runner")), upheld: c.upheld === true })),
    phaseEndsAt: big(j, "phaseEndsAt"),
    postedAt: big(j, "postedAt"),
    settledAt: big(j, "settledAt"),
    settlement: settlementFromJson(j.settlement as Json | null | undefined),
  };
}

/** `cowboy_listRunners`: every runner, active first; undefined on a chain without the runner market. */
export async function listRunners(request: Request): Promise<RunnerInfo[] | undefined> {
  return (await optional(request<Json[]>("cowboy_listRunners")))?.map(runnerFromJson);
}

/** `cowboy_getJob`: null when there is no such job; undefined on a chain without the runner market. */
export async function getJob(request: Request, id: Uint8Array): Promise<JobInfo | null | undefined> {
  const j = await optional(request<Json | null>("cowboy_getJob", [hex(id)]));
  return j === undefined || j === null ? j : jobFromJson(j);
}

/** `cowboy_listJobs`: open and recent jobs, newest first; undefined on a chain without the runner market. */
export async function listJobs(request: Request, filter: JobFilter = {}): Promise<JobInfo[] | undefined> {
  const params = {
    ...(filter.actor === undefined ? {} : { actor: hex(filter.actor) }),
    ...(filter.runner === undefined ? {} : { runner: hex(filter.runner) }),
    ...(filter.status === undefined ? {} : { status: filter.status }),
    ...(filter.limit === undefined ? {} : { limit: filter.limit }),
  };
  return (await optional(request<Json[]>("cowboy_listJobs", [params])))?.map(jobFromJson);
}
