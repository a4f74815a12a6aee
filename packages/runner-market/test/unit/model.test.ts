// Model-based test of the job state machine (cips/runner-market.md "State machine"): random sequences of acks,
// commits (of the majority or a minority output), reveals (honest or not opening the commitment) and block advances
// run against the package and against a plain model written from the CIP; after every step the outcome (ok or the
// error code) and the job's status agree, and money is conserved: balances + burned never change, 0x02 holds exactly
// the escrow of the open job, and a settled job paid burn + treasury + runners = its price.
import { encodeCbor, equalBytes, type CborValue } from "@cowboy/codec";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RunnerMarketError } from "../../src/errors.js";
import { getJob, JOB_DISPATCHER_ADDRESS, type JobRecord } from "../../src/job.js";
import { TREASURY_ADDRESS } from "../../src/market.js";
import { ackJob, commitJob, commitmentOf, revealJob } from "../../src/phases.js";
import { postJob } from "../../src/post.js";
import { getRunner, registerRunner } from "../../src/runner.js";
import { processJobs } from "../../src/step.js";
import { CBY, World, addr, declaration, httpRequest } from "../utils/fixture.js";

type Action = { kind: "ack" | "commit" | "reveal" | "advance"; who: number; minority: boolean; lie: boolean };
const action: fc.Arbitrary<Action> = fc.record({
  kind: fc.constantFrom("ack", "commit", "commit", "reveal", "reveal", "reveal", "advance", "advance"),
  who: fc.integer({ min: 0, max: 2 }),
  minority: fc.integer({ min: 0, max: 3 }).map((n) => n === 0),
  lie: fc.integer({ min: 0, max: 5 }).map((n) => n === 0),
});

const out = (price: bigint): Uint8Array => encodeCbor(new Map<CborValue, CborValue>([["price", price]]));
const PRICE = 10n * CBY;

/** The job as the CIP describes it, with only what the rules need. */
class Model {
  status: JobRecord["status"] = "pending";
  endsAt: bigint;
  acks = new Set<number>();
  commits = new Map<number, boolean>(); // member → committed the minority output
  revealed = new Set<number>();
  dishonest = new Set<number>();
  constructor(
    readonly posted: bigint,
    readonly cfg = new World().config,
  ) {
    this.endsAt = posted + this.cfg.selectionTimeout;
  }

  ack(m: number): string {
    if (this.status !== "selected") return "WRONG_PHASE";
    if (this.acks.has(m)) return "DUPLICATE";
    this.acks.add(m);
    if (this.acks.size === 3) [this.status, this.endsAt] = ["committing", this.h + this.cfg.commitBlocks];
    return "ok";
  }
  commit(m: number, minority: boolean): string {
    if (this.status !== "selected" && this.status !== "committing") return "WRONG_PHASE";
    if (this.commits.has(m)) return "DUPLICATE";
    this.acks.add(m);
    this.commits.set(m, minority);
    if (this.commits.size === 3) [this.status, this.endsAt] = ["revealing", this.h + this.cfg.revealBlocks];
    else if (this.status === "selected" && this.acks.size === 3) [this.status, this.endsAt] = ["committing", this.h + this.cfg.commitBlocks];
    return "ok";
  }
  reveal(m: number, lie: boolean): string {
    if (this.status !== "revealing") return "WRONG_PHASE";
    if (!this.commits.has(m)) return "WRONG_PHASE";
    if (this.revealed.has(m) || this.dishonest.has(m)) return "DUPLICATE";
    if (lie) this.dishonest.add(m);
    else this.revealed.add(m);
    if (this.revealed.size + this.dishonest.size === this.commits.size) this.endsAt = this.h;
    return "ok";
  }
  h = 0n;
  step(): void {
    const due = this.h >= this.endsAt;
    switch (this.status) {
      case "pending":
        if (this.h - 1n >= this.posted + this.cfg.selectionDelayRounds) [this.status, this.endsAt] = ["selected", this.h + this.cfg.ackBlocks];
        else if (due) this.status = "refunded";
        return;
      case "selected":
        if (!due) return;
        if (this.acks.size < 2) this.status = "timeout";
        else [this.status, this.endsAt] = ["committing", this.h + this.cfg.commitBlocks];
        return;
      case "committing":
        if (!due) return;
        if (this.commits.size < 2) this.status = "timeout";
        else [this.status, this.endsAt] = ["revealing", this.h + this.cfg.revealBlocks];
        return;
      case "revealing": {
        if (!due) return;
        const missed = [...this.commits.keys()].filter((m) => !this.revealed.has(m) && !this.dishonest.has(m)).length;
        const votes = [...this.revealed].map((m) => this.commits.get(m)!);
        const major = votes.filter((v) => !v).length;
        const minor = votes.length - major;
        const best = Math.max(major, minor);
        const ok = best >= 2 && major !== minor;
        if (!ok) this.status = missed > 0 && this.revealed.size < 2 ? "timeout" : "failed";
        else [this.status, this.endsAt] = ["challenge", this.h + this.cfg.challengeWindow];
        return;
      }
      case "challenge":
        if (due) this.status = "settled";
        return;
      default:
        return;
    }
  }
}

function outcome(f: () => unknown): string {
  try {
    f();
    return "ok";
  } catch (error) {
    if (error instanceof RunnerMarketError) return error.code;
    throw error;
  }
}

describe("the job state machine against its model", () => {
  it("agrees on every outcome and status, and conserves money", () => {
    const reached = new Set<string>();
    fc.assert(
      fc.property(fc.array(action, { minLength: 20, maxLength: 80 }), (actions) => {
        const w = new World();
        const poster = addr(200);
        w.fund(poster, 100n * CBY);
        const runners = [1, 2, 3].map(addr);
        for (const r of runners) {
          w.fund(r, 1_000n * CBY);
          registerRunner(w.ctx(), r, 200n * CBY, declaration());
        }
        const total = w.total();
        const id = postJob(w.ctx(), { poster, posterIsActor: false, request: httpRequest(), maxPrice: PRICE }).id;
        const model = new Model(w.height);
        model.h = w.height;
        const member = (i: number): Uint8Array => getJob(w.state, id)!.committee[i] ?? runners[i]!;
        for (const a of actions) {
          const who = member(a.who);
          const m = runners.findIndex((r) => equalBytes(r, who));
          const inCommittee = getJob(w.state, id)!.committee.length > 0;
          let got: string;
          let want: string;
          switch (a.kind) {
            case "ack":
              got = outcome(() => ackJob(w.ctx(), who, id));
              want = model.ack(m);
              break;
            case "commit":
              got = outcome(() => commitJob(w.ctx(), who, id, commitmentOf(out(a.minority ? 41n : 42n), Uint8Array.of(m))));
              want = model.commit(m, a.minority);
              break;
            case "reveal":
              got = outcome(() => revealJob(w.ctx(), who, id, out(model.commits.get(m) ? 41n : 42n), Uint8Array.of(a.lie ? 99 : m)));
              want = model.reveal(m, a.lie);
              break;
            default:
              w.height++;
              model.h = w.height;
              processJobs(w.ctx());
              model.step();
              got = want = "ok";
          }
          // Before selection no committee exists: a phase instruction finds the wrong phase first.
          if (!inCommittee && a.kind !== "advance") expect(got).toBe("WRONG_PHASE");
          else expect(got).toBe(want);
          const job = getJob(w.state, id)!;
          expect(job.status).toBe(model.status);
          expect(w.total()).toBe(total);
          const final = ["settled", "failed", "timeout", "refunded"].includes(job.status);
          expect(w.balance(JOB_DISPATCHER_ADDRESS)).toBe(final ? 0n : PRICE);
          for (const r of runners) expect(getRunner(w.state, r)!.openJobs).toBe(final || job.committee.length === 0 ? 0n : 1n);
          if (job.status === "settled") {
            const paid = job.paid.reduce((s, r) => s + w.balance(r) - (1_000n * CBY - 200n * CBY), 0n);
            // Burned: the 10% and any slashed stake.
            expect(w.burned).toBeGreaterThanOrEqual(PRICE / 10n);
            expect(paid + w.balance(TREASURY_ADDRESS) + PRICE / 10n).toBe(PRICE);
            expect(job.paid.length).toBeGreaterThanOrEqual(2);
          }
          if (["refunded", "timeout", "failed"].includes(job.status)) expect(w.balance(poster)).toBe(100n * CBY);
          reached.add(job.status);
        }
      }),
      { numRuns: 200 },
    );
    // The runs reach every phase and every ending a committee of three can reach.
    for (const s of ["selected", "committing", "revealing", "challenge", "settled", "failed", "timeout"]) expect(reached).toContain(s);
  });
});
