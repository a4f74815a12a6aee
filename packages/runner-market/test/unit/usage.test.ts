// Usage-based pay (cips/runner-market.md "Usage pricing"): the {result, usage} reveal, the gross from reported units ×
// each paid runner's rates with every count capped at twice the paid runners' median, bounded by the escrow; a whole
// usage-priced job settles on the inner result and refunds the rest of the escrow.
import { type CborValue, encodeCbor, equalBytes } from "@cowboy/codec";
import { describe, expect, it } from "vitest";
import { encodeCapabilities } from "../../src/capabilities.js";
import { getJob, type JobRecord } from "../../src/job.js";
import { TREASURY_ADDRESS } from "../../src/market.js";
import { ackJob, commitJob, commitmentOf, revealJob } from "../../src/phases.js";
import { postJob } from "../../src/post.js";
import { registerRunner } from "../../src/runner.js";
import { processJobs } from "../../src/step.js";
import { getRunner, reputationAt } from "../../src/runner.js";
import { openUsageOutput, usageAnomalies, usageGross, usageOutput } from "../../src/usage.js";
import { CBY, World, addr, declaration, httpRequest } from "../utils/fixture.js";

const price = (p: bigint): CborValue => new Map<CborValue, CborValue>([["price", p]]);
const card = (entries: [string, bigint][]) => new Map(entries);

describe("usage reporting", () => {
  it("a reveal is canonical {result, usage} with named non-negative counts", () => {
    const out = usageOutput(price(42n), new Map([["requests", 1n]]));
    expect(openUsageOutput(out)).toEqual({ result: encodeCbor(price(42n)), usage: new Map([["requests", 1n]]) });
    expect(openUsageOutput(encodeCbor(price(42n)))).toBeNull();
    expect(openUsageOutput(usageOutput(price(1n), new Map([["Bad Unit", 1n]])))).toBeNull();
    expect(
      openUsageOutput(
        encodeCbor(
          new Map<CborValue, CborValue>([
            ["result", 1n],
            ["usage", new Map<CborValue, CborValue>([["x", -1n]])],
          ]),
        ),
      ),
    ).toBeNull();
  });

  it("gross = Σ rate × min(count, 2 × median), at most the escrow; an unpriced unit is free", () => {
    const tokens = (n: bigint) => new Map([["tokens", n]]);
    const paid = [
      { rateCard: card([["tokens", 2n]]), usage: tokens(100n) },
      { rateCard: card([["tokens", 2n]]), usage: tokens(120n) },
      // Reports 1,000: capped at 2 × 120 (the lower median of 100, 120, 1000).
      { rateCard: card([["tokens", 2n]]), usage: tokens(1_000n) },
    ];
    expect(usageGross(10_000n, paid)).toBe(2n * (100n + 120n + 240n));
    expect(usageGross(500n, paid)).toBe(500n);
    expect(
      usageGross(10_000n, [
        { rateCard: undefined, usage: tokens(5n) },
        { rateCard: card([["other", 9n]]), usage: tokens(5n) },
      ]),
    ).toBe(0n);
  });
});

describe("usage anomalies", () => {
  it("flag a report with any count above 2 × the lower median of its unit, in report order", () => {
    const t = (n: bigint) => new Map([["tokens", n]]);
    expect(usageAnomalies([t(100n), t(120n), t(1_000n)])).toEqual([2]);
    // Exactly twice the median is within the cap; one more is not.
    expect(usageAnomalies([t(10n), t(10n), t(20n)])).toEqual([]);
    expect(usageAnomalies([t(10n), t(10n), t(21n)])).toEqual([2]);
    // Per unit: caps a = 2 × 1, b = 2 × 1.
    const ab = (a: bigint, b: bigint) =>
      new Map([
        ["a", a],
        ["b", b],
      ]);
    expect(usageAnomalies([ab(1n, 100n), ab(1n, 1n), ab(3n, 1n)])).toEqual([0, 2]);
    // A unit only one runner reports is capped at twice itself.
    expect(usageAnomalies([new Map([["solo", 7n]]), t(1n)])).toEqual([]);
  });
});

/** Three runners at 0.1 CBY per request, a usage-priced job of 10 CBY posted and its committee drawn. */
function drawnUsageJob() {
  const w = new World();
  const poster = addr(200);
  w.fund(poster, 1_000n * CBY);
  const caps = encodeCapabilities({ provides: ["net.http"], jobKinds: ["http"], rateCard: new Map([["requests", CBY / 10n]]) });
  for (const i of [1, 2, 3]) {
    w.fund(addr(i), 1_000n * CBY);
    registerRunner(w.ctx(), addr(i), 200n * CBY, { ...declaration(), capabilities: caps });
  }
  const job = postJob(w.ctx(), { poster, posterIsActor: true, request: httpRequest({ pricing: "usage" }), maxPrice: 10n * CBY });
  for (let i = 0; i < 5 && getJob(w.state, job.id)!.status === "pending"; i++) {
    w.height++;
    processJobs(w.ctx());
  }
  return { w, poster, job, drawn: getJob(w.state, job.id)! };
}

/** Every member acks, commits and reveals its output; then the reveal phase ends. */
function revealAll(w: World, drawn: JobRecord, outs: Uint8Array[]): void {
  for (const m of drawn.committee) ackJob(w.ctx(), m, drawn.id);
  for (const [i, m] of drawn.committee.entries()) commitJob(w.ctx(), m, drawn.id, commitmentOf(outs[i]!, new Uint8Array(32).fill(i + 1)));
  for (const [i, m] of drawn.committee.entries()) revealJob(w.ctx(), m, drawn.id, outs[i]!, new Uint8Array(32).fill(i + 1));
  processJobs(w.ctx());
}

describe("a usage-priced job", () => {
  it("settles on the inner result, pays the reported usage × rates, refunds the rest", () => {
    const { w, poster, job, drawn } = drawnUsageJob();
    expect(job.pricing).toBe("usage");
    // Two requests each for two members; the third reveals a bare result (not {result, usage}): schema_violation.
    const outs = drawn.committee.map((_, i) => (i === 2 ? encodeCbor(price(42n)) : usageOutput(price(42n), new Map([["requests", 2n]]))));
    revealAll(w, drawn, outs);
    const verified = getJob(w.state, job.id)!;
    expect(verified.failures).toEqual([{ runner: drawn.committee[2], reason: "schema_violation" }]);
    expect(equalBytes(verified.result!, encodeCbor(price(42n)))).toBe(true);
    const before = w.balance(poster);
    w.height += 5n;
    const [delivery] = processJobs(w.ctx());
    expect(delivery!.status).toBe("ok");
    expect(equalBytes(delivery!.result!, encodeCbor(price(42n)))).toBe(true);
    // Gross = 2 runners × 2 requests × 0.1 CBY = 0.4 CBY; the other 9.6 CBY of the escrow come back.
    const gross = (4n * CBY) / 10n;
    expect(w.balance(poster) - before).toBe(10n * CBY - gross);
    expect(w.balance(TREASURY_ADDRESS)).toBe(gross / 100n);
  });
});

describe("a usage-priced job with an over-report", () => {
  it("pays the over-reporter its capped usage, penalises it instead of rewarding it, and records it", () => {
    const { w, poster, job, drawn } = drawnUsageJob();
    // Counts 2, 9, 2: the cap is 2 × 2 = 4, so the second member over-reported.
    const counts = [2n, 9n, 2n];
    const outs = counts.map((n) => usageOutput(price(42n), new Map([["requests", n]])));
    revealAll(w, drawn, outs);
    expect(getJob(w.state, job.id)!.usageAnomalies).toEqual([]);
    const before = w.balance(poster);
    w.height += 5n;
    processJobs(w.ctx());
    const done = getJob(w.state, job.id)!;
    expect(done.status).toBe("settled");
    expect(done.usageAnomalies).toEqual([drawn.committee[1]]);
    // Gross = (2 + 4 + 2) requests × 0.1 CBY = 0.8 CBY: the 9 counts as 4.
    expect(w.balance(poster) - before).toBe(10n * CBY - (8n * CBY) / 10n);
    const rep = (i: number) => reputationAt(w.config, getRunner(w.state, drawn.committee[i]!)!, w.height);
    // Neutral 500,000: rewarded by 5% of the distance to 1.0 → 525,000; penalised by 20% → 400,000.
    expect([rep(0), rep(1), rep(2)]).toEqual([525_000n, 400_000n, 525_000n]);
    expect(getRunner(w.state, drawn.committee[1]!)!.jobsPaid).toBe(1n);
    expect(getRunner(w.state, drawn.committee[1]!)!.jobsFailed).toBe(0n);
  });
});
