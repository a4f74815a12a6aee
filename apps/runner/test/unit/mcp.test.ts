import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EntitlementGate } from "../../src/entitlements.js";
import { isRunnerError } from "../../src/errors.js";
import { runMcp } from "../../src/executors/mcp.js";
import { startMcpServer } from "../fixtures/mcp-server.js";

const gate = new EntitlementGate(["mcp"]);
let server: Awaited<ReturnType<typeof startMcpServer>>;
let tools = "";
const servers = { allowDomains: ["127.0.0.1"], devnet: true };
beforeAll(async () => {
  server = await startMcpServer();
  tools = server.url;
});
afterAll(() => server.close());

async function code(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    if (isRunnerError(e)) return e.code;
    throw e;
  }
  return "no error";
}

describe("mcp executor", () => {
  it("calls a tool and returns its structured content", async () => {
    expect(await runMcp({ server: tools, tool: "add", arguments: { a: 40, b: 2 } }, gate, servers)).toEqual({ sum: 42 });
  });
  it("parses a text result as JSON", async () => {
    expect(await runMcp({ server: tools, tool: "quote", arguments: { symbol: "CBY" } }, gate, servers)).toEqual({ symbol: "CBY", price: 101 });
  });
  it("reports tool errors, unknown tools and servers, and bad arguments", async () => {
    expect(await code(runMcp({ server: tools, tool: "fail" }, gate, servers))).toBe("MCP_FAILED");
    expect(await code(runMcp({ server: tools, tool: "nope" }, gate, servers))).toBe("MCP_FAILED");
    expect(await code(runMcp({ server: tools, tool: "add", arguments: { a: "x", b: 2 } }, gate, servers))).toBe("MCP_FAILED");
    expect(await code(runMcp({ server: "http://127.0.0.1:9/mcp", tool: "add", arguments: { a: 1, b: 2 } }, gate, { ...servers, timeoutMs: 2_000 }))).toBe("MCP_FAILED");
  });
  it("guards the server URL like an http job: allowlist, loopback only on a devnet, no other schemes", async () => {
    expect(await code(runMcp({ server: tools, tool: "add", arguments: { a: 1, b: 2 } }, gate, { allowDomains: ["127.0.0.1"] }))).toBe("HTTP_ADDRESS_FORBIDDEN");
    expect(await code(runMcp({ server: tools.replace("127.0.0.1", "localhost"), tool: "add" }, gate, servers))).toBe("HTTP_DOMAIN_NOT_ALLOWED");
    expect(await code(runMcp({ server: "file:///etc/passwd", tool: "add" }, gate, servers))).toBe("INVALID_SPEC");
  });
  it("refuses without the mcp entitlement, and bounds the output", async () => {
    expect(await code(runMcp({ server: tools, tool: "add", arguments: { a: 1, b: 2 } }, new EntitlementGate([]), servers))).toBe("ENTITLEMENT_MISSING");
    expect(await code(runMcp({ server: tools, tool: "add", arguments: { a: 1, b: 2 } }, gate, { ...servers, maxOutputBytes: 4 }))).toBe("OUTPUT_TOO_LARGE");
    expect(await code(runMcp({ server: tools }, gate, servers))).toBe("INVALID_SPEC");
  });
});
