// The runner-side job phases (spec §5.3 steps 3–6; cips/runner-market.md "Phases"): job_ack, job_commit
// (keccak256(output ‖ salt)), job_reveal (a reveal that does not open its commitment is proven dishonesty: slashed),
// job_aggregate (only for modes whose aggregate the chain cannot compute itself) and job_challenge (100 CBY bond,
// within the window; upheld on an equivocation proof). A phase that every member finished ends in this block: its
// deadline moves to the current height and the block's jobs step advances it.
import { CborError, concatBytes, decodeCbor, equalBytes, type CborValue } from "@cowboy/codec";
import { keccak256, recoverAddress } from "@cowboy/crypto";
import { RunnerMarketError } from "./errors.js";
import { putJob, type JobRecord } from "./job.js";
import { inCommittee, listed, penalize, slash, type MarketContext } from "./market.js";
import { requireJob } from "./post.js";
import { acceptAggregate, challengeScore } from "./semanticPhase.js";
import { verifyReveals } from "./verification.js";

export const MAX_SALT_BYTES = 64;
/** The message a runner signs to stand by an output: keccak256("cowboy-job-output-v1" ‖ job_id ‖ keccak256(output)). */
export function outputStatementHash(jobId: Uint8Array, output: Uint8Array): Uint8Array {
  return keccak256(concatBytes(new TextEncoder().encode("cowboy-job-output-v1"), jobId, keccak256(output)));
}

/** commitment = keccak256(output ‖ salt). */
export const commitmentOf = (output: Uint8Array, salt: Uint8Array): Uint8Array => keccak256(concatBytes(output, salt));

function member(job: JobRecord, who: Uint8Array): void {
  if (!inCommittee(job, who)) throw new RunnerMarketError("NOT_IN_COMMITTEE", "the sender is not on this job's committee");
}

function phase(job: JobRecord, ...allowed: JobRecord["status"][]): void {
  if (!allowed.includes(job.status)) throw new RunnerMarketError("WRONG_PHASE", `the job is ${job.status}, not ${allowed.join(" or ")}`);
}

/** job_ack: a member takes the job. When every member has, the commit phase starts. */
export function ackJob(ctx: MarketContext, who: Uint8Array, id: Uint8Array): JobRecord {
  const job = requireJob(ctx, id);
  phase(job, "selected");
  member(job, who);
  if (listed(job.acks, who)) throw new RunnerMarketError("DUPLICATE", "already acknowledged");
  const acks = [...job.acks, who.slice()];
  const all = acks.length === job.committee.length;
  const next: JobRecord = all ? { ...job, acks, status: "committing", phaseEndsAt: ctx.height + ctx.config.commitBlocks } : { ...job, acks };
  putJob(ctx.state, next);
  return next;
}

/** job_commit: a member's commitment (acknowledging on the way if it had not). Every member committed: reveal phase. */
export function commitJob(ctx: MarketContext, who: Uint8Array, id: Uint8Array, commitment: Uint8Array): JobRecord {
  const job = requireJob(ctx, id);
  phase(job, "selected", "committing");
  member(job, who);
  if (job.commits.some((c) => equalBytes(c.runner, who))) throw new RunnerMarketError("DUPLICATE", "already committed");
  const acks = listed(job.acks, who) ? job.acks : [...job.acks, who.slice()];
  const commits = [...job.commits, { runner: who.slice(), commitment: commitment.slice() }];
  let next: JobRecord = { ...job, acks, commits };
  if (commits.length === job.committee.length) next = { ...next, status: "revealing", phaseEndsAt: ctx.height + ctx.config.revealBlocks };
  else if (job.status === "selected" && acks.length === job.committee.length) next = { ...next, status: "committing", phaseEndsAt: ctx.height + ctx.config.commitBlocks };
  putJob(ctx.state, next);
  return next;
}

/**
 * job_reveal: opens a commitment. A mismatch is proven dishonesty: the runner is slashed and its reveal dropped (the
 * instruction succeeds, so the slash stands). Returns whether the reveal opened the commitment.
 */
export function revealJob(ctx: MarketContext, who: Uint8Array, id: Uint8Array, output: Uint8Array, salt: Uint8Array): boolean {
  const job = requireJob(ctx, id);
  phase(job, "revealing");
  member(job, who);
  const commit = job.commits.find((c) => equalBytes(c.runner, who));
  if (commit === undefined) throw new RunnerMarketError("WRONG_PHASE", "no commitment from this runner");
  if (job.reveals.some((r) => equalBytes(r.runner, who)) || job.failures.some((f) => f.reason === "dishonest" && equalBytes(f.runner, who))) {
    throw new RunnerMarketError("DUPLICATE", "already revealed");
  }
  if (output.length > ctx.config.maxOutputBytes) throw new RunnerMarketError("INVALID_ARGUMENT", `output: at most ${ctx.config.maxOutputBytes} bytes (§5.4)`);
  if (salt.length > MAX_SALT_BYTES) throw new RunnerMarketError("INVALID_ARGUMENT", `salt: at most ${MAX_SALT_BYTES} bytes`);
  const opens = equalBytes(commitmentOf(output, salt), commit.commitment);
  let next: JobRecord;
  if (opens) next = { ...job, reveals: [...job.reveals, { runner: who.slice(), output: output.slice() }] };
  else {
    slash(ctx, who);
    penalize(ctx, who, "dishonest");
    next = { ...job, failures: [...job.failures, { runner: who.slice(), reason: "dishonest" }] };
  }
  const done = next.reveals.length + next.failures.filter((f) => f.reason === "dishonest").length;
  if (done === next.commits.length) next = { ...next, phaseEndsAt: ctx.height };
  putJob(ctx.state, next);
  return opens;
}

/** job_aggregate: the aggregator's {chosen, scores} for a semantic_similarity job (semanticPhase.ts); other modes never aggregate. */
export function aggregateJob(ctx: MarketContext, who: Uint8Array, id: Uint8Array, result: Uint8Array): JobRecord {
  const job = requireJob(ctx, id);
  if (job.aggregator === null || !equalBytes(job.aggregator, who)) throw new RunnerMarketError("NOT_IN_COMMITTEE", "only the job's aggregator posts its aggregate");
  phase(job, "aggregating");
  return acceptAggregate(ctx, job, result);
}

export interface ChallengeOutcome {
  readonly upheld: boolean;
  readonly job: JobRecord;
}

/**
 * job_challenge: within the window, against a runner whose reveal backs the result. Evidence: the canonical CBOR
 * list [output′ (bytes), signature (65 bytes r‖s‖v)] where the runner signed outputStatementHash(job, output′) and
 * output′ differs from what it revealed — it stood by two outputs, so its reveal is not trustworthy. Upheld: the
 * runner is slashed, dropped from the result, the bond returned, and the job re-verified (no result left: the window
 * closes and the jobs step refunds it).
 * Evidence that decodes but proves nothing: the bond goes to the accused. Undecodable evidence: refused.
 */
export function challengeJob(ctx: MarketContext, challenger: Uint8Array, id: Uint8Array, runner: Uint8Array, evidence: Uint8Array): ChallengeOutcome {
  const job = requireJob(ctx, id);
  phase(job, "challenge");
  if (job.verification === "semantic_similarity" && job.aggregator !== null && equalBytes(runner, job.aggregator) && job.aggregate !== null) {
    return challengeAggregate(ctx, challenger, job, evidence);
  }
  if (!listed(job.paid, runner)) throw new RunnerMarketError("INVALID_CHALLENGE", "the accused runner's reveal does not back the result");
  let value: CborValue;
  try {
    value = decodeCbor(evidence);
  } catch (error) {
    if (error instanceof CborError) throw new RunnerMarketError("INVALID_CHALLENGE", `evidence: ${error.message}`);
    throw error;
  }
  if (!Array.isArray(value) || value.length !== 2 || !(value[0] instanceof Uint8Array) || !(value[1] instanceof Uint8Array) || value[1].length !== 65) {
    throw new RunnerMarketError("INVALID_CHALLENGE", "evidence: expected [output (bytes), signature (65 bytes)]");
  }
  const bond = ctx.config.challengeBond;
  const balance = ctx.accounts.balanceOf(challenger);
  if (balance < bond) throw new RunnerMarketError("INSUFFICIENT_BALANCE", `balance ${balance} does not cover the challenge bond ${bond}`);
  const [alt, signature] = value as [Uint8Array, Uint8Array];
  const revealed = job.reveals.find((r) => equalBytes(r.runner, runner))!.output;
  let signer: Uint8Array | null = null;
  try {
    signer = recoverAddress(outputStatementHash(job.id, alt), signature);
  } catch {
    // A signature that does not recover proves nothing (the crypto layer's refusal, not a protocol error class).
    signer = null;
  }
  const upheld = signer !== null && equalBytes(signer, runner) && !equalBytes(alt, revealed);
  const record = { challenger: challenger.slice(), runner: runner.slice(), upheld };
  if (!upheld) {
    ctx.accounts.debit(challenger, bond);
    ctx.accounts.credit(runner, bond);
    const next = { ...job, challenges: [...job.challenges, record] };
    putJob(ctx.state, next);
    return { upheld, job: next };
  }
  slash(ctx, runner);
  penalize(ctx, runner, "challenged");
  const reveals = job.reveals.filter((r) => !equalBytes(r.runner, runner));
  // Committee order, as the jobs step verifies, so "the first agreeing member" is the same.
  const outcome = verifyReveals(
    job,
    job.committee.flatMap((m) => reveals.filter((r) => equalBytes(r.runner, m))),
    ctx.config.teeMeasurements,
  );
  // No result left: the window closes now and the jobs step refunds the job (and tells the continuation).
  const next: JobRecord = {
    ...job,
    challenges: [...job.challenges, record],
    reveals,
    failures: [...job.failures, { runner: runner.slice(), reason: "challenged" }],
    result: outcome.result,
    paid: outcome.agreeing,
    fault: outcome.fault,
    ...(outcome.result === null && outcome.fault === null ? { phaseEndsAt: ctx.height } : {}),
  };
  putJob(ctx.state, next);
  return { upheld, job: next };
}

/** A challenge of the aggregator's score: evidence is the canonical CBOR ["score", index] (semanticPhase.ts). */
function challengeAggregate(ctx: MarketContext, challenger: Uint8Array, job: JobRecord, evidence: Uint8Array): ChallengeOutcome {
  let value: CborValue;
  try {
    value = decodeCbor(evidence);
  } catch (error) {
    if (error instanceof CborError) throw new RunnerMarketError("INVALID_CHALLENGE", `evidence: ${error.message}`);
    throw error;
  }
  if (!Array.isArray(value) || value.length !== 2 || value[0] !== "score" || typeof value[1] !== "bigint" || value[1] > 1_000n) {
    throw new RunnerMarketError("INVALID_CHALLENGE", 'evidence: expected ["score", index]');
  }
  const bond = ctx.config.challengeBond;
  const balance = ctx.accounts.balanceOf(challenger);
  if (balance < bond) throw new RunnerMarketError("INSUFFICIENT_BALANCE", `balance ${balance} does not cover the challenge bond ${bond}`);
  const aggregator = job.aggregator!;
  const { upheld, job: judged } = challengeScore(ctx, job, Number(value[1]));
  const record = { challenger: challenger.slice(), runner: aggregator.slice(), upheld };
  if (!upheld) {
    ctx.accounts.debit(challenger, bond);
    ctx.accounts.credit(aggregator, bond);
  }
  const next = { ...judged, challenges: [...judged.challenges, record] };
  putJob(ctx.state, next);
  return { upheld, job: next };
}
