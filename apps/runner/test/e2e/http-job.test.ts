// Runner market end to end (issue 22; cips/runner-process.md): a devnet node process (`cowboy devnet start`), an HTTP
// price server on 127.0.0.1, five `cowboy runner start` processes. An actor posts an http job with runner.submit
// (3 runners, quorum 2, majority_vote); the committee drawn from the beacon acks, commits and reveals; the job settles
// after the challenge window and the continuation stores the result. `cowboy runner status`, `cowboy job list` and
// `cowboy job status` read it back; each runner's own log shows the state machine.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { toHex } from "@cowboy/codec";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeTinyGguf } from "../../src/llm/tiny-gguf.js";
import { devAddress, type Market, runLlmJob, runPriceJob, startMarket } from "../utils/market-harness.js";

const RUNNERS = 5;
const modelDir = mkdtempSync(join(tmpdir(), "cowboy-runner-model-"));
const modelPath = join(modelDir, "tiny.gguf");
/** The embedded model every runner serves; its id is keccak256 of the file (cips/runner-process.md "LLM"). */
const MODEL = toHex(writeTinyGguf(modelPath, new Uint8Array(32).fill(1)));
let market: Market;

beforeAll(async () => {
  market = await startMarket({ runners: RUNNERS, blockTimeMs: 100, llmModel: modelPath });
}, 600_000);
afterAll(async () => {
  await market?.close();
  rmSync(modelDir, { recursive: true, force: true });
});

describe("runner market end to end: devnet + 5 runner processes", () => {
  it("an actor's http job is executed by the committee, settles, and the continuation stores the result", async () => {
    const runners = Array.from({ length: RUNNERS }, (_, i) => devAddress(i + 1));
    for (const r of runners) {
      const status = await market.cowboy(["runner", "status", r, "--json"]);
      expect(status.code, status.stderr).toBe(0);
      expect(JSON.parse(status.stdout)).toMatchObject({ address: r, status: "active", provides: ["compute", "llm", "net.http"], models: [MODEL] });
    }
    const settled = await runPriceJob(market, { runners: 3, quorum: 2 });
    const [, status, result] = settled.seen;
    const { jobId } = settled;
    if (status !== "ok") {
      console.log((await market.cowboy(["job", "status", jobId])).stdout);
      for (const [who, log] of market.runnerLogs)
        console.log(
          who,
          log
            .join("")
            .split("\n")
            .filter((l) => l.includes(jobId.slice(0, 12)) || l.includes("failed"))
            .slice(-12)
            .join("\n"),
        );
    }
    expect(status).toBe("ok");
    expect(result.get("price")).toBe(4242n);

    const listed = JSON.parse((await market.cowboy(["job", "list", "--actor", `0x${toHex(settled.feed)}`, "--json"])).stdout) as { id: string }[];
    expect(listed.map((j) => j.id)).toEqual([jobId]);
    const job = await market.cowboy(["job", "status", jobId, "--json"]);
    const j = JSON.parse(job.stdout) as { status: string; committee: string[]; reveals: { runner: string }[]; result: unknown };
    expect(j.status).toBe("settled");
    expect(j.committee.length).toBe(3);
    expect(j.committee.every((m) => runners.includes(m))).toBe(true);
    expect(j.reveals.length).toBe(3);
    expect(j.result).toEqual({ price: 4242, source: "e2e" });
    expect(market.priceHits()).toBe(3); // each committee member fetched once; no one else did
    expect((await market.cowboy(["job", "status", jobId])).stdout).toMatch(/^status settled/m);
    console.log(`e2e: http job ${jobId} settled; continuation ${settled.blocks} blocks after the submit block, ${Math.round(settled.wallMs)} ms wall`);
    // Each committee member walked the job through its states; the runners outside the committee never saw it.
    for (const [who, log] of market.runnerLogs) {
      const text = log.join("");
      if (j.committee.includes(who)) for (const step of ["seen", "acked", "executed", "committed", "revealed"]) expect(text).toContain(`job ${jobId} ${step}`);
      else expect(text).not.toContain(jobId);
    }
  });

  it("an llm job on the embedded model: the three runners reveal identical bytes and the continuation gets the answer", async () => {
    const settled = await runLlmJob(market, MODEL);
    const [, status, result] = settled.seen;
    expect(status).toBe("ok");
    expect(["up", "down", "flat"]).toContain(result.get("verdict"));
    expect(typeof result.get("confident")).toBe("boolean");
    const j = JSON.parse((await market.cowboy(["job", "status", settled.jobId, "--json"])).stdout) as { status: string; reveals: { outputHex: string }[]; failures: unknown[] };
    expect(j.status).toBe("settled");
    expect(j.reveals.length).toBe(3);
    expect(new Set(j.reveals.map((r) => r.outputHex)).size).toBe(1);
    expect(j.failures).toEqual([]);
    console.log(`e2e: llm job ${settled.jobId} settled with ${JSON.stringify(Object.fromEntries(result))}; ${settled.blocks} blocks, ${Math.round(settled.wallMs)} ms wall`);
  });
});
