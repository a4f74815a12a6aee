import { encodeCbor, equalBytes, type CborValue } from "@cowboy/codec";
import { describe, expect, it } from "vitest";
import { getJob } from "../../src/job.js";
import { TREASURY_ADDRESS } from "../../src/market.js";
import { ackJob, commitJob, commitmentOf, revealJob } from "../../src/phases.js";
import { postJob } from "../../src/post.js";
import { getRunner, registerRunner, RUNNER_REGISTRY_ADDRESS } from "../../src/runner.js";
import { processJobs } from "../../src/step.js";
import { CBY, World, addr, declaration, httpRequest } from "../utils/fixture.js";

const out = (price: bigint): Uint8Array => encodeCbor(new Map<CborValue, CborValue>([["price", price]]));
const salt = (n: number): Uint8Array => new Uint8Array(32).fill(n);

function setup(runners = 3) {
  const w = new World();
  const poster = addr(200);
  w.fund(poster, 1_000n * CBY);
  const rs = Array.from({ length: runners }, (_, i) => addr(i + 1));
  for (const r of rs) {
    w.fund(r, 1_000n * CBY);
    registerRunner(w.ctx(), r, 200n * CBY, declaration());
  }
  return { w, poster, rs };
}

function runToSelection(w: World, id: Uint8Array) {
  for (let i = 0; i < 5 && getJob(w.state, id)!.status === "pending"; i++) {
    w.height++;
    processJobs(w.ctx());
  }
  return getJob(w.state, id)!;
}

describe("a job's lifecycle", () => {
  it("escrows, selects from the named round, commits, reveals and settles 89/10/1 with the aggregator bonus", () => {
    const { w, poster, rs } = setup();
    const before = w.total();
    const job = postJob(w.ctx(), { poster, posterIsActor: true, request: httpRequest(), maxPrice: 10n * CBY });
    expect(job.status).toBe("pending");
    expect(job.selectionRound).toBe(w.height + 2n);
    expect(w.balance(poster)).toBe(990n * CBY);
    const selected = runToSelection(w, job.id);
    expect(selected.status).toBe("selected");
    expect(selected.committee).toHaveLength(3);
    expect(selected.quorumNeeded).toBe(2n);
    for (const m of selected.committee) ackJob(w.ctx(), m, job.id);
    expect(getJob(w.state, job.id)!.status).toBe("committing");
    selected.committee.forEach((m, i) => {
      commitJob(w.ctx(), m, job.id, commitmentOf(out(42n), salt(i)));
    });
    expect(getJob(w.state, job.id)!.status).toBe("revealing");
    selected.committee.forEach((m, i) => {
      expect(revealJob(w.ctx(), m, job.id, out(42n), salt(i))).toBe(true);
    });
    processJobs(w.ctx());
    expect(getJob(w.state, job.id)!.status).toBe("challenge");
    w.height += 4n;
    const deliveries = processJobs(w.ctx());
    const done = getJob(w.state, job.id)!;
    expect(done.status).toBe("settled");
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]!.status).toBe("ok");
    expect(equalBytes(deliveries[0]!.result!, out(42n))).toBe(true);
    expect(w.burned).toBe(1n * CBY);
    expect(w.balance(TREASURY_ADDRESS)).toBe(CBY / 10n);
    const earned = rs.map((r) => w.balance(r) - 800n * CBY);
    expect(earned.reduce((a, b) => a + b, 0n)).toBe((89n * CBY) / 10n);
    const agg = rs.findIndex((r) => equalBytes(r, done.aggregator!));
    const bonus = (10n * CBY * 150n) / 10_000n;
    const each = ((89n * CBY) / 10n - bonus) / 3n;
    expect(earned[agg]).toBe(each + bonus + ((89n * CBY) / 10n - bonus - each * 3n));
    expect(w.total()).toBe(before);
    for (const r of rs) expect(getRunner(w.state, r)!.openJobs).toBe(0n);
  });

  it("slashes a reveal that does not open its commitment and still settles on the quorum", () => {
    const { w, poster, rs } = setup();
    const job = postJob(w.ctx(), { poster, posterIsActor: false, request: httpRequest(), maxPrice: 10n * CBY });
    const s = runToSelection(w, job.id);
    s.committee.forEach((m, i) => {
      commitJob(w.ctx(), m, job.id, commitmentOf(out(42n), salt(i)));
    });
    const liar = s.committee[2]!;
    expect(revealJob(w.ctx(), s.committee[0]!, job.id, out(42n), salt(0))).toBe(true);
    expect(revealJob(w.ctx(), s.committee[1]!, job.id, out(42n), salt(1))).toBe(true);
    expect(revealJob(w.ctx(), liar, job.id, out(41n), salt(2))).toBe(false);
    const r = getRunner(w.state, liar)!;
    expect(r.stake).toBe(150n * CBY);
    expect(r.slashed).toBe(50n * CBY);
    expect(w.balance(RUNNER_REGISTRY_ADDRESS)).toBe(550n * CBY);
    processJobs(w.ctx());
    w.height += 4n;
    processJobs(w.ctx());
    const done = getJob(w.state, job.id)!;
    expect(done.status).toBe("settled");
    expect(done.paid).toHaveLength(2);
    expect(done.failures.map((f) => f.reason)).toEqual(["dishonest"]);
    expect(rs.length).toBe(3);
  });

  it("refunds the whole escrow when nobody is eligible", () => {
    const { w, poster } = setup(0);
    const job = postJob(w.ctx(), { poster, posterIsActor: true, request: httpRequest(), maxPrice: 10n * CBY });
    const s = runToSelection(w, job.id);
    expect(s.status).toBe("refunded");
    expect(w.balance(poster)).toBe(1_000n * CBY);
  });
});
