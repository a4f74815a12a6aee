// Rate-card pricing (cips/runner-market.md "Pricing"): a settled job pays min(Σ paid runners' rate_card[kind],
// max_price) split 89/10/1, and the rest of the escrow goes back to the poster; without a rate for the kind the job
// pays its max_price.
import { encodeCbor, type CborValue } from "@cowboy/codec";
import { describe, expect, it } from "vitest";
import { encodeCapabilities } from "../../src/capabilities.js";
import { getJob } from "../../src/job.js";
import { TREASURY_ADDRESS } from "../../src/market.js";
import { ackJob, commitJob, commitmentOf, revealJob } from "../../src/phases.js";
import { postJob } from "../../src/post.js";
import { jobGross } from "../../src/pricing.js";
import { splitPayment } from "../../src/settlement.js";
import { createRunnerMarketConfig } from "../../src/config.js";
import { registerRunner } from "../../src/runner.js";
import { processJobs } from "../../src/step.js";
import { CBY, World, addr, declaration, httpRequest } from "../utils/fixture.js";

const out = encodeCbor(new Map<CborValue, CborValue>([["price", 42n]]));
const salt = (n: number): Uint8Array => new Uint8Array(32).fill(n);
const caps = (rate?: bigint) =>
  encodeCapabilities({ provides: ["net.http"], jobKinds: ["http"], models: [], ...(rate === undefined ? {} : { rateCard: new Map([["http", rate]]) }) });

/** Posts one http job (max_price 10 CBY, optionally a tip) on three runners with the given rates and runs it to settlement. */
function settleWithRates(rates: (bigint | undefined)[], tip?: bigint) {
  const w = new World();
  const poster = addr(200);
  w.fund(poster, 1_000n * CBY);
  const rs = rates.map((_, i) => addr(i + 1));
  rs.forEach((r, i) => {
    w.fund(r, 1_000n * CBY);
    registerRunner(w.ctx(), r, 200n * CBY, { ...declaration(), capabilities: caps(rates[i]) });
  });
  const before = w.total();
  const job = postJob(w.ctx(), { poster, posterIsActor: true, request: httpRequest(tip === undefined ? {} : { tip }), maxPrice: 10n * CBY });
  for (let i = 0; i < 5 && getJob(w.state, job.id)!.status === "pending"; i++) {
    w.height++;
    processJobs(w.ctx());
  }
  const committee = getJob(w.state, job.id)!.committee;
  for (const m of committee) ackJob(w.ctx(), m, job.id);
  committee.forEach((m, i) => {
    commitJob(w.ctx(), m, job.id, commitmentOf(out, salt(i)));
  });
  committee.forEach((m, i) => {
    expect(revealJob(w.ctx(), m, job.id, out, salt(i))).toBe(true);
  });
  processJobs(w.ctx());
  w.height += 4n;
  processJobs(w.ctx());
  expect(getJob(w.state, job.id)!.status).toBe("settled");
  expect(w.total()).toBe(before);
  const earned = rs.map((r) => w.balance(r) - 800n * CBY).reduce((a, b) => a + b, 0n);
  return { w, poster, earned, rs, job: getJob(w.state, job.id)! };
}

describe("rate cards", () => {
  it("jobGross: the sum of the rates up to the escrow; the escrow when any rate is missing", () => {
    expect(jobGross(100n, [10n, 20n, 30n])).toBe(60n);
    expect(jobGross(100n, [50n, 60n])).toBe(100n);
    expect(jobGross(100n, [10n, undefined])).toBe(100n);
    expect(jobGross(100n, [])).toBe(100n);
    expect(jobGross(100n, [0n, 0n])).toBe(0n);
  });

  it("runners charging 1 CBY each: the job pays 3 CBY split 89/10/1 and 7 CBY go back to the poster", () => {
    const { w, poster, earned } = settleWithRates([CBY, CBY, CBY]);
    expect(w.balance(poster)).toBe(997n * CBY);
    expect(w.burned).toBe((3n * CBY) / 10n);
    expect(w.balance(TREASURY_ADDRESS)).toBe((3n * CBY) / 100n);
    expect(earned).toBe(3n * CBY - (3n * CBY) / 10n - (3n * CBY) / 100n);
  });

  it("rates above max_price are capped at it (no refund)", () => {
    const { w, poster, earned } = settleWithRates([5n * CBY, 5n * CBY, 5n * CBY]);
    expect(w.balance(poster)).toBe(990n * CBY);
    expect(earned).toBe((89n * CBY) / 10n);
  });

  it("a runner without a rate for the kind: the job pays its max_price, as before rate cards", () => {
    const { w, poster } = settleWithRates([CBY, undefined, CBY]);
    expect(w.balance(poster)).toBe(990n * CBY);
    expect(w.burned).toBe(CBY);
  });
});

describe('tips (the success row\'s "+ tip")', () => {
  it("a 0.3 CBY tip goes whole to the paid runners on top of the 89% of the price; the poster gets max_price − price − tip", () => {
    const tip = (3n * CBY) / 10n;
    const { w, poster, earned, job } = settleWithRates([CBY, CBY, CBY], tip);
    expect(job.tip).toBe(tip);
    expect(w.balance(poster)).toBe(1_000n * CBY - 3n * CBY - tip);
    expect(w.burned).toBe((3n * CBY) / 10n); // 10% of the price only
    expect(w.balance(TREASURY_ADDRESS)).toBe((3n * CBY) / 100n);
    expect(earned).toBe(3n * CBY - (3n * CBY) / 10n - (3n * CBY) / 100n + tip);
  });

  it("the price is capped at max_price − tip, so the poster never pays more than max_price", () => {
    const tip = 4n * CBY;
    const { w, poster, earned } = settleWithRates([5n * CBY, 5n * CBY, 5n * CBY], tip);
    expect(w.balance(poster)).toBe(990n * CBY);
    expect(w.burned).toBe((6n * CBY) / 10n);
    expect(earned).toBe(6n * CBY - (6n * CBY) / 10n - (6n * CBY) / 100n + tip);
  });

  it("splits a tip that does not divide evenly with the remainder to one runner, exactly", () => {
    const paid = [addr(1), addr(2), addr(3)];
    const split = splitPayment(createRunnerMarketConfig(), 1_000n, paid, null, 10n);
    expect(split.tip).toBe(10n);
    // Share 890 = 3 × 296 + 2, tip 10 = 3 × 3 + 1: the first paid runner also takes both remainders.
    expect(split.runners.map((r) => r.amount)).toEqual([296n + 3n + 2n + 1n, 296n + 3n, 296n + 3n]);
    expect(split.burned + split.treasury + split.runners.reduce((a, r) => a + r.amount, 0n)).toBe(1_010n);
  });

  it("refuses a tip above max_price or not a u64, and refunds the tip with the escrow on a runner fault", () => {
    const w = new World();
    const poster = addr(201);
    w.fund(poster, 100n * CBY);
    expect(() => postJob(w.ctx(), { poster, posterIsActor: false, request: httpRequest({ tip: 11n * CBY }), maxPrice: 10n * CBY })).toThrow(/tip .* exceeds max_price/);
    expect(() => httpRequest({ tip: -1n })).toThrow(/tip: a u64/);
    expect(() => httpRequest({ tip: "1cby" })).toThrow(/tip: a u64/);
    // Nobody registered: no eligible runner, the whole escrow (tip included) comes back.
    const job = postJob(w.ctx(), { poster, posterIsActor: false, request: httpRequest({ tip: CBY }), maxPrice: 10n * CBY });
    expect(w.balance(poster)).toBe(90n * CBY);
    for (let i = 0; i < 5 && getJob(w.state, job.id)!.status === "pending"; i++) {
      w.height++;
      processJobs(w.ctx());
    }
    expect(getJob(w.state, job.id)!.status).toBe("refunded");
    expect(w.balance(poster)).toBe(100n * CBY);
  });
});
