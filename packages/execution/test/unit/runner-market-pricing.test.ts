// The Python SDK's `runner.submit(..., pricing=)` through to the on-chain job (cips/runner-market.md "Usage pricing",
// cips/sdk.md): an actor posts a usage-priced job, three runners (real signed transactions) commit and reveal
// {"result", "usage"}, and settlement pays Σ rate × min(count, 2 × median) with the rest of the escrow refunded.
import { decodeCbor, encodeCbor, type CborValue } from "@cowboy/codec";
import {
  TREASURY_ADDRESS,
  commitmentOf,
  createRunnerMarketConfig,
  encodeCapabilities,
  getJob,
  JOB_DISPATCHER_ADDRESS,
  splitPayment,
  usageOutput,
  type JobRecord,
} from "@cowboy/runner-market";
import { type Instruction, ReceiptStatus } from "@cowboy/types";
import { describe, expect, it } from "vitest";
import { ActorChain, CBY, text } from "../utils/chain.js";
import { addressOf, params as defaultParams } from "../utils/helpers.js";
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
const LIMITS = { cycles: 1_000_000n, cells: 100_000n };
// Rates per unit, base units: one request, one KiB of response.
const RATE_REQUEST = 50_000_000n;
const RATE_KIB = 3_000_000n;

const FEED = `from cowboy_sdk import actor, runner

SCHEMA = {"type": "object", "properties": {"price": {"type": "integer"}}, "required": ["price"]}

@actor
class PriceFeed:
    def refresh(self, url, pricing, verification):
        return runner.submit("http", {"method": "GET", "url": url}, result_schema=SCHEMA,
                             runners=3, quorum=2, verification=verification,
                             max_price="2cby", allow_domains=["prices.example"], pricing=pricing)
`;

const salt = (i: number): Uint8Array => new Uint8Array(32).fill(i);
const price = (p: bigint): CborValue => new Map<CborValue, CborValue>([["price", p]]);

function setup(): { c: ActorChain; feed: Uint8Array } {
  const c = new ActorChain(params);
  const caps = encodeCapabilities({
    provides: ["net.http"],
    jobKinds: ["http"],
    rateCard: new Map([
      ["http.request", RATE_REQUEST],
      ["http.kib", RATE_KIB],
    ]),
  });
  registerRunners(c, RUNNERS, caps, LIMITS);
  return { c, feed: deployFunded(c, FEED, 100n * CBY) };
}

const indexOf = (a: Uint8Array): number => RUNNERS.find((i) => addressOf(i).every((b, k) => b === a[k]))!;

function send(c: ActorChain, txs: Array<[number, Instruction]>): bigint[] {
  const receipts = c.block(txs.map(([i, ins]) => c.tx(i, ins, LIMITS)));
  for (const r of receipts) expect(r.status, text(r.return_data)).toBe(ReceiptStatus.Success);
  return receipts.map((r) => r.fee_paid);
}

function until(c: ActorChain, id: Uint8Array, status: JobRecord["status"], max = 12): JobRecord {
  for (let n = 0; n < max; n++) {
    const j = getJob(c.store.fork(), id)!;
    if (j.status === status) return j;
    c.block([]);
  }
  throw new Error(`job stayed ${getJob(c.store.fork(), id)!.status}`);
}

describe("runner.submit(pricing=) from an actor", () => {
  it("a usage-priced job: the record says usage, runners are paid for reported usage capped at 2 × median, the rest refunded", { timeout: 120_000 }, () => {
    const { c, feed } = setup();
    const before = c.account(feed).balance;
    const [r] = c.block([c.callTx(0, feed, "refresh", ["https://prices.example/btc", "usage", "majority_vote"])]);
    expect(r!.status, text(r!.return_data)).toBe(ReceiptStatus.Success);
    const id = decodeCbor(r!.return_data) as Uint8Array;
    expect(getJob(c.store.fork(), id)!.pricing).toBe("usage");
    expect(c.account(feed).balance).toBe(before - PRICE);

    const j = until(c, id, "selected");
    const members = j.committee.map(indexOf);
    // KiB reported 3, 4 and 100: lower median 4, cap 8, so the third is paid for 8.
    const kib = new Map(members.map((m, k) => [m, [3n, 4n, 100n][k]!]));
    const output = (m: number): Uint8Array =>
      usageOutput(
        price(42n),
        new Map([
          ["http.request", 1n],
          ["http.kib", kib.get(m)!],
        ]),
      );
    const balances = new Map(members.map((m) => [m, c.account(addressOf(m)).balance]));
    const fees = send(
      c,
      members.map((m) => [m, { type: "job_commit", jobId: id, commitment: commitmentOf(output(m), salt(m)) }]),
    );
    const fees2 = send(
      c,
      members.map((m) => [m, { type: "job_reveal", jobId: id, output: output(m), salt: salt(m) }]),
    );
    const done = until(c, id, "settled");
    expect(done.paid).toHaveLength(3);
    // The aggregated result is the inner result, not the usage envelope.
    expect(done.result).toEqual(encodeCbor(price(42n)));

    const gross = 3n * RATE_REQUEST + RATE_KIB * (3n + 4n + 8n);
    expect(gross).toBe(195_000_000n);
    expect(c.account(feed).balance).toBe(before - gross);
    expect(c.account(JOB_DISPATCHER_ADDRESS).balance).toBe(0n);
    const split = splitPayment(market, gross, done.paid, done.aggregator);
    expect(c.account(TREASURY_ADDRESS).balance).toBe(gross / 100n);
    expect(split.treasury).toBe(1_950_000n);
    expect(split.burned).toBe(19_500_000n);
    let paid = 0n;
    for (const { runner, amount } of split.runners) {
      const m = indexOf(runner);
      const k = members.indexOf(m);
      expect(c.account(runner).balance).toBe(balances.get(m)! - fees[k]! - fees2[k]! + amount);
      paid += amount;
    }
    expect(paid).toBe(gross - split.burned - split.treasury);
  });

  it("pricing defaults to fixed; a name outside fixed|usage raises in the SDK; usage with semantic_similarity is refused by 0x02", { timeout: 60_000 }, () => {
    const { c, feed } = setup();
    const [fixed, bogus, det] = c.block([
      c.callTx(0, feed, "refresh", ["https://prices.example/a", null, "majority_vote"]),
      c.callTx(0, feed, "refresh", ["https://prices.example/b", "per_token", "majority_vote"]),
      c.callTx(0, feed, "refresh", ["https://prices.example/c", "usage", "semantic_similarity"]),
    ]);
    expect(fixed!.status, text(fixed!.return_data)).toBe(ReceiptStatus.Success);
    expect(getJob(c.store.fork(), decodeCbor(fixed!.return_data) as Uint8Array)!.pricing).toBe("fixed");
    expect(text(bogus!.return_data)).toBe(`ValueError: runner.submit: pricing must be "fixed" or "usage", got 'per_token'`);
    expect(text(det!.return_data)).toMatch(/^ValueError: RunnerMarketError: INVALID_JOB: pricing usage: not with semantic_similarity verification/);
    expect(c.account(JOB_DISPATCHER_ADDRESS).balance).toBe(PRICE);
  });

  it("runner.submit(tip=): the tip is recorded on the job as part of max_price; a tip above max_price is refused", () => {
    const { c } = setup();
    const TIPPER = `from cowboy_sdk import actor, runner

@actor
class Tipper:
    def post(self, tip):
        return runner.submit("http", {"method": "GET", "url": "https://prices.example/btc"}, result_schema={"type": "object"},
                             runners=3, quorum=2, max_price="2cby", allow_domains=["prices.example"], tip=tip)
`;
    const tipper = deployFunded(c, TIPPER, 10n * CBY);
    const before = c.account(tipper).balance;
    const [ok, over] = c.block([c.callTx(0, tipper, "post", ["0.1cby"], LIMITS), c.callTx(0, tipper, "post", ["3cby"], LIMITS)]);
    expect(ok!.status, text(ok!.return_data)).toBe(ReceiptStatus.Success);
    const job = getJob(c.store.fork(), decodeCbor(ok!.return_data) as Uint8Array)!;
    expect(job.tip).toBe(CBY / 10n);
    expect(job.maxPrice).toBe(PRICE);
    expect(over!.status).toBe(ReceiptStatus.Reverted);
    expect(text(over!.return_data)).toMatch(/RunnerMarketError: [A-Z_]+: .*tip/);
    expect(c.account(tipper).balance).toBe(before - PRICE);
  });
});
