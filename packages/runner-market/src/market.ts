// What every runner-market operation runs against, and the shared moves on runners (reputation events, slashing)
// and jobs (finalising: refund or payment, leaving the open list). cips/runner-market.md "State machine".
import { equalBytes } from "@cowboy/codec";
import { SYSTEM_ACTORS, systemAddress } from "@cowboy/types";
import type { RunnerMarketConfig } from "./config.js";
import { RunnerMarketError } from "./errors.js";
import { JOB_DISPATCHER_ADDRESS, openJobIds, pushRecentJobs, putJob, writeOpenJobs, type FailureReason, type JobRecord, type JobStatus } from "./job.js";
import { penalized, rewarded } from "./reputation.js";
import { getRunner, putRunner, RUNNER_REGISTRY_ADDRESS, reputationAt, type RunnerRecord } from "./runner.js";
import { jobGross } from "./pricing.js";
import { openFaultReport } from "./fault.js";
import { openUsageOutput, usageAnomalies, usageGross } from "./usage.js";
import { splitPayment, type SettlementSplit } from "./settlement.js";
import type { MarketAccounts, MarketState } from "./store.js";

export const TREASURY_ADDRESS: Uint8Array = systemAddress(SYSTEM_ACTORS.treasury);

export interface MarketContext {
  readonly state: MarketState;
  readonly accounts: MarketAccounts;
  readonly config: RunnerMarketConfig;
  readonly height: bigint;
  /** The absolute round the block is proposed in (the devnet without consensus uses the height). */
  readonly round: bigint;
  /** The block's parent beacon: the seed of round `round − 1` (spec §3.4). */
  readonly beacon: Uint8Array;
  /**
   * Set by the jobs step: the ids of jobs it closed, so the open and recent lists are rewritten once per step rather
   * than once per job. Absent (instructions): each close rewrites them at once.
   */
  readonly closing?: Uint8Array[];
}

/** A result to hand to the poster's continuation (a deferred call in the Runner lane). */
export interface Delivery {
  readonly jobId: Uint8Array;
  readonly poster: Uint8Array;
  readonly callback: string;
  readonly status: "ok" | "failed" | "timeout" | "refunded";
  /** The accepted output's canonical CBOR (status ok), else null. */
  readonly result: Uint8Array | null;
}

const CONTINUATION_STATUS: Partial<Record<JobStatus, Delivery["status"]>> = { settled: "ok", failed: "failed", timeout: "timeout", refunded: "refunded" };

export function requireRunner(ctx: MarketContext, who: Uint8Array): RunnerRecord {
  const r = getRunner(ctx.state, who);
  if (r === undefined) throw new RunnerMarketError("RUNNER_NOT_FOUND", "no runner record");
  return r;
}

function touch(ctx: MarketContext, who: Uint8Array, change: (r: RunnerRecord, score: bigint) => RunnerRecord): void {
  const r = getRunner(ctx.state, who);
  if (r === undefined) return;
  putRunner(ctx.state, change(r, reputationAt(ctx.config, r, ctx.height)));
}

const PENALTY: Record<FailureReason, keyof RunnerMarketConfig["penalties"]> = {
  no_ack: "timeout",
  no_commit: "nonDelivery",
  no_reveal: "nonDelivery",
  schema_violation: "schemaViolation",
  empty_output: "emptyOutput",
  canary_leak: "canaryLeak",
  minority: "minority",
  dishonest: "dishonest",
  challenged: "dishonest",
  // A missing or invalid TEE attestation: the output does not have the form the job requires (reputation only).
  attestation_invalid: "schemaViolation",
  // The aggregator did not post a semantic_similarity aggregate in time.
  no_aggregate: "nonDelivery",
  // A fault report where the committee's quorum delivered the result.
  faulted: "nonDelivery",
};

/** An operational failure (or the reputation half of a dishonest one): the reputation penalty, jobs_failed + 1. */
export function penalize(ctx: MarketContext, who: Uint8Array, reason: FailureReason): void {
  touch(ctx, who, (r, score) => ({ ...r, reputation: penalized(score, ctx.config.penalties[PENALTY[reason]]), reputationAt: ctx.height, jobsFailed: r.jobsFailed + 1n }));
}

/** Proven dishonesty: ⌊stake · non_reveal_slash_bps / 10⁴⌋ taken from 0x01 and burned (§8.4: slashed stake 100% burned). */
export function slash(ctx: MarketContext, who: Uint8Array): bigint {
  const r = getRunner(ctx.state, who);
  if (r === undefined) return 0n;
  const amount = (r.stake * ctx.config.nonRevealSlashBps) / 10_000n;
  if (amount > 0n) {
    ctx.accounts.debit(RUNNER_REGISTRY_ADDRESS, amount);
    ctx.accounts.burn(amount);
  }
  putRunner(ctx.state, { ...r, stake: r.stake - amount, slashed: r.slashed + amount });
  return amount;
}

/** A paid runner's reputation move: the reward, or the usage-anomaly penalty instead when it over-reported. */
function reward(ctx: MarketContext, who: Uint8Array, anomalous: boolean): void {
  const next = (score: bigint): bigint => (anomalous ? penalized(score, ctx.config.penalties.usageAnomaly) : rewarded(ctx.config, score));
  touch(ctx, who, (r, score) => ({ ...r, reputation: next(score), reputationAt: ctx.height, jobsPaid: r.jobsPaid + 1n }));
}

const revealOf = (job: JobRecord, p: Uint8Array): Uint8Array => job.reveals.find((r) => equalBytes(r.runner, p))?.output ?? new Uint8Array(0);

/** The paid runners of a settled usage-priced job whose usage exceeded the cap (usage.ts), in paid order. */
function anomaliesOf(job: JobRecord): Uint8Array[] {
  if (job.pricing !== "usage" || job.fault !== null) return [];
  const usages = job.paid.map((p) => openUsageOutput(revealOf(job, p))?.usage ?? new Map<string, bigint>());
  return usageAnomalies(usages).map((i) => job.paid[i]!);
}

/** Removes `job` from the open list, frees its committee, records it as recent; returns the delivery, if any. */
function close(ctx: MarketContext, job: JobRecord): Delivery | null {
  if (ctx.closing !== undefined) ctx.closing.push(job.id);
  else {
    writeOpenJobs(
      ctx.state,
      openJobIds(ctx.state).filter((id) => !equalBytes(id, job.id)),
    );
    pushRecentJobs(ctx.state, [job.id]);
  }
  for (const member of job.committee) touch(ctx, member, (r) => ({ ...r, openJobs: r.openJobs > 0n ? r.openJobs - 1n : 0n }));
  putJob(ctx.state, job);
  const status = CONTINUATION_STATUS[job.status];
  if (!job.posterIsActor || job.callback === null || status === undefined) return null;
  return { jobId: job.id, poster: job.poster, callback: job.callback, status, result: job.status === "settled" ? job.result : null };
}

/** Ends `job` without payment: the whole escrow back to the poster (the "Runner fault" row). */
export function refund(ctx: MarketContext, job: JobRecord, status: "failed" | "timeout" | "refunded"): Delivery | null {
  if (job.escrow > 0n) {
    ctx.accounts.debit(JOB_DISPATCHER_ADDRESS, job.escrow);
    ctx.accounts.credit(job.poster, job.escrow);
  }
  return close(ctx, { ...job, status, escrow: 0n, settledAt: ctx.height, phaseEndsAt: ctx.height });
}

/**
 * What a verified job pays out of `escrow` (cips/runner-market.md "Pricing", "Usage pricing", "Faults"): fixed,
 * min(Σ paid runners' rate_card[kind], escrow); usage, the reported usage × the paid runners' rates (usage.ts); a fault,
 * the agreeing reporters' progress priced the same way (for a fixed-price job, at most what its result would pay). Rate cards are read from the registry as it is now.
 */
export function grossOf(state: MarketState, job: JobRecord, escrow: bigint): bigint {
  const rateCard = (p: Uint8Array) => getRunner(state, p)?.capabilities.rateCard;
  if (job.fault !== null) {
    const progress = usageGross(
      escrow,
      job.paid.map((p) => ({ rateCard: rateCard(p), usage: openFaultReport(revealOf(job, p))?.progress ?? new Map() })),
    );
    if (job.pricing === "usage") return progress;
    // A fixed-price job's progress is paid pro-rata of its price: never more than the same runners' result would earn.
    const price = jobGross(
      escrow,
      job.paid.map((p) => rateCard(p)?.get(job.kind)),
    );
    return progress < price ? progress : price;
  }
  return job.pricing === "usage"
    ? usageGross(
        escrow,
        job.paid.map((p) => ({ rateCard: rateCard(p), usage: openUsageOutput(revealOf(job, p))?.usage ?? new Map() })),
      )
    : jobGross(
        escrow,
        job.paid.map((p) => rateCard(p)?.get(job.kind)),
      );
}

/**
 * How a verified job's `escrow` (its max_price) is paid: the price G = grossOf(escrow − tip) split per §8.4, the tip
 * to the paid runners on top (success only: after a fault it goes back with the rest), and escrow − G − tip back to the
 * poster. The RPC shows the same computation.
 */
export function payoutOf(cfg: RunnerMarketConfig, state: MarketState, job: JobRecord, escrow: bigint): { gross: bigint; refund: bigint; split: SettlementSplit } {
  const held = job.tip <= escrow ? job.tip : escrow;
  const tip = job.fault === null ? held : 0n;
  const gross = grossOf(state, job, escrow - held);
  return { gross, refund: escrow - gross - tip, split: splitPayment(cfg, gross, job.paid, job.aggregator, tip) };
}

/**
 * Pays a verified job per §8.4 and ends it: settled on a result; `failed` on an agreed fault (fault.ts), whose
 * reporters are paid their progress but earn no reputation (they delivered nothing; nor are they penalised).
 */
export function settle(ctx: MarketContext, job: JobRecord): Delivery | null {
  // Rate cards (cips/runner-market.md "Pricing"): min(Σ paid runners' rate_card[kind], max_price − tip); the tip on top
  // to the paid runners; the rest refunded.
  const { refund, split } = payoutOf(ctx.config, ctx.state, job, job.escrow);
  ctx.accounts.debit(JOB_DISPATCHER_ADDRESS, job.escrow);
  if (refund > 0n) ctx.accounts.credit(job.poster, refund);
  if (split.burned > 0n) ctx.accounts.burn(split.burned);
  ctx.accounts.credit(TREASURY_ADDRESS, split.treasury);
  const anomalies = anomaliesOf(job);
  for (const { runner, amount } of split.runners) {
    ctx.accounts.credit(runner, amount);
    if (job.fault === null) reward(ctx, runner, listed(anomalies, runner));
  }
  return close(ctx, { ...job, status: job.fault === null ? "settled" : "failed", usageAnomalies: anomalies, escrow: 0n, settledAt: ctx.height, phaseEndsAt: ctx.height });
}

export const inCommittee = (job: JobRecord, who: Uint8Array): boolean => job.committee.some((m) => equalBytes(m, who));
export const listed = (list: readonly Uint8Array[], who: Uint8Array): boolean => list.some((m) => equalBytes(m, who));
