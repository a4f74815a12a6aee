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
import { registerRunner } from "../../src/runner.js";
import { processJobs } from "../../src/step.js";
import { CBY, World, addr, declaration, httpRequest } from "../utils/fixture.js";

const out = encodeCbor(new Map<CborValue, CborValue>([["price", 42n]]));
const salt = (n: number): Uint8Array => new Uint8Array(32).fill(n);
const caps = (rate?: bigint) =>
  encodeCapabilities({ provides: ["net.http"], jobKinds: ["http"], models: [], ...(rate === undefined ? {} : { rateCard: new Map([["http", rate]]) }) });

/** Posts one http job (max_price 10 CBY) on three runners with the given rates and runs it to settlement. */
function settleWithRates(rates: (bigint | undefined)[]) {
  const w = new World();
  const poster = addr(200);
  w.fund(poster, 1_000n * CBY);
  const rs = rates.map((_, i) => addr(i + 1));
  rs.forEach((r, i) => {
    w.fund(r, 1_000n * CBY);
    registerRunner(w.ctx(), r, 200n * CBY, { ...declaration(), capabilities: caps(rates[i]) });
  });
  const before = w.total();
  const job = postJob(w.ctx(), { poster, posterIsActor: true, request: httpRequest(), maxPrice: 10n * CBY });
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
  return { w, poster, earned };
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
