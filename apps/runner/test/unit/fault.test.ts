// Fault classification (cips/runner-process.md "Fault reports"): real executor failures become fault reports with
// progress honest runners measure identically — the target down or answering 5xx (external), a compute job over its
// CPU bound (impossible, with the bound as `compute.ms`) — and others (4xx, a bad spec) stay unclassified.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { faultReportOutput, openFaultReport } from "@cowboy/runner-market";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EntitlementGate } from "../../src/entitlements.js";
import { executeJob, type JobInput } from "../../src/execute.js";
import { faultReportOf } from "../../src/fault.js";
import { createOpenAiBackend } from "../../src/llm/openai.js";
import { freePort } from "../utils/ports.js";

let server: Server;
let base = "";
beforeAll(async () => {
  server = createServer((req, res) => {
    res.statusCode = req.url?.startsWith("/down") ? 503 : 404;
    res.end("{}");
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const gate = new EntitlementGate(["net.http", "compute"]);
const job = (kind: string, spec: unknown): JobInput => ({
  id: new Uint8Array(32).fill(1),
  kind,
  spec,
  resultSchema: { type: "object" },
  allowDomains: ["127.0.0.1"],
  secrets: [],
  volumes: [],
  requires: [kind === "http" ? "net.http" : "compute"],
});
async function failure(input: JobInput): Promise<unknown> {
  try {
    await executeJob(input, { gate, devnet: true, httpTimeoutMs: 5_000 });
  } catch (error) {
    return error;
  }
  throw new Error("the job did not fail");
}

describe("fault classification", () => {
  it("a target nobody listens on (connection refused) is an external fault: one http.attempt", async () => {
    const error = await failure(job("http", { method: "GET", url: `http://127.0.0.1:${await freePort()}/price` }));
    const report = faultReportOf("http", error)!;
    expect(report.fault).toBe("external");
    expect(report.progress).toEqual(new Map([["http.attempt", 1n]]));
    expect(report.detail).toBe("HTTP_NETWORK");
    // The committed bytes open as that report on chain.
    expect(openFaultReport(faultReportOutput(report))).toEqual(report);
  });

  it("a 5xx is external; a 4xx is not a fault (nothing is committed)", async () => {
    expect(faultReportOf("http", await failure(job("http", { method: "GET", url: `${base}/down` })))).toMatchObject({
      fault: "external",
      detail: "HTTP_STATUS",
    });
    expect(faultReportOf("http", await failure(job("http", { method: "GET", url: `${base}/missing` })))).toBeNull();
    expect(faultReportOf("http", await failure(job("http", { method: "TRACE", url: `${base}/x` })))).toBeNull();
  });

  it("a compute job over its CPU bound is impossible; progress is the bound itself", async () => {
    const report = faultReportOf("compute", await failure(job("compute", { language: "javascript", code: "for (;;) {}", max_seconds: 1 })))!;
    expect(report.fault).toBe("impossible");
    expect(report.progress).toEqual(
      new Map([
        ["compute.attempt", 1n],
        ["compute.ms", 1_000n],
      ]),
    );
  });

  it("a model that is unavailable (its endpoint answers 503, or this runner does not serve it) is external", async () => {
    const llm = createOpenAiBackend({ baseUrl: `${base}/down/v1`, model: "tiny" });
    const gateLlm = new EntitlementGate(["llm"]);
    const input = (model: string): JobInput => ({ ...job("llm", { model, prompt: "price?" }), requires: ["llm"] });
    const fail = async (j: JobInput) =>
      executeJob(j, { gate: gateLlm, llm }).then(
        () => {
          throw new Error("the job did not fail");
        },
        (e: unknown) => e,
      );
    // The server answers 503 to /down…: the endpoint is down.
    expect(faultReportOf("llm", await fail(input("tiny")))).toMatchObject({ fault: "external", progress: new Map([["llm.attempt", 1n]]) });
    expect(faultReportOf("llm", await fail(input("other-model")))).toMatchObject({
      fault: "external",
      detail: "LLM_FAILED",
    });
  });

  it("an MCP server nobody listens on is external", async () => {
    const mcp: JobInput = { ...job("http", { server: `http://127.0.0.1:${await freePort()}/mcp`, tool: "price" }), kind: "mcp", requires: ["mcp"] };
    const error = await executeJob(mcp, { gate: new EntitlementGate(["mcp"]), devnet: true }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(faultReportOf("mcp", error)).toMatchObject({
      fault: "external",
      progress: new Map([["mcp.attempt", 1n]]),
      detail: "MCP_FAILED",
    });
  });

  it("anything that is not a classified runner error is not a fault", () => {
    expect(faultReportOf("http", new Error("boom"))).toBeNull();
  });
});
