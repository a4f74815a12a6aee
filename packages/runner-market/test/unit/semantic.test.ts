// The semantic_similarity mode (cips/runner-market.md "Semantic similarity"): the token-set score, the medoid aggregate,
// the optimistic acceptance of the aggregator's {chosen, scores}, a challenge that proves a wrong score (the aggregator
// is slashed and the chain's aggregate replaces its own), a challenge that proves nothing, and a missed aggregate.
import { type CborValue, encodeCbor, equalBytes } from "@cowboy/codec";
import { describe, expect, it } from "vitest";
import { getJob, type JobRecord } from "../../src/job.js";
import { ackJob, aggregateJob, challengeJob, commitJob, commitmentOf, revealJob } from "../../src/phases.js";
import { postJob } from "../../src/post.js";
import { getRunner, registerRunner } from "../../src/runner.js";
import { computeAggregate, decodeAggregate, encodeAggregate, similarityBps } from "../../src/semantic.js";
import { processJobs } from "../../src/step.js";
import { CBY, World, addr, declaration, httpRequest } from "../utils/fixture.js";

const text = (s: string): Uint8Array =>
  encodeCbor(
    new Map<CborValue, CborValue>([
      ["price", 1n],
      ["note", s],
    ]),
  );

describe("the similarity score", () => {
  it("is the token-set Jaccard index in bps over string values and integers", () => {
    expect(similarityBps(text("The cat sat on the mat"), text("the cat sat on a mat"))).toBe(8_571n); // 6 of 7 tokens
    expect(similarityBps(text("same words"), text("SAME, words!"))).toBe(10_000n);
    expect(similarityBps(encodeCbor("alpha"), encodeCbor("beta"))).toBe(0n);
    expect(similarityBps(encodeCbor(null), encodeCbor(null))).toBe(10_000n);
  });

  it("the aggregate is the medoid with its scores; malformed aggregates are refused with a reason", () => {
    const outs = [text("rain tomorrow in paris"), text("rain in paris tomorrow morning"), text("sunny in rome")];
    const agg = computeAggregate(outs);
    expect(agg.chosen).toBe(0);
    expect(agg.scores).toEqual([10_000n, similarityBps(outs[0]!, outs[1]!), similarityBps(outs[0]!, outs[2]!)]);
    expect(decodeAggregate(encodeAggregate(agg), 3)).toEqual(agg);
    expect(decodeAggregate(encodeAggregate(agg), 2)).toMatch(/3 scores for 2/);
    expect(decodeAggregate(encodeAggregate({ chosen: 1, scores: agg.scores }), 3)).toMatch(/chosen output scores 10000/);
    expect(decodeAggregate(encodeAggregate({ chosen: 0, scores: [10_000n, 10_001n, 0n] }), 3)).toMatch(/bps/);
    expect(decodeAggregate(Uint8Array.of(0xff), 3)).toMatch(/aggregate/);
  });
});

function semanticJob(outputs: (aggregatorIndex: number, committee: readonly Uint8Array[]) => Uint8Array[]) {
  const w = new World();
  const poster = addr(200);
  w.fund(poster, 1_000n * CBY);
  for (const i of [1, 2, 3]) {
    w.fund(addr(i), 1_000n * CBY);
    registerRunner(w.ctx(), addr(i), 200n * CBY, declaration());
  }
  const job = postJob(w.ctx(), { poster, posterIsActor: true, request: httpRequest({ verification: "semantic_similarity" }), maxPrice: 10n * CBY });
  for (let i = 0; i < 5 && getJob(w.state, job.id)!.status === "pending"; i++) {
    w.height++;
    processJobs(w.ctx());
  }
  const drawn = getJob(w.state, job.id)!;
  const agg = drawn.committee.findIndex((m) => equalBytes(m, drawn.aggregator!));
  const outs = outputs(agg, drawn.committee);
  for (const m of drawn.committee) ackJob(w.ctx(), m, job.id);
  for (const [i, m] of drawn.committee.entries()) commitJob(w.ctx(), m, job.id, commitmentOf(outs[i]!, new Uint8Array(32).fill(i + 1)));
  for (const [i, m] of drawn.committee.entries()) revealJob(w.ctx(), m, job.id, outs[i]!, new Uint8Array(32).fill(i + 1));
  processJobs(w.ctx());
  return { w, id: job.id, committee: drawn.committee, aggregator: drawn.aggregator!, outs, poster };
}

/** Committee order: the aggregator's output and one more agree; the third is unrelated. */
const twoAgree = (agg: number): Uint8Array[] => [0, 1, 2].map((i) => (i === agg || i === (agg + 1) % 3 ? text("btc closes at 64000 usd") : text("eth opens at 3100 eur")));

describe("a semantic_similarity job", () => {
  it("goes to the aggregator; an honest aggregate pays the agreeing pair and settles on the chosen output", () => {
    const { w, id, committee, aggregator, outs } = semanticJob(twoAgree);
    expect(getJob(w.state, id)!.status).toBe("aggregating");
    expect(() => aggregateJob(w.ctx(), committee.find((m) => !equalBytes(m, aggregator))!, id, encodeAggregate(computeAggregate(outs)))).toThrow(/only the job's aggregator/);
    expect(() => aggregateJob(w.ctx(), aggregator, id, encodeAggregate({ chosen: 0, scores: [10_000n] }))).toThrow(/1 scores for 3/);
    const posted = aggregateJob(w.ctx(), aggregator, id, encodeAggregate(computeAggregate(outs)));
    expect(posted.status).toBe("challenge");
    expect(posted.paid).toHaveLength(2);
    expect(posted.failures.map((f) => f.reason)).toEqual(["minority"]);
    expect(equalBytes(posted.result!, text("btc closes at 64000 usd"))).toBe(true);
    w.height += 5n;
    const [delivery] = processJobs(w.ctx());
    expect(getJob(w.state, id)!.status).toBe("settled");
    expect(delivery!.status).toBe("ok");
  });

  it("a wrong score is challenged: the aggregator is slashed and unpaid, the chain's aggregate stands, the bond returns", () => {
    const { w, id, committee, aggregator, outs } = semanticJob(twoAgree);
    // The aggregator claims the unrelated output agrees too (everyone paid, nobody minority).
    const all = committee.map((_, i) => (i === 0 ? 10_000n : 9_000n));
    const lie = { chosen: 0, scores: all };
    expect(aggregateJob(w.ctx(), aggregator, id, encodeAggregate(lie)).paid).toHaveLength(3);
    const challenger = addr(50);
    w.fund(challenger, 100n * CBY);
    const stake = getRunner(w.state, aggregator)!.stake;
    // A true score proves nothing: the bond goes to the aggregator.
    const honestIndex = outs.findIndex((o, i) => i !== 0 && similarityBps(outs[0]!, o) === all[i]);
    expect(honestIndex).toBe(-1);
    const wrong = outs.findIndex((o, i) => i !== 0 && similarityBps(outs[0]!, o) !== all[i]);
    const out = challengeJob(w.ctx(), challenger, id, aggregator, encodeCbor(["score", BigInt(wrong)]));
    expect(out.upheld).toBe(true);
    expect(getRunner(w.state, aggregator)!.stake).toBeLessThan(stake);
    expect(w.balance(challenger)).toBe(100n * CBY);
    const judged: JobRecord = getJob(w.state, id)!;
    expect(judged.paid.some((p) => equalBytes(p, aggregator))).toBe(false);
    expect(judged.failures.some((f) => f.reason === "challenged" && equalBytes(f.runner, aggregator))).toBe(true);
    expect(decodeAggregate(judged.aggregate!, 3)).toEqual(computeAggregate(outs));
    // The agreeing pair was the aggregator and one other: without the aggregator the quorum of 2 is not met.
    expect(judged.result).toBeNull();
    expect(judged.paid).toEqual([]);
    // Not the aggregator's to answer twice: a challenge of the (now the chain's own) score proves nothing.
    const again = challengeJob(w.ctx(), challenger, id, aggregator, encodeCbor(["score", 1n]));
    expect(again.upheld).toBe(false);
    expect(w.balance(challenger)).toBe(90n * CBY);
    w.height += 10n;
    const [delivery] = processJobs(w.ctx());
    expect(delivery!.status).toBe("failed");
  });

  it("an aggregator that never posts: the job is refunded as timeout and the aggregator loses reputation", () => {
    const { w, id, aggregator, poster } = semanticJob(twoAgree);
    const before = getRunner(w.state, aggregator)!.jobsFailed;
    w.height += 100n;
    const [delivery] = processJobs(w.ctx());
    expect(delivery!.status).toBe("timeout");
    const job = getJob(w.state, id)!;
    expect(job.failures.at(-1)).toEqual({ runner: aggregator, reason: "no_aggregate" });
    expect(getRunner(w.state, aggregator)!.jobsFailed).toBe(before + 1n);
    expect(w.balance(poster)).toBe(1_000n * CBY);
  });
});
