// The semantic_similarity phases (cips/runner-market.md "Semantic similarity"): at the end of the reveal phase the
// valid outputs go to the aggregator (status `aggregating`); its {chosen, scores} is accepted as posted and opens the
// challenge window; a challenge names one score, which the chain recomputes — a wrong one is proven dishonesty of the
// aggregator (slashed, bond returned) and the chain then computes the whole aggregate itself.
import { equalBytes } from "@cowboy/codec";
import { RunnerMarketError } from "./errors.js";
import { faultVerdict, partitionFaults } from "./fault.js";
import { putJob, type Failure, type JobRecord, type Reveal } from "./job.js";
import { penalize, slash, type MarketContext } from "./market.js";
import { type SemanticAggregate, computeAggregate, decodeAggregate, encodeAggregate, similarityBps } from "./semantic.js";
import { validReveals } from "./verification.js";

/** The job's reveals in committee order. */
const ordered = (job: JobRecord): Reveal[] => job.committee.flatMap((m) => job.reveals.filter((r) => equalBytes(r.runner, m)));

/**
 * The valid outputs the aggregate indexes: fault reports set aside (fault.ts; a report can satisfy a loose result
 * schema, and the indexes must be the ones aggregation used), objective checks passed, committee order.
 */
export const semanticOutputs = (job: JobRecord): Reveal[] => validReveals(job, partitionFaults(ordered(job)).outputs).valid;

/** End of the reveal phase: the objective failures, then aggregation (by the chain itself when there is no aggregator). */
export function startAggregation(ctx: MarketContext, job: JobRecord, failures: readonly Failure[]): JobRecord | null {
  // Fault reports (fault.ts) are not outputs: they count only when too few valid outputs are left to aggregate.
  const { faults, outputs } = partitionFaults(ordered(job));
  const { valid, failures: objective } = validReveals(job, outputs);
  const enough = BigInt(valid.length) >= job.quorumNeeded;
  const faulted = enough ? faults.map((f) => ({ runner: f.runner, reason: "faulted" as const })) : [];
  for (const f of [...objective, ...faulted]) penalize(ctx, f.runner, f.reason);
  const all = [...failures, ...objective, ...faulted];
  if (!enough) {
    const verdict = faultVerdict(faults, job.quorumNeeded);
    return { ...job, failures: all, result: null, paid: verdict.agreeing, fault: verdict.fault };
  }
  const next: JobRecord = { ...job, failures: all, status: "aggregating", phaseEndsAt: ctx.height + ctx.config.aggregateBlocks };
  if (job.aggregator === null) return apply(ctx, next, computeAggregate(valid.map((r) => r.output)));
  putJob(ctx.state, next);
  return next;
}

/** Applies an aggregate: result, paid (score ≥ threshold), minority failures; opens the challenge window. */
function apply(ctx: MarketContext, job: JobRecord, agg: SemanticAggregate, exclude?: Uint8Array): JobRecord {
  // A slashed aggregator's own output is not paid (nor its bonus).
  const valid = semanticOutputs(job).filter((r) => exclude === undefined || !equalBytes(r.runner, exclude));
  const all = semanticOutputs(job);
  const scoreOf = (r: Reveal): bigint => agg.scores[all.indexOf(r)]!;
  const agreeing = valid.filter((r) => scoreOf(r) >= ctx.config.semanticThresholdBps);
  const ok = BigInt(agreeing.length) >= job.quorumNeeded;
  const minority = ok ? valid.filter((r) => scoreOf(r) < ctx.config.semanticThresholdBps).map((r) => ({ runner: r.runner, reason: "minority" as const })) : [];
  for (const f of minority) penalize(ctx, f.runner, f.reason);
  const next: JobRecord = {
    ...job,
    aggregate: encodeAggregate(agg),
    result: ok ? all[agg.chosen]!.output : null,
    paid: ok ? agreeing.map((r) => r.runner) : [],
    failures: [...job.failures.filter((f) => f.reason !== "minority"), ...minority],
    status: "challenge",
    phaseEndsAt: ctx.height + ctx.config.challengeWindow,
  };
  putJob(ctx.state, next);
  return next;
}

/** job_aggregate for a semantic_similarity job: the aggregator's canonical {chosen, scores}. */
export function acceptAggregate(ctx: MarketContext, job: JobRecord, bytes: Uint8Array): JobRecord {
  const agg = decodeAggregate(bytes, semanticOutputs(job).length);
  if (typeof agg === "string") throw new RunnerMarketError("INVALID_ARGUMENT", agg);
  return apply(ctx, job, agg);
}

/** The aggregator missed its deadline: it loses reputation; the job ends unpaid. */
export function missedAggregate(ctx: MarketContext, job: JobRecord): JobRecord {
  penalize(ctx, job.aggregator!, "no_aggregate");
  return { ...job, failures: [...job.failures, { runner: job.aggregator!, reason: "no_aggregate" }] };
}

/**
 * A challenge of score `index` (evidence: the index). Upheld when the chain's similarity differs from the posted score:
 * the aggregator is slashed and the chain's own aggregate replaces it. Returns whether it was upheld.
 */
export function challengeScore(ctx: MarketContext, job: JobRecord, index: number): { upheld: boolean; job: JobRecord } {
  const valid = semanticOutputs(job);
  const posted = job.aggregate === null ? undefined : decodeAggregate(job.aggregate, valid.length);
  if (posted === undefined || typeof posted === "string") throw new RunnerMarketError("INVALID_CHALLENGE", "the job has no posted aggregate");
  if (!Number.isSafeInteger(index) || index < 0 || index >= valid.length)
    throw new RunnerMarketError("INVALID_CHALLENGE", `score ${index}: the job has ${valid.length} valid outputs`);
  const truth = index === posted.chosen ? 10_000n : similarityBps(valid[posted.chosen]!.output, valid[index]!.output);
  if (truth === posted.scores[index]) return { upheld: false, job };
  const aggregator = job.aggregator!;
  slash(ctx, aggregator);
  penalize(ctx, aggregator, "challenged");
  const recomputed = apply(ctx, { ...job, failures: [...job.failures, { runner: aggregator, reason: "challenged" }] }, computeAggregate(valid.map((r) => r.output)), aggregator);
  return { upheld: true, job: recomputed };
}
