// Runner market end to end (issue 22; cips/runner-process.md): a devnet node process (`cowboy devnet start`), an HTTP
// price server on 127.0.0.1, five `cowboy runner start` processes. An actor posts an http job with runner.submit
// (3 runners, quorum 2, majority_vote); the committee drawn from the beacon acks, commits and reveals; the job settles
// after the challenge window and the continuation stores the result. `cowboy runner status`, `cowboy job list` and
// `cowboy job status` read it back; each runner's own log shows the state machine. On the same chain and runners:
// an llm job on the embedded model, a deterministic (TEE) job whose reveals carry attestations signed by the enclave key
// the devnet lists (`cowboy devnet start --tee-enclave`, `cowboy runner start --tee-key --tee-measurement`), an MCP
// tool call, and a container job under runc on an image the devnet allowlists (`--container-image`; skipped, with
// the reason printed, where runc, root or busybox is missing).
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fromHex, toHex } from "@cowboy/codec";
import { ed25519, keccak256 } from "@cowboy/crypto";
import { openAttestedOutput } from "@cowboy/runner-market";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeTinyGguf } from "../../src/llm/tiny-gguf.js";
import { buildBusyboxLayout } from "../../src/container/oci.js";
import { containerSupport } from "../../src/container/runc.js";
import { startMcpServer } from "../fixtures/mcp-server.js";
import { devAddress, type Market, runLlmJob, runPriceJob, startMarket } from "../utils/market-harness.js";
import { continuationOf, deployPoster, postJob } from "../utils/poster.js";

const RUNNERS = 5;
const modelDir = mkdtempSync(join(tmpdir(), "cowboy-runner-model-"));
const modelPath = join(modelDir, "tiny.gguf");
/** The embedded model every runner serves; its id is keccak256 of the file (cips/runner-process.md "LLM"). */
const MODEL = toHex(writeTinyGguf(modelPath, new Uint8Array(32).fill(1)));
/** The enclave every runner "runs": its image measurement and the Ed25519 key that platform certified for it. */
const TEE_SECRET = keccak256(new TextEncoder().encode("cowboy e2e enclave key"));
const MEASUREMENT = toHex(keccak256(new TextEncoder().encode("cowboy e2e enclave image")));
const TEE_PUBLIC = toHex(ed25519.getPublicKey(TEE_SECRET));
const support = containerSupport();
const noContainers = !existsSync("/bin/busybox") ? "busybox-static is not installed (/bin/busybox)" : support.ok ? "" : support.reason;
const layoutDir = join(modelDir, "oci");
const IMAGE = noContainers === "" ? buildBusyboxLayout(layoutDir) : "";
let market: Market;
let mcp: Awaited<ReturnType<typeof startMcpServer>>;

beforeAll(async () => {
  if (noContainers !== "") console.log(`container job skipped: ${noContainers}`);
  mcp = await startMcpServer();
  market = await startMarket({
    runners: RUNNERS,
    blockTimeMs: 100,
    llmModel: modelPath,
    provides: `net.http,compute,llm,mcp,tee${IMAGE === "" ? "" : ",oci.run"}`,
    devnetArgs: ["--tee-enclave", `${MEASUREMENT}:${TEE_PUBLIC}`, ...(IMAGE === "" ? [] : ["--container-image", IMAGE])],
    runnerArgs: () => ["--tee-key", `0x${toHex(TEE_SECRET)}`, "--tee-measurement", `0x${MEASUREMENT}`, ...(IMAGE === "" ? [] : ["--oci-layout", layoutDir])],
  });
}, 600_000);
afterAll(async () => {
  await market?.close();
  await mcp?.close();
  rmSync(modelDir, { recursive: true, force: true });
});

describe("runner market end to end: devnet + 5 runner processes", () => {
  it("an actor's http job is executed by the committee, settles, and the continuation stores the result", async () => {
    const runners = Array.from({ length: RUNNERS }, (_, i) => devAddress(i + 1));
    const registered = { status: "active", provides: ["compute", "llm", "mcp", "net.http", ...(IMAGE === "" ? [] : ["oci.run"]), "tee"], models: [MODEL] };
    // `cowboy runner status` for one runner (each CLI start costs seconds on a loaded machine); the RPC for the rest.
    const shown = await market.cowboy(["runner", "status", runners[0]!, "--json"]);
    expect(shown.code, shown.stderr).toBe(0);
    expect(JSON.parse(shown.stdout)).toMatchObject({ address: runners[0], ...registered });
    for (const r of runners.slice(1)) expect(await market.client.request("cowboy_getRunner", [r])).toMatchObject({ address: r, ...registered });
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

  it("a deterministic job: every reveal is attested by the listed enclave; the continuation gets the bare result", async () => {
    const poster = await deployPoster(market, 0x7e);
    const schema = { type: "object", properties: { price: { type: "integer" } }, required: ["price"] };
    const { jobId } = await postJob(market, poster, {
      kind: "http",
      spec: { method: "GET", url: market.priceUrl },
      schema,
      runners: 3,
      quorum: 2,
      verification: "deterministic",
      maxPrice: 1_000_000_000n,
      allowDomains: ["127.0.0.1"],
    });
    const [status, result] = await continuationOf(market, poster, jobId);
    expect(status).toBe("ok");
    expect(result).toEqual(
      new Map<string, unknown>([
        ["price", 4242n],
        ["source", "e2e"],
      ]),
    );
    const j = (await market.client.request<{
      status: string;
      requires: string[];
      committee: string[];
      reveals: { runner: string; outputHex: string }[];
      failures: unknown[];
      result: unknown;
    }>("cowboy_getJob", [jobId]))!;
    expect(j.status).toBe("settled");
    expect(j.requires).toContain("tee");
    expect(j.failures).toEqual([]);
    expect(j.result).toEqual({ price: 4242, source: "e2e" });
    expect(j.reveals).toHaveLength(3);
    const enclaves = [{ measurement: fromHex(MEASUREMENT), attestationKey: fromHex(TEE_PUBLIC) }];
    for (const r of j.reveals) {
      // Each reveal is {result, attestation} signed for this job and this runner by the listed enclave key.
      const opened = openAttestedOutput(fromHex(r.outputHex.slice(2)), fromHex(jobId.slice(2)), fromHex(r.runner.slice(2)), enclaves);
      expect(opened).toMatchObject({ ok: true });
      // The same reveal does not open for another runner (the document names its runner).
      expect(openAttestedOutput(fromHex(r.outputHex.slice(2)), fromHex(jobId.slice(2)), new Uint8Array(20), enclaves)).toMatchObject({ ok: false });
    }
    for (const who of j.committee) expect(market.runnerLogs.get(who)!.join("")).toContain(`job ${jobId} executed`);
    console.log(`e2e: deterministic (TEE) job ${jobId} settled on 3 attested reveals`);
  });

  it("an mcp job calls the tool on the test's MCP server; the committee agrees", async () => {
    const poster = await deployPoster(market, 0x3c);
    const { jobId } = await postJob(market, poster, {
      kind: "mcp",
      spec: { server: mcp.url, tool: "add", arguments: { a: 40, b: 2 } },
      schema: { type: "object", properties: { sum: { type: "integer" } }, required: ["sum"] },
      runners: 3,
      quorum: 2,
      verification: "majority_vote",
      maxPrice: 1_000_000_000n,
      allowDomains: ["127.0.0.1"],
    });
    const [status, result] = await continuationOf(market, poster, jobId);
    expect(status).toBe("ok");
    expect(result).toEqual(new Map([["sum", 42n]]));
    const j = (await market.client.request<{ status: string; reveals: unknown[]; failures: unknown[] }>("cowboy_getJob", [jobId]))!;
    expect(j).toMatchObject({ status: "settled", failures: [] });
    expect(j.reveals).toHaveLength(3);
  });

  it.skipIf(IMAGE === "")("a container job runs under runc on the allowlisted busybox image on each committee member", async () => {
    const poster = await deployPoster(market, 0xc0);
    const { jobId } = await postJob(market, poster, {
      kind: "container",
      spec: { image: IMAGE, command: ["/bin/sh", "-c", 'echo "{\\"n\\": $((6*7))}"'] },
      schema: { type: "object", properties: { n: { type: "integer" } }, required: ["n"] },
      runners: 3,
      quorum: 2,
      verification: "majority_vote",
      maxPrice: 1_000_000_000n,
    });
    const [status, result] = await continuationOf(market, poster, jobId);
    expect(status).toBe("ok");
    expect(result).toEqual(new Map([["n", 42n]]));
    const j = (await market.client.request<{ status: string; committee: string[]; reveals: unknown[]; failures: unknown[] }>("cowboy_getJob", [jobId]))!;
    expect(j).toMatchObject({ status: "settled", failures: [] });
    expect(j.reveals).toHaveLength(3);
    for (const who of j.committee) expect(market.runnerLogs.get(who)!.join("")).toContain(`job ${jobId} executed`);
  });
});
