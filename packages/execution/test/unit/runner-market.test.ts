// The runner market inside the state transition (cips/runner-market.md), in process: an actor posts an http job with
// runner.submit, three registered runners (test code sending real signed transactions) acknowledge, commit and reveal,
// the jobs step verifies and settles, and the continuation stores the result; the variants of issue 22.
import { decodeCbor, encodeCbor, type CborValue } from "@cowboy/codec";
import { keccak256, secp256k1 } from "@cowboy/crypto";
import {
  TREASURY_ADDRESS,
  commitmentOf,
  createRunnerMarketConfig,
  encodeCapabilities,
  getJob,
  getRequires,
  getRunner,
  JOB_DISPATCHER_ADDRESS,
  outputStatementHash,
  splitPayment,
  type JobRecord,
} from "@cowboy/runner-market";
import { type Instruction, ReceiptStatus } from "@cowboy/types";
import { describe, expect, it } from "vitest";
import { ActorChain, CBY, text } from "../utils/chain.js";
import { addressOf, key, params as defaultParams } from "../utils/helpers.js";
import { deployFunded, registerRunners } from "../utils/market.js";

const market = createRunnerMarketConfig({
  stakeFloor: 100n * CBY,
  ackBlocks: 3n,
  commitBlocks: 4n,
  revealBlocks: 3n,
  challengeWindow: 3n,
  selectionDelayRounds: 2n,
  challengeBond: 10n * CBY,
});
const params = { ...defaultParams, runnerMarket: market };
const PRICE = 2n * CBY;
const RUNNERS = [1, 2, 3];

const FEED = `from cowboy_sdk import actor, runner, transfer, this

SCHEMA = {"type": "object", "properties": {"price": {"type": "integer"}}, "required": ["price"]}

@actor
class PriceFeed:
    def refresh(self, url, requires):
        job = runner.submit("http", {"method": "GET", "url": url}, result_schema=SCHEMA,
                            runners=3, quorum=2, verification="majority_vote",
                            max_price="2cby", allow_domains=["prices.example"], callback="on_price",
                            requires=requires)
        self.storage["job"] = job
        return job

    @runner.continuation
    def on_price(self, job_id, status, result):
        self.storage["seen"] = [job_id, status, result]

    def seen(self):
        return self.storage.get("seen")

    def drain(self, to):
        transfer(to, this.balance)

    def needs(self, names, inheritable):
        from cowboy_sdk.runner import require
        require(names, inheritable)

    def bad(self, url, schema):
        return runner.submit("http", {"method": "GET", "url": url}, result_schema=schema, max_price=1)
`;

const out = (price: CborValue): Uint8Array => encodeCbor(new Map<CborValue, CborValue>([["price", price]]));
const salt = (i: number): Uint8Array => new Uint8Array(32).fill(i);
const LIMITS = { cycles: 1_000_000n, cells: 100_000n };

interface Setup {
  readonly c: ActorChain;
  readonly feed: Uint8Array;
}

function setup(): Setup {
  const c = new ActorChain(params);
  const caps = encodeCapabilities({ provides: ["net.http"], jobKinds: ["http"] });
  registerRunners(c, RUNNERS, caps, LIMITS);
  return { c, feed: deployFunded(c, FEED, 100n * CBY) };
}

function submit(s: Setup, requires: string[] = []): Uint8Array {
  const [r] = s.c.block([s.c.callTx(0, s.feed, "refresh", ["https://prices.example/btc", requires])]);
  expect(r!.status, text(r!.return_data)).toBe(ReceiptStatus.Success);
  return decodeCbor(r!.return_data) as Uint8Array;
}

const job = (s: Setup, id: Uint8Array): JobRecord => getJob(s.c.store.fork(), id)!;
const indexOf = (a: Uint8Array): number => RUNNERS.find((i) => addressOf(i).every((b, k) => b === a[k]))!;

function until(s: Setup, id: Uint8Array, status: JobRecord["status"][], max = 12): JobRecord {
  for (let n = 0; n < max; n++) {
    const j = job(s, id);
    if (status.includes(j.status)) return j;
    s.c.block([]);
  }
  throw new Error(`job stayed ${job(s, id).status}`);
}

function send(s: Setup, txs: Array<[number, Instruction]>): void {
  const receipts = s.c.block(txs.map(([i, ins]) => s.c.tx(i, ins, LIMITS)));
  for (const r of receipts) expect(r.status, text(r.return_data)).toBe(ReceiptStatus.Success);
}

/** Selection, commits of `outputs[member]`, reveals (a member mapped to null does not reveal; `lie` reveals other bytes). */
function play(s: Setup, id: Uint8Array, outputs: (member: number) => Uint8Array | null, lie: Set<number> = new Set()): JobRecord {
  const j = until(s, id, ["selected"]);
  expect(j.committee).toHaveLength(3);
  const members = j.committee.map(indexOf);
  send(
    s,
    members.map((m) => [m, { type: "job_commit", jobId: id, commitment: commitmentOf(outputs(m) ?? out(0n), salt(m)) }]),
  );
  expect(job(s, id).status).toBe("revealing");
  send(
    s,
    members.filter((m) => outputs(m) !== null).map((m) => [m, { type: "job_reveal", jobId: id, output: lie.has(m) ? out(1n) : outputs(m)!, salt: salt(m) }]),
  );
  return job(s, id);
}

function seen(s: Setup): CborValue {
  const q = s.c.query(s.feed, "seen");
  expect(q.ok).toBe(true);
  return decodeCbor(q.data);
}

describe("the runner market in the state transition", () => {
  it("an http job: committee from the named round, commit, reveal, continuation with the result, 89/10/1", { timeout: 120_000 }, () => {
    const s = setup();
    const feedBefore = s.c.account(s.feed).balance;
    const id = submit(s);
    expect(s.c.account(s.feed).balance).toBe(feedBefore - PRICE);
    expect(s.c.account(JOB_DISPATCHER_ADDRESS).balance).toBe(PRICE);
    const posted = job(s, id);
    expect(posted.status).toBe("pending");
    expect(posted.selectionRound).toBe(s.c.head.height + 2n);
    const balances = RUNNERS.map((i) => s.c.account(addressOf(i)).balance);
    // Acks first, as a runner does, then the rest.
    const selected = until(s, id, ["selected"]);
    const fees = new Map<number, bigint>();
    const ackReceipts = s.c.block(selected.committee.map(indexOf).map((m) => s.c.tx(m, { type: "job_ack", jobId: id }, LIMITS)));
    for (const [k, m] of selected.committee.map(indexOf).entries()) fees.set(m, ackReceipts[k]!.fee_paid);
    expect(s.c.head.lane_usage.runner).toBeGreaterThan(0n);
    expect(job(s, id).status).toBe("committing");
    const commits = s.c.block(selected.committee.map(indexOf).map((m) => s.c.tx(m, { type: "job_commit", jobId: id, commitment: commitmentOf(out(42n), salt(m)) }, LIMITS)));
    for (const [k, m] of selected.committee.map(indexOf).entries()) fees.set(m, fees.get(m)! + commits[k]!.fee_paid);
    const reveals = s.c.block(selected.committee.map(indexOf).map((m) => s.c.tx(m, { type: "job_reveal", jobId: id, output: out(42n), salt: salt(m) }, LIMITS)));
    selected.committee.map(indexOf).forEach((m, k) => {
      expect(reveals[k]!.return_data).toEqual(Uint8Array.of(1));
      fees.set(m, fees.get(m)! + reveals[k]!.fee_paid);
    });
    expect(job(s, id).status).toBe("challenge");
    const done = until(s, id, ["settled"]);
    expect(done.paid).toHaveLength(3);
    // The continuation ran in the block that settled the job and stored (job_id, "ok", {"price": 42}).
    const [jid, status, result] = seen(s) as [Uint8Array, string, Map<CborValue, CborValue>];
    expect(jid).toEqual(id);
    expect(status).toBe("ok");
    expect(result.get("price")).toBe(42n);
    const split = splitPayment(market, PRICE, done.paid, done.aggregator);
    expect(split.burned).toBe(PRICE / 10n);
    expect(split.treasury).toBe(PRICE / 100n);
    expect(s.c.account(TREASURY_ADDRESS).balance).toBe(PRICE / 100n);
    expect(s.c.account(JOB_DISPATCHER_ADDRESS).balance).toBe(0n);
    let paid = 0n;
    for (const { runner, amount } of split.runners) {
      const i = indexOf(runner);
      expect(s.c.account(addressOf(i)).balance).toBe(balances[RUNNERS.indexOf(i)]! - fees.get(i)! + amount);
      paid += amount;
    }
    expect(paid).toBe((PRICE * 89n) / 100n);
    for (const i of RUNNERS) expect(getRunner(s.c.store.fork(), addressOf(i))!.reputation).toBeGreaterThan(market.reputationNeutral);
  });

  it("a tampering minority is outvoted and loses reputation, not stake; a silent runner is penalised and the job still settles", { timeout: 120_000 }, () => {
    const s = setup();
    const id = submit(s);
    const j = until(s, id, ["selected"]);
    const [a, b, c] = j.committee.map(indexOf) as [number, number, number];
    play(s, id, (m) => (m === c ? out(41n) : out(42n)));
    const done = until(s, id, ["settled"]);
    expect(done.paid.map(indexOf).sort()).toEqual([a, b].sort());
    expect(done.failures.map((f) => [indexOf(f.runner), f.reason])).toEqual([[c, "minority"]]);
    const liar = getRunner(s.c.store.fork(), addressOf(c))!;
    expect(liar.stake).toBe(200n * CBY);
    expect(liar.reputation).toBeLessThan(market.reputationNeutral);
    expect((seen(s) as CborValue[])[1]).toBe("ok");

    const id2 = submit(s);
    const j2 = until(s, id2, ["selected"]);
    const silent = indexOf(j2.committee[0]!);
    play(s, id2, (m) => (m === silent ? null : out(7n)));
    const done2 = until(s, id2, ["settled"]);
    expect(done2.failures.map((f) => [indexOf(f.runner), f.reason])).toEqual([[silent, "no_reveal"]]);
    expect(getRunner(s.c.store.fork(), addressOf(silent))!.stake).toBe(200n * CBY);
    expect(((seen(s) as CborValue[])[2] as Map<CborValue, CborValue>).get("price")).toBe(7n);
  });

  it("a reveal that does not open its commitment is slashed; an upheld challenge drops the equivocating runner", { timeout: 120_000 }, () => {
    const s = setup();
    const id = submit(s);
    const j = until(s, id, ["selected"]);
    const liar = indexOf(j.committee[1]!);
    const r = play(s, id, () => out(42n), new Set([liar]));
    expect(r.failures.map((f) => [indexOf(f.runner), f.reason])).toEqual([[liar, "dishonest"]]);
    const slashed = getRunner(s.c.store.fork(), addressOf(liar))!;
    expect(slashed.stake).toBe(150n * CBY);
    expect(slashed.slashed).toBe(50n * CBY);
    expect(until(s, id, ["settled"]).paid).toHaveLength(2);

    const id2 = submit(s);
    const j2 = until(s, id2, ["selected"]);
    const accused = indexOf(j2.committee[0]!);
    play(s, id2, () => out(5n));
    expect(job(s, id2).status).toBe("challenge");
    // The accused also signed another output for the same job: proof it stood by two answers.
    const other = out(6n);
    const evidence = encodeCbor([other, secp256k1.sign(outputStatementHash(id2, other), key(accused))]);
    const challengerBefore = s.c.account(addressOf(0)).balance;
    const [ch] = s.c.block([s.c.tx(0, { type: "job_challenge", jobId: id2, runner: addressOf(accused), evidence }, LIMITS)]);
    expect(ch!.status, text(ch!.return_data)).toBe(ReceiptStatus.Success);
    expect(ch!.return_data).toEqual(Uint8Array.of(1));
    expect(s.c.account(addressOf(0)).balance).toBe(challengerBefore - ch!.fee_paid);
    const done = until(s, id2, ["settled"]);
    expect(done.paid.map(indexOf)).not.toContain(accused);
    expect(done.challenges).toHaveLength(1);
    expect(getRunner(s.c.store.fork(), addressOf(accused))!.slashed).toBeGreaterThan(0n);
    expect(keccak256(other)).not.toEqual(keccak256(out(5n)));
  });

  it("no eligible runner refunds the escrow; a schema violation by every runner fails and refunds", { timeout: 120_000 }, () => {
    const s = setup();
    const before = s.c.account(s.feed).balance;
    const id = submit(s, ["gpu.a100"]);
    const refunded = until(s, id, ["refunded"]);
    expect(refunded.escrow).toBe(0n);
    expect((seen(s) as CborValue[]).slice(1)).toEqual(["refunded", null]);
    // Back in full, less the continuation's fee (Runner-lane basefees for what it used).
    const cont = s.c.last!.journal.continuations;
    expect(cont).toHaveLength(1);
    expect(cont[0]!.status).toBe("success");
    expect(s.c.account(s.feed).balance).toBeLessThan(before);
    expect(s.c.account(s.feed).balance).toBeGreaterThan(before - CBY / 10n);

    // What the actor requires (0x07) joins every job it posts.
    const [needs] = s.c.block([s.c.callTx(0, s.feed, "needs", [["region.eu"], true])]);
    expect(needs!.status, text(needs!.return_data)).toBe(ReceiptStatus.Success);
    expect(getRequires(s.c.store.fork(), s.feed)).toEqual([{ name: "region.eu", inheritable: true }]);
    const id3 = submit(s);
    expect(job(s, id3).requires).toEqual(["net.http", "region.eu"]);
    expect(until(s, id3, ["refunded"]).committee).toEqual([]);
    s.c.block([s.c.callTx(0, s.feed, "needs", [[], false])]);
    expect(getRequires(s.c.store.fork(), s.feed)).toEqual([]);

    const id2 = submit(s);
    play(s, id2, () => out("high"));
    const failed = until(s, id2, ["failed"]);
    expect(failed.failures.map((f) => f.reason)).toEqual(["schema_violation", "schema_violation", "schema_violation"]);
    expect((seen(s) as CborValue[])[1]).toBe("failed");
    expect(s.c.account(JOB_DISPATCHER_ADDRESS).balance).toBe(0n);
  });

  it("refuses a job without a result_schema, and a continuation called by anyone but 0x02", { timeout: 60_000 }, () => {
    const s = setup();
    const [bad] = s.c.block([s.c.callTx(0, s.feed, "on_price", [new Uint8Array(32), "ok", null])]);
    expect(text(bad!.return_data)).toMatch(/^PermissionError: on_price is a job continuation/);
    const [noSchema, offList, badSchema] = s.c.block([
      s.c.callTx(0, s.feed, "bad", ["https://prices.example/x", null]),
      s.c.callTx(0, s.feed, "bad", ["https://evil.example/x", { type: "object" }]),
      s.c.callTx(0, s.feed, "bad", ["https://prices.example/x", { type: "object", pattern: "x" }]),
    ]);
    expect(text(noSchema!.return_data)).toBe("ValueError: runner.submit: result_schema is required (the JSON schema of the result)");
    expect(text(offList!.return_data)).toMatch(/^ValueError: RunnerMarketError: INVALID_JOB: spec.url: host evil.example is not in allow_domains/);
    expect(text(badSchema!.return_data)).toMatch(/^ValueError: RunnerMarketError: INVALID_JOB: result_schema: keyword "pattern" is outside the supported subset/);
    expect(s.c.account(JOB_DISPATCHER_ADDRESS).balance).toBe(0n);
  });

  it("a chain without the market refuses its instructions at admission", () => {
    const { runnerMarket: _, ...without } = params;
    const c = new ActorChain(without);
    expect(() => c.block([c.tx(1, { type: "runner_unbond" }, LIMITS)])).toThrow(/UNSUPPORTED|the runner market is not enabled on this chain/);
  });

  it("a poster that cannot pay for its continuation gets its refund without the call", { timeout: 120_000 }, () => {
    const s = setup();
    const id = submit(s, ["gpu.a100"]);
    s.c.block([s.c.callTx(0, s.feed, "drain", [addressOf(0)])]);
    expect(s.c.account(s.feed).balance).toBe(0n);
    until(s, id, ["refunded"]);
    const cont = s.c.last!.journal.continuations;
    expect(cont.map((c) => [c.jobStatus, c.status])).toEqual([["refunded", "skipped"]]);
    expect(s.c.account(s.feed).balance).toBe(PRICE);
    expect(seen(s)).toBeNull();
  });
});
