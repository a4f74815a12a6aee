// The per-block jobs step (spec STF step 4 "Resolve Jobs"; cips/runner-market.md "The jobs step"): after the block's
// transactions and timers, the committee epoch's record (committee.ts) when a new epoch began, then every open job is advanced in posting order — selection once its named round's seed is the
// block's parent beacon (or later), refunds when nothing can be selected, the end of each phase at its deadline with
// the penalties of who missed it, verification at the end of the reveal phase, settlement when the challenge window
// closes. Nobody has to send anything: escrow never stays stuck.
import { equalBytes, toHex } from "@cowboy/codec";
import { advanceCommitteeEpoch } from "./committee.js";
import { getJob, openJobIds, pushRecentJobs, putJob, writeOpenJobs, type Failure, type JobRecord } from "./job.js";
import { listed, penalize, refund, settle, type Delivery, type MarketContext } from "./market.js";
import { selectOrRefund } from "./post.js";
import { missedAggregate, startAggregation } from "./semanticPhase.js";
import { verifyReveals } from "./verification.js";

function fail(ctx: MarketContext, missed: readonly Uint8Array[], reason: Failure["reason"]): Failure[] {
  for (const who of missed) penalize(ctx, who, reason);
  return missed.map((runner) => ({ runner, reason }));
}

/** A verified result (or agreed fault) opens the challenge window, or settles at once (mode none, window 0). */
function challengeOrSettle(ctx: MarketContext, verified: JobRecord): Delivery | null {
  if (ctx.config.challengeWindow === 0n || verified.verification === "none") return settle(ctx, verified);
  putJob(ctx.state, { ...verified, status: "challenge", phaseEndsAt: ctx.height + ctx.config.challengeWindow });
  return null;
}

/** Advances one open job; returns the delivery when it ended. */
function advance(ctx: MarketContext, job: JobRecord): Delivery | null {
  const due = ctx.height >= job.phaseEndsAt;
  switch (job.status) {
    case "pending": {
      // The parent beacon is the seed of round `round − 1`: selection waits until that is the named round or later.
      if (ctx.round - 1n >= job.selectionRound && job.runners !== 1n) return selectOrRefund(ctx, job);
      return due ? refund(ctx, job, "refunded") : null;
    }
    case "selected": {
      if (!due) return null;
      const missed = job.committee.filter((m) => !listed(job.acks, m));
      const failures = [...job.failures, ...fail(ctx, missed, "no_ack")];
      if (BigInt(job.acks.length) < job.quorumNeeded) return refund(ctx, { ...job, failures }, "timeout");
      putJob(ctx.state, { ...job, failures, status: "committing", phaseEndsAt: ctx.height + ctx.config.commitBlocks });
      return null;
    }
    case "committing": {
      if (!due) return null;
      const missed = job.acks.filter((m) => !job.commits.some((c) => equalBytes(c.runner, m)));
      const failures = [...job.failures, ...fail(ctx, missed, "no_commit")];
      if (BigInt(job.commits.length) < job.quorumNeeded) return refund(ctx, { ...job, failures }, "timeout");
      putJob(ctx.state, { ...job, failures, status: "revealing", phaseEndsAt: ctx.height + ctx.config.revealBlocks });
      return null;
    }
    case "revealing": {
      if (!due) return null;
      const opened = (who: Uint8Array): boolean =>
        listed(
          job.reveals.map((r) => r.runner),
          who,
        ) || job.failures.some((f) => f.reason === "dishonest" && equalBytes(f.runner, who));
      const missed = job.commits.map((c) => c.runner).filter((m) => !opened(m));
      let failures = [...job.failures, ...fail(ctx, missed, "no_reveal")];
      // Reveals in committee order, so "the first agreeing member" is the same on every node.
      if (job.verification === "semantic_similarity") {
        const next = startAggregation(ctx, job, failures);
        if (next !== null && next.fault !== null) return challengeOrSettle(ctx, next);
        return next === null || next.status === "revealing" ? refund(ctx, next ?? job, "failed") : null;
      }
      const ordered = job.committee.flatMap((m) => job.reveals.filter((r) => equalBytes(r.runner, m)));
      const outcome = verifyReveals(job, ordered, ctx.config.teeMeasurements);
      for (const f of outcome.failures) penalize(ctx, f.runner, f.reason);
      failures = [...failures, ...outcome.failures];
      const verified: JobRecord = { ...job, failures, result: outcome.result, paid: outcome.agreeing, fault: outcome.fault };
      if (outcome.result === null && outcome.fault === null)
        return refund(ctx, verified, missed.length > 0 && job.reveals.length < Number(job.quorumNeeded) ? "timeout" : "failed");
      return challengeOrSettle(ctx, verified);
    }
    case "aggregating":
      if (!due) return null;
      return refund(ctx, job.verification === "semantic_similarity" && job.aggregator !== null ? missedAggregate(ctx, job) : job, "timeout");
    case "challenge":
      // An upheld challenge may have left no result nor agreed fault (cips/runner-market.md "Challenges"): refunded as failed.
      if (!due) return null;
      return job.result === null && job.fault === null ? refund(ctx, job, "failed") : settle(ctx, job);
    default:
      return null;
  }
}

/** Runs the jobs step for the block of `ctx`; returns the continuations to deliver, in job order. */
export function processJobs(context: MarketContext): Delivery[] {
  const deliveries: Delivery[] = [];
  const closing: Uint8Array[] = [];
  const ctx: MarketContext = { ...context, closing };
  // The epoch's committee size first, so every selection of this block uses it.
  advanceCommitteeEpoch(ctx);
  const open = openJobIds(ctx.state);
  for (const id of open) {
    const job = getJob(ctx.state, id);
    if (job === undefined) continue;
    const d = advance(ctx, job);
    if (d !== null) deliveries.push(d);
  }
  // The lists once per step: the open list loses what closed (in posting order), the recent list gains it.
  if (closing.length > 0) {
    const closed = new Set(closing.map((id) => toHex(id)));
    writeOpenJobs(
      ctx.state,
      open.filter((id) => !closed.has(toHex(id))),
    );
    pushRecentJobs(ctx.state, closing);
  }
  return deliveries;
}
