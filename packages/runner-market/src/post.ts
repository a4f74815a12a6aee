// 0x02 Job Dispatcher, posting and assignment (spec §5.3 steps 1–2; cips/runner-market.md "Posting", "Selection"):
// a job escrows max_price into 0x02 and names the round whose seed selects its committee — single-runner jobs select
// at once from the block's parent beacon, committees from the seed of round r_submit + K.
import { U64_MAX, toHex } from "@cowboy/codec";
import { requiredStake } from "./config.js";
import { TEE_ENTITLEMENT, entitlementsMatch, getRequires, jobRequirements } from "./entitlements.js";
import { RunnerMarketError } from "./errors.js";
import { JOB_DISPATCHER_ADDRESS, getJob, jobIdOf, nextJobNonce, openJobIds, putJob, writeOpenJobs, type JobRecord } from "./job.js";
import { refund, type Delivery, type MarketContext } from "./market.js";
import type { JobRequest } from "./request.js";
import { listRunners, putRunner, getRunner, reputationAt, type RunnerRecord } from "./runner.js";
import { currentCommitteeSize } from "./committee.js";
import { defaultQuorum, drawAggregator, drawCommittee, type Candidate } from "./selection.js";

export interface PostJob {
  readonly poster: Uint8Array;
  /** An actor's job gets its continuation called; an account's job (job_submit) does not. */
  readonly posterIsActor: boolean;
  readonly request: JobRequest;
  readonly maxPrice: bigint;
}

/** Whether `runner` may serve `job` (beside entitlements): active, the kind listed, max_job_value and stake cover it, the model served. */
export function runnerServes(ctx: MarketContext, runner: RunnerRecord, job: JobRecord): boolean {
  if (runner.status !== "active") return false;
  if (runner.address.every((b, i) => b === job.poster[i])) return false;
  if (!runner.capabilities.jobKinds.includes(job.kind)) return false;
  if (runner.maxJobValue < job.maxPrice || runner.stake < requiredStake(ctx.config, runner.maxJobValue)) return false;
  if (job.kind === "llm" && job.spec instanceof Map) {
    const model = job.spec.get("model");
    if (typeof model === "string" && !runner.capabilities.models.includes(model)) return false;
  }
  return entitlementsMatch(job.requires, runner.capabilities.provides);
}

/** The eligible runners of `job`, ascending by address, with their current reputation. */
export function eligibleRunners(ctx: MarketContext, job: JobRecord): Candidate[] {
  return listRunners(ctx.state)
    .filter((r) => runnerServes(ctx, r, job))
    .map((r) => ({ address: r.address, stake: r.stake, reputation: reputationAt(ctx.config, r, ctx.height) }));
}

/** Posts a job: escrows `maxPrice` from the poster into 0x02. Returns the record (single-runner jobs already selected). */
export function postJob(ctx: MarketContext, post: PostJob): JobRecord {
  const { poster, request, maxPrice } = post;
  if (typeof maxPrice !== "bigint" || maxPrice <= 0n || maxPrice > U64_MAX) throw new RunnerMarketError("INVALID_JOB", "max_price: expected a u64 above 0");
  if (request.tip > maxPrice) throw new RunnerMarketError("INVALID_JOB", `tip ${request.tip} exceeds max_price ${maxPrice} (the tip is paid out of it)`);
  const open = openJobIds(ctx.state);
  if (open.length >= ctx.config.maxOpenJobs) throw new RunnerMarketError("INVALID_JOB", `the dispatcher already holds ${open.length} open jobs`);
  const balance = ctx.accounts.balanceOf(poster);
  if (balance < maxPrice) throw new RunnerMarketError("INSUFFICIENT_BALANCE", `balance ${balance} does not cover max_price ${maxPrice}`);
  ctx.accounts.debit(poster, maxPrice);
  ctx.accounts.credit(JOB_DISPATCHER_ADDRESS, maxPrice);
  const id = jobIdOf(poster, nextJobNonce(ctx.state, poster));
  const actorRequires = post.posterIsActor ? getRequires(ctx.state, poster).map((r) => r.name) : [];
  const single = request.runners === 1n;
  const job: JobRecord = {
    id,
    poster: poster.slice(),
    posterIsActor: post.posterIsActor,
    kind: request.kind,
    spec: request.spec,
    resultSchema: request.resultSchema,
    verification: request.verification,
    runners: request.runners,
    quorum: request.quorum,
    maxPrice,
    escrow: maxPrice,
    allowDomains: request.allowDomains,
    secrets: request.secrets,
    volumes: request.volumes,
    // A deterministic job runs only on runners that declare an enclave ("tee").
    requires: jobRequirements(
      request.kind,
      actorRequires,
      request.verification === "deterministic" ? [...request.requires, TEE_ENTITLEMENT] : request.requires,
      request.secrets.length > 0,
      request.volumes.length > 0,
    ),
    matchFields: request.matchFields,
    callback: request.callback,
    pricing: request.pricing,
    tip: request.tip,
    status: "pending",
    // Single-runner jobs use the parent beacon (the seed of round r − 1); committees bind round r + K.
    selectionRound: single ? ctx.round - 1n : ctx.round + ctx.config.selectionDelayRounds,
    committee: [],
    aggregator: null,
    quorumNeeded: 0n,
    acks: [],
    commits: [],
    reveals: [],
    result: null,
    aggregate: null,
    paid: [],
    fault: null,
    usageAnomalies: [],
    failures: [],
    challenges: [],
    phaseEndsAt: ctx.height + ctx.config.selectionTimeout,
    postedAt: ctx.height,
    selectedAt: 0n,
    settledAt: 0n,
  };
  writeOpenJobs(ctx.state, [...open, id]);
  putJob(ctx.state, job);
  if (!single) return job;
  const selected = selectCommittee(ctx, job);
  // No eligible runner: the job stays pending, due now; the block's jobs step refunds it (and tells the continuation).
  if (selected === null) {
    const due = { ...job, phaseEndsAt: ctx.height };
    putJob(ctx.state, due);
    return due;
  }
  return selected;
}

/** Draws the committee of `job` from `ctx.beacon`; null when too few runners are eligible (the caller refunds). */
export function selectCommittee(ctx: MarketContext, job: JobRecord): JobRecord | null {
  const eligible = eligibleRunners(ctx, job);
  let m = job.runners > 0n ? job.runners : currentCommitteeSize(ctx);
  if (m > BigInt(eligible.length)) m = BigInt(eligible.length);
  if (m === 0n) return null;
  const quorum = job.quorum > 0n ? job.quorum : defaultQuorum(m);
  if (quorum > m) return null;
  const committee = drawCommittee(ctx.beacon, job.id, eligible, m);
  if (BigInt(committee.length) < quorum) return null;
  const aggregator = committee.length > 1 ? drawAggregator(ctx.beacon, job.id, committee) : null;
  for (const c of committee) {
    const r = getRunner(ctx.state, c.address)!;
    putRunner(ctx.state, { ...r, openJobs: r.openJobs + 1n });
  }
  const next: JobRecord = {
    ...job,
    status: "selected",
    committee: committee.map((c) => c.address),
    aggregator: aggregator?.address ?? null,
    quorumNeeded: quorum,
    phaseEndsAt: ctx.height + ctx.config.ackBlocks,
    selectedAt: ctx.height,
  };
  putJob(ctx.state, next);
  return next;
}

/** A pending job's selection, from the per-block step: selects, or refunds when no committee can be drawn. */
export function selectOrRefund(ctx: MarketContext, job: JobRecord): Delivery | null {
  const selected = selectCommittee(ctx, job);
  return selected === null ? refund(ctx, job, "refunded") : null;
}

/** The job or JOB_NOT_FOUND. */
export function requireJob(ctx: MarketContext, id: Uint8Array): JobRecord {
  const job = getJob(ctx.state, id);
  if (job === undefined) throw new RunnerMarketError("JOB_NOT_FOUND", `no job 0x${toHex(id)}`);
  return job;
}
