import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ClientError, createClient, httpTransport } from "../../src/index.js";

// A loopback HTTP server answering with scripted bodies, to check how the transport reports each
// kind of failure a real node or proxy can produce.
let server: Server;
let url = "";
const replies: Record<string, { status: number; body: string; delayMs?: number }> = {
  ok: { status: 200, body: '{"jsonrpc":"2.0","id":1,"result":"1337"}' },
  rpcError: { status: 200, body: '{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"invalid address: expected hex","data":{"x":1}}}' },
  notJson: { status: 502, body: "<html>bad gateway</html>" },
  empty: { status: 200, body: '{"jsonrpc":"2.0","id":1}' },
  slow: { status: 200, body: '{"jsonrpc":"2.0","id":1,"result":1}', delayMs: 500 },
};

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      const { method } = JSON.parse(body) as { method: string };
      const reply = replies[method] ?? replies.ok!;
      setTimeout(() => res.writeHead(reply.status, { "content-type": "application/json" }).end(reply.body), reply.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function failure(promise: Promise<unknown>): Promise<ClientError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ClientError);
    return error as ClientError;
  }
  throw new Error("expected a ClientError");
}

describe("httpTransport", () => {
  it("returns the result and parses it into library types", async () => {
    expect(await createClient({ url }).getChainId()).toBe(1337n);
  });

  it("carries the node's error code, message and data", async () => {
    const error = await failure(httpTransport({ url })("rpcError"));
    expect(error.code).toBe(-32602);
    expect(error.message).toBe("invalid address: expected hex");
    expect(error.data).toEqual({ x: 1 });
  });

  it("reports non-JSON bodies, missing results, timeouts and unreachable nodes", async () => {
    expect((await failure(httpTransport({ url })("notJson"))).code).toBe("HTTP");
    expect((await failure(httpTransport({ url })("empty"))).code).toBe("BAD_RESPONSE");
    const slow = await failure(httpTransport({ url, timeoutMs: 50 })("slow"));
    expect(slow.code).toBe("TIMEOUT");
    expect(slow.message).toContain("within 50 ms");
    const closed = await failure(httpTransport({ url: "http://127.0.0.1:1" })("ok"));
    expect(closed.code).toBe("NETWORK");
  });
});
