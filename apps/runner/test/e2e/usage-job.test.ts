// Usage pricing against real runner processes (issue 22; cips/runner-market.md "Usage pricing", cips/runner-process.md
// "Usage reports"): a devnet and three `cowboy runner start --rate http=…,output.kib=…` processes. An actor posts an
// http job with runner.submit(..., pricing="usage"); each runner reveals {result, usage} with the usage it measured;
// the job settles at Σ rate × usage over the paid runners, the rest of max_price goes back to the actor.
import { fromHex } from "@cowboy/codec";
import { openUsageOutput } from "@cowboy/runner-market";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CBY, type Market, runPriceJob, startMarket } from "../utils/market-harness.js";

const RATE_HTTP = 10_000_000n; // 0.01 CBY per execution
const RATE_KIB = 1_000_000n; // 0.001 CBY per started KiB of result
let market: Market;

beforeAll(async () => {
  market = await startMarket({ runners: 3, blockTimeMs: 150, runnerArgs: () => ["--rate", `http=${RATE_HTTP},output.kib=${RATE_KIB}`] });
}, 600_000);
afterAll(async () => {
  await market?.close();
});

interface JobJson {
  status: string;
  pricing: string;
  maxPrice: string;
  paid: string[];
  reveals: { runner: string; outputHex: string }[];
  result: unknown;
  settlement: { outcome: string; gross: string; refunded: string; burned: string; treasury: string; runners: { runner: string; amount: string }[] };
}

describe("a usage-priced http job on three runner processes", () => {
  it("runners report usage in their reveals; the job pays usage × rates and refunds the rest", async () => {
    const settled = await runPriceJob(market, { runners: 3, quorum: 2, salt: 5, pricing: "usage" });
    const [, status, result] = settled.seen;
    if (status !== "ok") for (const [who, log] of market.runnerLogs) console.log(who, log.join("").slice(-2500));
    expect(status).toBe("ok");
    // The continuation gets the inner result, not the usage envelope.
    expect(result.get("price")).toBe(4242n);
    expect(result.has("usage")).toBe(false);

    const j = (await market.client.request<JobJson>("cowboy_getJob", [settled.jobId]))!;
    expect(j.status).toBe("settled");
    expect(j.pricing).toBe("usage");
    expect(j.result).toEqual({ price: 4242, source: "e2e" });
    expect(j.reveals).toHaveLength(3);
    for (const r of j.reveals) {
      const opened = openUsageOutput(fromHex(r.outputHex.slice(2)));
      expect(opened?.usage).toEqual(
        new Map([
          ["http", 1n],
          ["output.kib", 1n],
        ]),
      );
    }
    expect(j.paid).toHaveLength(3);
    const gross = 3n * (RATE_HTTP + RATE_KIB);
    expect(j.settlement.gross).toBe(gross.toString());
    expect(j.settlement.refunded).toBe((2n * CBY - gross).toString());
    expect(j.settlement.burned).toBe((gross / 10n).toString());
    expect(j.settlement.treasury).toBe((gross / 100n).toString());
    expect(j.settlement.runners.reduce((s, r) => s + BigInt(r.amount), 0n)).toBe(gross - gross / 10n - gross / 100n);

    // The actor held 100 CBY before the job: it paid the gross and its continuation's fee, and got the rest back.
    const spent = 100n * CBY - (await market.client.getBalance(settled.feed));
    expect(spent - gross).toBeGreaterThan(0n);
    expect(spent - gross).toBeLessThan(CBY / 10n);
    expect(await market.client.getBalance(fromHex("00".repeat(19) + "02"))).toBe(0n);
    for (const [, log] of market.runnerLogs) if (log.join("").includes(settled.jobId)) expect(log.join("")).toContain("usage http=1,output.kib=1");
    console.log(`e2e: usage-priced job ${settled.jobId} paid ${gross} of ${2n * CBY}; ${settled.blocks} blocks, ${Math.round(settled.wallMs)} ms wall`);
  });
});
