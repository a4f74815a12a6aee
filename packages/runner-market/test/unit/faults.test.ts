// Impossible jobs and external faults (cips/runner-market.md "Faults"): a quorum of one fault class pays the reporters
// pro-rata for their progress (rate card × count, capped at 2 × the lower median, at most escrow − tip) split 89/10/1,
// refunds the rest, and tells the continuation "failed"; without such a quorum it stays a runner fault (100% back); a
// fault report beside a result quorum is a non-delivery.
import { encodeCbor, equalBytes, type CborValue } from "@cowboy/codec";
import { addressFromPrivateKey, keccak256, secp256k1 } from "@cowboy/crypto";
import { describe, expect, it } from "vitest";
import { encodeCapabilities } from "../../src/capabilities.js";
import { faultReportOutput, openFaultReport } from "../../src/fault.js";
import { getJob } from "../../src/job.js";
import { TREASURY_ADDRESS } from "../../src/market.js";
import { ackJob, challengeJob, commitJob, commitmentOf, outputStatementHash, revealJob } from "../../src/phases.js";
import { postJob } from "../../src/post.js";
import { getRunner, registerRunner } from "../../src/runner.js";
import { processJobs } from "../../src/step.js";
import { CBY, World, addr, declaration, httpRequest } from "../utils/fixture.js";

const ATTEMPT = CBY / 100n; // 0.01 CBY per http.attempt
const ext = (n: bigint): Uint8Array => faultReportOutput({ fault: "external", progress: new Map([["http.attempt", n]]), detail: "connect ECONNREFUSED" });
const imp = (): Uint8Array => faultReportOutput({ fault: "impossible", progress: new Map([["http.attempt", 1n]]) });
const price = encodeCbor(new Map<CborValue, CborValue>([["price", 42n]]));

/**
 * Three runners priced per attempt (and per `http` job when `kindRate` is given); a job (max_price 2 CBY, `extra`
 * request keys) drawn and revealed with `outputs`.
 */
function run(
  outputs: (Uint8Array | null)[],
  extra: Record<string, CborValue> = {},
  runners: Uint8Array[] = [1, 2, 3].map(addr),
  duringWindow?: (w: World, id: Uint8Array) => void,
  kindRate?: bigint,
) {
  const w = new World();
  const poster = addr(200);
  w.fund(poster, 100n * CBY);
  const caps = encodeCapabilities({
    provides: ["net.http"],
    jobKinds: ["http"],
    rateCard: new Map([["http.attempt", ATTEMPT], ...(kindRate === undefined ? [] : [["http", kindRate] as const])]),
  });
  for (const r of runners) {
    w.fund(r, 1_000n * CBY);
    registerRunner(w.ctx(), r, 200n * CBY, { ...declaration(), capabilities: caps });
  }
  const job = postJob(w.ctx(), { poster, posterIsActor: true, request: httpRequest(extra), maxPrice: 2n * CBY });
  for (let i = 0; i < 5 && getJob(w.state, job.id)!.status === "pending"; i++) {
    w.height++;
    processJobs(w.ctx());
  }
  const drawn = getJob(w.state, job.id)!;
  expect(drawn.committee).toHaveLength(3);
  const salt = (i: number) => new Uint8Array(32).fill(i + 1);
  for (const m of drawn.committee) ackJob(w.ctx(), m, job.id);
  for (const [i, m] of drawn.committee.entries()) if (outputs[i] !== null) commitJob(w.ctx(), m, job.id, commitmentOf(outputs[i]!, salt(i)));
  if (outputs.includes(null)) {
    w.height += 6n; // past the commit deadline: the reveal phase opens without the silent member
    processJobs(w.ctx());
  }
  for (const [i, m] of drawn.committee.entries()) if (outputs[i] !== null) revealJob(w.ctx(), m, job.id, outputs[i]!, salt(i));
  const reputations = drawn.committee.map((m) => getRunner(w.state, m)!.reputation);
  const balances = drawn.committee.map((m) => w.balance(m));
  const posterBefore = w.balance(poster);
  const total = w.total();
  const deliveries = [...processJobs(w.ctx())];
  expect(w.total()).toBe(total); // nothing minted or lost
  const verified = getJob(w.state, job.id)!;
  duringWindow?.(w, job.id);
  const windowTotal = w.total();
  w.height += 10n; // past the challenge window
  deliveries.push(...processJobs(w.ctx()));
  expect(w.total()).toBe(windowTotal);
  return { w, poster, job: getJob(w.state, job.id)!, verified, committee: drawn.committee, deliveries, reputations, balances, posterBefore };
}

describe("fault reports", () => {
  it("a report is canonical {fault, progress, detail?}; anything else is an ordinary output", () => {
    expect(openFaultReport(ext(1n))).toEqual({ fault: "external", progress: new Map([["http.attempt", 1n]]), detail: "connect ECONNREFUSED" });
    expect(openFaultReport(imp())).toEqual({ fault: "impossible", progress: new Map([["http.attempt", 1n]]) });
    const m = (entries: [string, CborValue][]) => encodeCbor(new Map<CborValue, CborValue>(entries));
    expect(
      openFaultReport(
        m([
          ["fault", "lazy"],
          ["progress", new Map()],
        ]),
      ),
    ).toBeNull();
    expect(
      openFaultReport(
        m([
          ["fault", "external"],
          ["progress", new Map<CborValue, CborValue>([["Bad Unit", 1n]])],
        ]),
      ),
    ).toBeNull();
    expect(
      openFaultReport(
        m([
          ["fault", "external"],
          ["progress", new Map<CborValue, CborValue>([["x", -1n]])],
        ]),
      ),
    ).toBeNull();
    expect(
      openFaultReport(
        m([
          ["fault", "external"],
          ["progress", new Map()],
          ["price", 1n],
        ]),
      ),
    ).toBeNull();
    expect(openFaultReport(price)).toBeNull();
    // detail is cut to 256 UTF-8 bytes on a code-point boundary
    const long = faultReportOutput({ fault: "external", progress: new Map(), detail: "é".repeat(200) });
    expect(openFaultReport(long)!.detail).toBe("é".repeat(128));
  });
});

describe("a job whose committee reports a fault", () => {
  it("a quorum of one class: paid pro-rata, 89/10/1, the rest (tip included) refunded, the continuation told failed", () => {
    // Two report an external fault (one attempt each); the third, an impossible one. Tip 0.5 CBY.
    const r = run([ext(1n), ext(1n), imp()], { tip: CBY / 2n });
    expect(r.verified).toMatchObject({ status: "challenge", fault: "external", result: null });
    expect(r.job.status).toBe("failed");
    expect(r.job.fault).toBe("external");
    expect(r.job.paid).toEqual(r.committee.slice(0, 2));
    expect(r.job.failures).toEqual([]);
    const gross = 2n * ATTEMPT;
    const burned = gross / 10n;
    const treasury = gross / 100n;
    expect(r.w.balance(r.poster) - r.posterBefore).toBe(2n * CBY - gross);
    expect(r.w.balance(TREASURY_ADDRESS)).toBe(treasury);
    const share = gross - burned - treasury;
    const bonus = r.job.aggregator !== null && r.job.paid.some((p) => p.every((b, i) => b === r.job.aggregator![i])) ? (gross * 150n) / 10_000n : 0n;
    const gains = r.committee.map((m, i) => r.w.balance(m) - r.balances[i]!);
    expect(gains[0]! + gains[1]!).toBe(share);
    expect(gains[2]).toBe(0n);
    expect([gains[0]! - (share - bonus) / 2n, gains[1]! - (share - bonus) / 2n].sort()).toEqual([0n, bonus + ((share - bonus) % 2n)].sort());
    // No reputation change either way: they delivered nothing, and did nothing wrong.
    expect(r.committee.map((m) => getRunner(r.w.state, m)!.reputation)).toEqual(r.reputations);
    expect(r.deliveries).toEqual([{ jobId: r.job.id, poster: r.poster, callback: "on_price", status: "failed", result: null }]);
  });

  it("progress above 2 × the lower median is capped", () => {
    const r = run([ext(1n), ext(1n), ext(50n)]);
    expect(r.job).toMatchObject({ status: "failed", fault: "external" });
    expect(r.job.paid).toEqual(r.committee);
    const gross = (1n + 1n + 2n) * ATTEMPT;
    expect(r.w.balance(r.poster) - r.posterBefore).toBe(2n * CBY - gross);
    expect(r.w.balance(TREASURY_ADDRESS)).toBe(gross / 100n);
  });

  it("a fixed-price job's fault never pays more than its result would have (Σ rate_card[kind] of the reporters)", () => {
    // Every card prices the job 0.05 CBY; the reporters claim 1,000 attempts each (10 CBY at their per-attempt rate).
    const kindRate = CBY / 20n;
    const r = run([ext(1_000n), ext(1_000n), ext(1_000n)], {}, undefined, undefined, kindRate);
    expect(r.job).toMatchObject({ status: "failed", fault: "external" });
    const gross = 3n * kindRate;
    expect(r.w.balance(r.poster) - r.posterBefore).toBe(2n * CBY - gross);
    expect(r.w.balance(TREASURY_ADDRESS)).toBe(gross / 100n);
    // Progress worth less than the price is paid as it is.
    const small = run([ext(1n), ext(1n), ext(1n)], {}, undefined, undefined, kindRate);
    expect(small.w.balance(small.poster) - small.posterBefore).toBe(2n * CBY - 3n * ATTEMPT);
  });

  it("no class reaches the quorum: a runner fault, 100% refunded", () => {
    const r = run([ext(1n), imp(), null]);
    expect(r.job).toMatchObject({ status: "failed", fault: null, paid: [] });
    expect(r.w.balance(r.poster) - r.posterBefore).toBe(2n * CBY);
    expect(r.w.balance(TREASURY_ADDRESS)).toBe(0n);
    expect(r.deliveries.map((d) => d.status)).toEqual(["failed"]);
  });

  it("semantic_similarity: too few outputs to aggregate, but a quorum of one fault: paid pro-rata", () => {
    const r = run([ext(1n), ext(1n), price], { verification: "semantic_similarity" });
    expect(r.job).toMatchObject({ status: "failed", fault: "external", aggregate: null });
    expect(r.job.paid).toEqual(r.committee.slice(0, 2));
    expect(r.w.balance(r.poster) - r.posterBefore).toBe(2n * CBY - 2n * ATTEMPT);
    expect(r.deliveries.map((d) => d.status)).toEqual(["failed"]);
  });

  it("an upheld challenge against a paid reporter re-runs the verdict: no quorum left, 100% refunded", () => {
    const keys = [1, 2, 3].map((i) => keccak256(new TextEncoder().encode(`fault-runner-${i}`)));
    const runners = keys.map((k) => addressFromPrivateKey(k));
    const challenger = addr(201);
    let accused: Uint8Array | undefined;
    const r = run([ext(1n), ext(1n), imp()], {}, runners, (w, id) => {
      const job = getJob(w.state, id)!;
      accused = job.paid[0]!;
      const key = keys[runners.findIndex((a) => equalBytes(a, accused!))]!;
      // The accused also signed another output for this job: it stood by two answers.
      const evidence = encodeCbor([price, secp256k1.sign(outputStatementHash(id, price), key)]);
      w.fund(challenger, 20n * CBY);
      expect(challengeJob(w.ctx(), challenger, id, accused, evidence).upheld).toBe(true);
    });
    expect(r.verified.fault).toBe("external");
    expect(r.job).toMatchObject({ status: "failed", fault: null, paid: [] });
    expect(r.job.failures).toEqual([{ runner: accused, reason: "challenged" }]);
    expect(r.w.balance(r.poster) - r.posterBefore).toBe(2n * CBY);
    expect(r.w.balance(TREASURY_ADDRESS)).toBe(0n);
    // Slashed 25% of the stake it had (non_reveal_slash_bps).
    const after = getRunner(r.w.state, accused!)!;
    expect(after.slashed).toBeGreaterThan(0n);
    expect(after.slashed).toBe(((after.stake + after.slashed) * 2_500n) / 10_000n);
  });

  it("a fault report beside a result quorum is a non-delivery; the job settles on the result", () => {
    const r = run([price, ext(1n), price]);
    expect(r.job.status).toBe("settled");
    expect(r.job.fault).toBeNull();
    expect(r.job.failures).toEqual([{ runner: r.committee[1], reason: "faulted" }]);
    expect(getRunner(r.w.state, r.committee[1]!)!.reputation).toBeLessThan(r.reputations[1]!);
    expect(r.deliveries.map((d) => d.status)).toEqual(["ok"]);
  });
});
