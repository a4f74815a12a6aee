// The MCP executor (job kind "mcp"; cips/sdk.md "Job kinds", cips/runner-process.md "MCP"): spec {server, tool,
// arguments?} where `server` is a Streamable-HTTP URL on the job's allow_domains. The URL passes the HTTP executor's
// egress guard (allowlist, resolved-address checks; loopback only on a devnet runner) before the SDK connects.
// Result: the tool's structuredContent, else its text content parsed as JSON (else the text).
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { EntitlementGate } from "../entitlements.js";
import { RunnerError } from "../errors.js";
import { checkEgressTarget, type EgressOptions } from "./http.js";
import { asRecord, requireString } from "./spec.js";

export interface McpSpec {
  readonly server: string;
  readonly tool: string;
  readonly arguments?: Readonly<Record<string, unknown>>;
}

export interface McpOptions extends EgressOptions {
  /** Bound for connect + call (default 30,000 ms). */
  readonly timeoutMs?: number;
  /** Bound on the result's JSON size (default 65,536 bytes). */
  readonly maxOutputBytes?: number;
}

export function parseMcpSpec(value: unknown): McpSpec {
  const spec = asRecord(value, "mcp spec");
  const server = requireString(spec, "server", "mcp spec");
  const tool = requireString(spec, "tool", "mcp spec");
  const args = spec.arguments === undefined ? undefined : asRecord(spec.arguments, "mcp spec arguments");
  return { server, tool, ...(args === undefined ? {} : { arguments: args }) };
}

function resultValue(result: { isError?: boolean; structuredContent?: unknown; content?: unknown }): unknown {
  const text = Array.isArray(result.content)
    ? result.content
        .filter((c): c is { type: "text"; text: string } => typeof c === "object" && c !== null && (c as { type?: unknown }).type === "text")
        .map((c) => c.text)
        .join("")
    : "";
  if (result.isError) throw new RunnerError("MCP_FAILED", `the tool reported an error: ${text.slice(0, 200)}`);
  if (result.structuredContent !== undefined) return result.structuredContent;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export async function runMcp(specValue: unknown, gate: EntitlementGate, options: McpOptions): Promise<unknown> {
  gate.require("mcp", "an mcp job");
  const spec = parseMcpSpec(specValue);
  let url: URL;
  try {
    url = new URL(spec.server);
  } catch {
    throw new RunnerError("INVALID_SPEC", `mcp spec: server '${spec.server}' is not a URL`);
  }
  await checkEgressTarget(url, options);
  const timeout = options.timeoutMs ?? 30_000;
  const signal = AbortSignal.timeout(timeout);
  const client = new Client({ name: "cowboy-runner", version: "0.1.0" });
  const transport = new StreamableHTTPClientTransport(url);
  try {
    try {
      await client.connect(transport, { signal, timeout });
    } catch (error) {
      // The server cannot be reached or does not speak MCP: an external fault (cips/runner-process.md "Fault reports").
      throw new RunnerError("MCP_FAILED", `cannot connect to the MCP server ${spec.server}: ${(error as Error).message}`, { server: spec.server, fault: "external" });
    }
    const result = await client.callTool({ name: spec.tool, arguments: { ...spec.arguments } }, undefined, { signal, timeout });
    const value = resultValue(result as never);
    const size = new TextEncoder().encode(JSON.stringify(value)).length;
    const bound = options.maxOutputBytes ?? 65_536;
    if (size > bound) throw new RunnerError("OUTPUT_TOO_LARGE", `the tool's result exceeds ${bound} bytes of JSON`, { bound });
    return value;
  } catch (error) {
    if (error instanceof RunnerError) throw error;
    throw new RunnerError("MCP_FAILED", `MCP call ${spec.server}/${spec.tool} failed: ${(error as Error).message}`, { server: spec.server, tool: spec.tool });
  } finally {
    await client.close().catch(() => undefined);
  }
}
