// Failure variants against real runner processes (issue 22; cips/runner-process.md "Test faults"): a devnet and four
// `cowboy runner start` processes, one started with --test-fault tamper (commits and reveals a different, schema-valid
// output) and one with --test-fault no-reveal (commits, never reveals). An http job on all four (quorum 2) still settles
// on the honest majority; over RPC the tamperer is a `minority` failure and the silent one a `no_reveal` failure, both
// lose reputation and neither is slashed (operational failures), while the honest two are paid and gain reputation.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { devAddress, type Market, runPriceJob, startMarket } from "../utils/market-harness.js";

const TAMPER = 1;
const SILENT = 2;
let market: Market;

beforeAll(async () => {
  market = await startMarket({
    runners: 4,
    blockTimeMs: 200,
    runnerArgs: (i) => (i === TAMPER ? ["--test-fault", "tamper"] : i === SILENT ? ["--test-fault", "no-reveal"] : []),
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

describe("a tampering and a non-revealing runner process", () => {
  it("the job settles on the honest majority; the outcome per runner is visible over RPC", async () => {
    const before = new Map<string, RunnerRecord>();
    for (let i = 1; i <= 4; i++) before.set(devAddress(i), (await market.client.request<RunnerRecord>("cowboy_getRunner", [devAddress(i)]))!);
    const settled = await runPriceJob(market, { runners: 4, quorum: 2, salt: 9 });
    const [, status, result] = settled.seen;
    if (status !== "ok") for (const [who, log] of market.runnerLogs) console.log(who, log.join("").slice(-2500));
    expect(status).toBe("ok");
    expect(result.get("price")).toBe(4242n);
    expect(result.has("tampered")).toBe(false);

    const j = (await market.client.request<{ status: string; committee: string[]; reveals: { runner: string }[]; failures: { runner: string; reason: string }[] }>(
      "cowboy_getJob",
      [settled.jobId],
    ))!;
    expect(j.status).toBe("settled");
    expect(j.committee.length).toBe(4);
    expect(j.reveals.map((r) => r.runner)).not.toContain(devAddress(SILENT));
    expect(j.failures).toEqual(
      expect.arrayContaining([
        { runner: devAddress(TAMPER), reason: "minority" },
        { runner: devAddress(SILENT), reason: "no_reveal" },
      ]),
    );
    expect(j.failures.length).toBe(2);

    const after = new Map<string, RunnerRecord>();
    for (let i = 1; i <= 4; i++) after.set(devAddress(i), (await market.client.request<RunnerRecord>("cowboy_getRunner", [devAddress(i)]))!);
    for (const bad of [TAMPER, SILENT]) {
      const a = after.get(devAddress(bad))!;
      const b = before.get(devAddress(bad))!;
      expect(BigInt(a.reputation)).toBeLessThan(BigInt(b.reputation));
      expect(a.jobsFailed).toBe("1");
      expect(a.jobsPaid).toBe("0");
      expect(a.slashed).toBe("0");
      expect(a.stake).toBe(b.stake);
    }
    for (const good of [3, 4]) {
      const a = after.get(devAddress(good))!;
      expect(BigInt(a.reputation)).toBeGreaterThan(BigInt(after.get(devAddress(TAMPER))!.reputation));
      expect(BigInt(a.reputation)).toBeGreaterThanOrEqual(BigInt(before.get(devAddress(good))!.reputation));
      expect(a.jobsPaid).toBe("1");
      expect(a.jobsFailed).toBe("0");
    }
    const tamperLog = market.runnerLogs.get(devAddress(TAMPER))!.join("");
    expect(tamperLog).toContain(`job ${settled.jobId} output tampered (test fault)`);
    expect(market.runnerLogs.get(devAddress(SILENT))!.join("")).toContain(`job ${settled.jobId} reveal withheld (test fault)`);
    console.log(
      `e2e faults: job ${settled.jobId} settled in ${settled.blocks} blocks; reputation ${[1, 2, 3, 4].map((i) => `${i}:${before.get(devAddress(i))!.reputation}→${after.get(devAddress(i))!.reputation}`).join(" ")}`,
    );
  });
});
