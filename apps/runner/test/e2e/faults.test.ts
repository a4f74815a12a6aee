// The market's outcomes against real runner processes (issue 22 "Tests and measures"; cips/runner-process.md "Test
// faults"): one devnet and six `cowboy runner start` processes priced by --rate, four of them misbehaving with
// --test-fault: tamper (a different, schema-valid output), no-reveal, bad-reveal (opens something other than its
// commitment) and schema-violation. One Poster actor then drives, in turn on the same chain:
// A. an http job on all six (quorum 2): it settles on the honest pair; the tamperer is a `minority`, the silent one
//    `no_reveal`, the schema breaker `schema_violation` (reputation only, no slash), the bad revealer `dishonest` and
//    slashed 25% of its stake; the payment is split 89/10/1 and the rest of max_price comes back (exact balances);
// B. a usage-priced http job on the honest pair (its `requires` names an entitlement only they provide): usage × rates;
// C. a job nobody is eligible for: refunded in full at once, the continuation told "refunded";
// D. a job whose result is challenged with proof that one runner stood by another output: upheld, that runner slashed,
//    no quorum left, the escrow refunded and the continuation told "failed". `cowboy job challenge` refuses a
//    challenge outside the window;
// E. (before D, which slashes one of the honest pair below its max job value) an http job whose target is down (a 127.0.0.1 port nobody listens on): both honest runners reveal an external
//    fault report with one http.attempt; the job ends failed with fault "external", the pair paid pro-rata (attempt
//    rate × 1 each, 89/10/1) and the rest refunded (exact balances).
import { encodeCbor, fromHex, toHex } from "@cowboy/codec";
import { secp256k1 } from "@cowboy/crypto";
import { instructionIntrinsicCosts } from "@cowboy/metering";
import type { Instruction } from "@cowboy/types";
import { openFaultReport, openUsageOutput, outputStatementHash } from "@cowboy/runner-market";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CBY, devAddress, devKey, type Market, startMarket } from "../utils/market-harness.js";
import { freePort } from "../utils/ports.js";
import { continuationOf, deployPoster, type JobOrder, postJob } from "../utils/poster.js";

const TAMPER = 1;
const SILENT = 2;
const BAD_REVEAL = 3;
const SCHEMA = 4;
const HONEST = [5, 6];
const FAULTS: Record<number, string> = { [TAMPER]: "tamper", [SILENT]: "no-reveal", [BAD_REVEAL]: "bad-reveal", [SCHEMA]: "schema-violation" };
const RATE_HTTP = 10_000_000n; // 0.01 CBY per execution
const RATE_KIB = 1_000_000n; // 0.001 CBY per started KiB of result
const RATE_ATTEMPT = 3_000_000n; // 0.003 CBY per http.attempt (the progress of a job whose target is down)
const MAX_PRICE = 2n * CBY;
const SCHEMA_PRICE = { type: "object", properties: { price: { type: "integer" } }, required: ["price"] };
let market: Market;

beforeAll(async () => {
  market = await startMarket({
    runners: 6,
    blockTimeMs: 200,
    // Only the honest pair provides mcp, so a job that requires it draws exactly them.
    providesFor: (i) => (HONEST.includes(i) ? "net.http,compute,mcp" : undefined),
    runnerArgs: (i) => [...(FAULTS[i] === undefined ? [] : ["--test-fault", FAULTS[i]!]), "--rate", `http=${RATE_HTTP},output.kib=${RATE_KIB},http.attempt=${RATE_ATTEMPT}`],
  });
}, 600_000);
afterAll(async () => {
  await market?.close();
});

interface RunnerRecord {
  reputation: string;
  slashed: string;
  jobsPaid: string;
  jobsFailed: string;
  stake: string;
}
interface JobJson {
  status: string;
  fault: string | null;
  committee: string[];
  paid: string[];
  pricing: string;
  reveals: { runner: string; outputHex: string }[];
  failures: { runner: string; reason: string }[];
  challenges: unknown[];
  aggregator: string | null;
  result: unknown;
  settlement: {
    outcome: string;
    fault?: string;
    gross: string;
    refunded: string;
    burned?: string;
    treasury?: string;
    aggregatorBonus?: string;
    runners?: { runner: string; amount: string }[];
    to?: string;
  };
}

const runnerOf = async (i: number) => (await market.client.request<RunnerRecord>("cowboy_getRunner", [devAddress(i)]))!;
const jobOf = async (id: string) => (await market.client.request<JobJson>("cowboy_getJob", [id]))!;
const priceJob = (o: Partial<JobOrder>): JobOrder => ({
  kind: "http",
  spec: { method: "GET", url: market.priceUrl },
  schema: SCHEMA_PRICE,
  runners: 2,
  quorum: 2,
  verification: "majority_vote",
  maxPrice: MAX_PRICE,
  allowDomains: ["127.0.0.1"],
  ...o,
});
/** What runner i paid in fees for the ack, commit and reveal it sent for `jobId` (the transactions its log names). */
async function feesSent(i: number, jobId: string): Promise<bigint> {
  const sent = [
    ...market.runnerLogs
      .get(devAddress(i))!
      .join("")
      .matchAll(new RegExp(`job ${jobId} (?:ack|commit|reveal) sent \\(tx (0x[0-9a-f]{64})`, "g")),
  ];
  expect(sent.length).toBeGreaterThanOrEqual(2);
  let fees = 0n;
  for (const [, hash] of sent) fees += (await market.client.waitForReceipt(fromHex(hash!.slice(2)))).fee_paid;
  return fees;
}
const logs = () => {
  for (const [who, log] of market.runnerLogs) console.log(who, log.join("").slice(-2500));
};

describe("faulty runner processes, refunds and a challenge on one chain", () => {
  it("A: settles on the honest pair; each fault gets its outcome; 89/10/1 and the refund in balances", async () => {
    const poster = await deployPoster(market, 0xa1);
    const before = new Map<number, RunnerRecord>();
    for (let i = 1; i <= 6; i++) before.set(i, await runnerOf(i));
    const balance = (i: number) => market.client.getBalance(fromHex(devAddress(i).slice(2)));
    const honestBefore = await Promise.all(HONEST.map(balance));
    const posterBefore = await market.client.getBalance(poster);
    const { jobId } = await postJob(market, poster, priceJob({ runners: 6 }));
    const [status, result] = await continuationOf(market, poster, jobId);
    if (status !== "ok") logs();
    expect(status).toBe("ok");
    expect((result as Map<string, unknown>).get("price")).toBe(4242n);

    const j = await jobOf(jobId);
    expect(j.status).toBe("settled");
    expect(j.committee).toHaveLength(6);
    expect([...j.paid].sort()).toEqual(HONEST.map(devAddress).sort());
    expect(j.failures).toEqual(
      expect.arrayContaining([
        { runner: devAddress(TAMPER), reason: "minority" },
        { runner: devAddress(SILENT), reason: "no_reveal" },
        { runner: devAddress(BAD_REVEAL), reason: "dishonest" },
        { runner: devAddress(SCHEMA), reason: "schema_violation" },
      ]),
    );
    expect(j.failures).toHaveLength(4);

    // Only proven dishonesty costs stake: the bad revealer loses 25% (non_reveal_slash_bps), the others reputation only.
    for (let i = 1; i <= 4; i++) {
      const a = await runnerOf(i);
      const b = before.get(i)!;
      expect(BigInt(a.reputation)).toBeLessThan(BigInt(b.reputation));
      expect([a.jobsPaid, a.jobsFailed]).toEqual(["0", "1"]);
      const slashed = i === BAD_REVEAL ? (BigInt(b.stake) * 2_500n) / 10_000n : 0n;
      expect(BigInt(a.slashed)).toBe(slashed);
      expect(BigInt(a.stake)).toBe(BigInt(b.stake) - slashed);
    }
    for (const i of HONEST) expect(await runnerOf(i)).toMatchObject({ jobsPaid: "1", jobsFailed: "0" });

    // Fixed pricing: gross = the paid runners' rates; 10% burned, 1% to the Treasury, 89% to the two (1.5% of the
    // gross of it to the aggregator when the aggregator is one of them), the rest of max_price back to the poster.
    const gross = 2n * RATE_HTTP;
    const runnerShare = gross - gross / 10n - gross / 100n;
    const bonus = j.aggregator !== null && j.paid.includes(j.aggregator) ? (gross * 150n) / 10_000n : 0n;
    expect(j.settlement).toMatchObject({
      outcome: "paid",
      gross: `${gross}`,
      refunded: `${MAX_PRICE - gross}`,
      burned: `${gross / 10n}`,
      treasury: `${gross / 100n}`,
      aggregatorBonus: `${bonus}`,
    });
    const amounts = new Map(j.settlement.runners!.map((r) => [r.runner, BigInt(r.amount)]));
    expect([...amounts.keys()].sort()).toEqual(HONEST.map(devAddress).sort());
    expect([...amounts.values()].reduce((a, b) => a + b, 0n)).toBe(runnerShare);
    for (const i of HONEST) expect(amounts.get(devAddress(i))! >= (runnerShare - bonus) / 2n).toBe(true);
    // Balances, exactly: each honest runner gained its amount less the fees of the ack, commit and reveal it sent (the
    // transactions its log names); the poster paid the gross plus its call and continuation fees (under 0.1 CBY).
    for (const [k, i] of HONEST.entries()) expect((await balance(i)) - honestBefore[k]!).toBe(amounts.get(devAddress(i))! - (await feesSent(i, jobId)));
    const spent = posterBefore - (await market.client.getBalance(poster));
    expect(spent).toBeGreaterThan(gross);
    expect(spent - gross).toBeLessThan(CBY / 10n);
    expect(market.runnerLogs.get(devAddress(TAMPER))!.join("")).toContain(`job ${jobId} output tampered (test fault)`);
    expect(market.runnerLogs.get(devAddress(SILENT))!.join("")).toContain(`job ${jobId} reveal withheld (test fault)`);
    expect(market.runnerLogs.get(devAddress(BAD_REVEAL))!.join("")).toContain(`job ${jobId} revealed an output it did not commit to (test fault)`);
    expect(market.runnerLogs.get(devAddress(SCHEMA))!.join("")).toContain(`job ${jobId} output replaced by a schema violation (test fault)`);

    // Outside the challenge window `cowboy job challenge` fails cleanly with the chain's reason.
    const late = await market.cowboy(["job", "challenge", jobId, "--runner", devAddress(HONEST[0]!), "--evidence", "0x80", "--key", `0x${toHex(devKey(0))}`]);
    expect(late.code).toBe(1);
    expect(late.stderr).toMatch(/WRONG_PHASE/);
    console.log(
      `e2e faults: job ${jobId} settled; reputation ${[1, 2, 3, 4, 5, 6].map((i) => `${i}:${before.get(i)!.reputation}`).join(" ")} before; runner ${BAD_REVEAL} slashed`,
    );
  });

  it("B: a usage-priced job pays the reported usage × rates and refunds the rest", async () => {
    const poster = await deployPoster(market, 0xb2);
    const { jobId } = await postJob(market, poster, priceJob({ pricing: "usage", requires: ["mcp"] }));
    const [status, result] = await continuationOf(market, poster, jobId);
    expect(status).toBe("ok");
    // The continuation gets the inner result, not the usage envelope.
    expect((result as Map<string, unknown>).get("price")).toBe(4242n);
    expect((result as Map<string, unknown>).has("usage")).toBe(false);
    const j = await jobOf(jobId);
    expect(j.pricing).toBe("usage");
    expect([...j.committee].sort()).toEqual(HONEST.map(devAddress).sort());
    for (const r of j.reveals) {
      expect(openUsageOutput(fromHex(r.outputHex.slice(2)))?.usage).toEqual(
        new Map([
          ["http", 1n],
          ["output.kib", 1n],
        ]),
      );
    }
    const gross = 2n * (RATE_HTTP + RATE_KIB);
    expect(j.settlement).toMatchObject({ outcome: "paid", gross: `${gross}`, refunded: `${MAX_PRICE - gross}`, burned: `${gross / 10n}`, treasury: `${gross / 100n}` });
    for (const i of HONEST) expect(market.runnerLogs.get(devAddress(i))!.join("")).toContain(`job ${jobId} executed`);
    for (const i of HONEST) expect(market.runnerLogs.get(devAddress(i))!.join("")).toMatch(/usage http=1,output\.kib=1/);
  });

  it("C: a job no runner is eligible for is refunded in full, and the continuation says so", async () => {
    const poster = await deployPoster(market, 0xc3);
    const posterBefore = await market.client.getBalance(poster);
    // Nobody provides llm, so no runner is eligible for a job that requires it.
    const { jobId } = await postJob(market, poster, priceJob({ requires: ["llm"] }));
    const [status, result] = await continuationOf(market, poster, jobId);
    expect([status, result]).toEqual(["refunded", null]);
    const j = await jobOf(jobId);
    expect(j.status).toBe("refunded");
    expect(j.committee).toEqual([]);
    expect(j.settlement).toMatchObject({ outcome: "refunded", refunded: `${MAX_PRICE}` });
    const spent = posterBefore - (await market.client.getBalance(poster));
    expect(spent).toBeGreaterThan(0n); // the call and the continuation's fees
    expect(spent).toBeLessThan(CBY / 10n);
    for (const [, log] of market.runnerLogs) expect(log.join("")).not.toContain(jobId);
  });

  it("E: a job whose target is down settles pro-rata on the agreed external fault", async () => {
    const poster = await deployPoster(market, 0xe5);
    const balance = (i: number) => market.client.getBalance(fromHex(devAddress(i).slice(2)));
    const before = await Promise.all(HONEST.map(balance));
    const counts = async () => Promise.all(HONEST.map(async (i) => ((r) => [r.jobsPaid, r.jobsFailed])(await runnerOf(i))));
    const countsBefore = await counts();
    const posterBefore = await market.client.getBalance(poster);
    const dead = `http://127.0.0.1:${await freePort()}/price`;
    const { jobId } = await postJob(market, poster, priceJob({ spec: { method: "GET", url: dead }, requires: ["mcp"] }));
    const [status, result] = await continuationOf(market, poster, jobId);
    if (status !== "failed") logs();
    expect([status, result]).toEqual(["failed", null]);
    const j = await jobOf(jobId);
    expect([j.status, j.fault, j.result]).toEqual(["failed", "external", null]);
    expect([...j.paid].sort()).toEqual(HONEST.map(devAddress).sort());
    for (const r of j.reveals) expect(openFaultReport(fromHex(r.outputHex.slice(2)))).toMatchObject({ fault: "external", progress: new Map([["http.attempt", 1n]]) });
    // Gross = 2 reporters × 1 attempt × the attempt rate; 10% burned, 1% Treasury, 89% to the pair; the rest back.
    const gross = 2n * RATE_ATTEMPT;
    const share = gross - gross / 10n - gross / 100n;
    expect(j.settlement).toMatchObject({
      outcome: "fault",
      fault: "external",
      gross: `${gross}`,
      refunded: `${MAX_PRICE - gross}`,
      burned: `${gross / 10n}`,
      treasury: `${gross / 100n}`,
    });
    const amounts = new Map(j.settlement.runners!.map((r) => [r.runner, BigInt(r.amount)]));
    expect([...amounts.values()].reduce((a, b) => a + b, 0n)).toBe(share);
    for (const [k, i] of HONEST.entries()) expect((await balance(i)) - before[k]!).toBe(amounts.get(devAddress(i))! - (await feesSent(i, jobId)));
    const spent = posterBefore - (await market.client.getBalance(poster));
    expect(spent).toBeGreaterThan(gross);
    expect(spent - gross).toBeLessThan(CBY / 10n);
    // Paid, but neither a paid job (nothing was delivered) nor a failed one (nothing was done wrong) on their records.
    expect(await counts()).toEqual(countsBefore);
    for (const i of HONEST)
      expect(market.runnerLogs.get(devAddress(i))!.join("")).toMatch(new RegExp(`job ${jobId} fault external \\(HTTP_NETWORK: .*\\); progress http\\.attempt=1`));
  });

  it("D: an upheld challenge slashes the runner that stood by two outputs; the job fails and refunds", async () => {
    const poster = await deployPoster(market, 0xd4);
    const accused = HONEST[0]!;
    const before = await runnerOf(accused);
    const { jobId } = await postJob(market, poster, priceJob({ requires: ["mcp"] }));
    const id = fromHex(jobId.slice(2));
    // The accused runner's signed statement for another output (how a challenger would have obtained it is off
    // chain: a runner that served a different answer elsewhere, signed).
    const other = encodeCbor(new Map([["price", 1n]]));
    const evidence = encodeCbor([other, secp256k1.sign(outputStatementHash(id, other), devKey(accused))]);
    let j = await jobOf(jobId);
    for (let i = 0; i < 3000 && j.status !== "challenge"; i++) {
      await new Promise((r) => setTimeout(r, 20));
      j = await jobOf(jobId);
    }
    expect(j.status).toBe("challenge");
    const instruction: Instruction = { type: "job_challenge", jobId: id, runner: fromHex(devAddress(accused).slice(2)), evidence };
    const limits = instructionIntrinsicCosts(instruction);
    const tx = await market.client.sendTransaction({ privateKey: devKey(0), instruction, cyclesLimit: limits.cycles, cellsLimit: limits.cells, tip: 0n });
    const receipt = await market.client.waitForReceipt(tx.digest());
    expect(receipt.status).toBe(0);
    expect(receipt.return_data).toEqual(Uint8Array.of(1)); // upheld

    const [status, result] = await continuationOf(market, poster, jobId);
    expect([status, result]).toEqual(["failed", null]);
    j = await jobOf(jobId);
    expect(j.failures).toEqual(expect.arrayContaining([{ runner: devAddress(accused), reason: "challenged" }]));
    expect(j.settlement).toMatchObject({ outcome: "refunded", refunded: `${MAX_PRICE}` });
    const after = await runnerOf(accused);
    expect(BigInt(after.slashed) - BigInt(before.slashed)).toBe((BigInt(before.stake) * 2_500n) / 10_000n);
    expect(BigInt(after.reputation)).toBeLessThan(BigInt(before.reputation));
    console.log(`e2e challenge: job ${jobId} challenged against ${devAddress(accused)}: upheld, slashed ${after.slashed}, refunded`);
  });
});
