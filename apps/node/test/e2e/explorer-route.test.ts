// Pages the node serves itself call it (issue 26): a prefix route answers GET /explorer/…, the node's own origins may
// POST JSON-RPC and open WebSockets, other origins are still refused (issue 18); a node without an explorer build
// starts and says so.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { z } from "zod";
import { devnetGenesis } from "../../src/chain/genesis.js";
import { createLogger } from "../../src/logger.js";
import { startNode } from "../../src/node.js";
import { defineMethod, MethodRegistry, RpcServer } from "../../src/rpc/index.js";

const JSON_HEADERS = { "content-type": "application/json" };
const ECHO = '{"jsonrpc":"2.0","id":1,"method":"test_echo","params":["hi"]}';
const dir = mkdtempSync(join(tmpdir(), "cowboy-explorer-route-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function openSocket(url: string, origin: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url.replace("http", "ws"), { origin });
    socket.once("open", () => resolve(socket));
    socket.once("error", reject);
  });
}

describe("the explorer's route and origins", () => {
  it("serves a prefix route and lets the node's own origins call it, and no one else", async () => {
    const registry = new MethodRegistry().register(defineMethod({ name: "test_echo", summary: "echo", params: [["v", z.string()]], handler: ([v]) => v }));
    const server = new RpcServer({ host: "127.0.0.1", port: 0, registry, topics: ["newHeads"], health: () => ({}) });
    const seen: string[] = [];
    server.routePrefix("/explorer", (path) => {
      seen.push(path);
      return { contentType: "text/plain", body: new TextEncoder().encode(`file ${path}`), headers: { "x-test": "1" } };
    });
    expect(() => server.routePrefix("/explorer", () => ({ body: "" }))).toThrow(/registered twice/);
    expect(() => server.routePrefix("/a/b", () => ({ body: "" }))).toThrow(/one path segment/);
    const port = await server.listen();
    const url = `http://127.0.0.1:${port}`;
    try {
      const page = await fetch(`${url}/explorer/assets/x.js?v=1`);
      expect(page.status).toBe(200);
      expect(page.headers.get("x-test")).toBe("1");
      expect(await page.text()).toBe("file /explorer/assets/x.js");
      expect(await (await fetch(`${url}/explorer`)).text()).toBe("file /explorer");
      expect((await fetch(`${url}/explorers`)).status).toBe(404);
      expect(seen).toEqual(["/explorer/assets/x.js", "/explorer"]);

      for (const origin of [`http://127.0.0.1:${port}`, `http://localhost:${port}`]) {
        const answer = await fetch(url, { method: "POST", headers: { ...JSON_HEADERS, origin }, body: ECHO });
        expect(answer.status).toBe(200);
        expect(((await answer.json()) as { result: string }).result).toBe("hi");
        (await openSocket(url, origin)).close();
      }
      for (const origin of [`http://127.0.0.1:${port + 1}`, "http://evil.example", `http://evil.example:${port}`]) {
        expect((await fetch(url, { method: "POST", headers: { ...JSON_HEADERS, origin }, body: ECHO })).status).toBe(403);
        await expect(openSocket(url, origin)).rejects.toThrow(/403/);
      }
    } finally {
      await server.close();
    }
  });

  it("starts without an explorer build, says so in its log, and answers /explorer with how to build it", async () => {
    let log = "";
    const node = await startNode({
      dataDir: join(dir, "chain"),
      genesis: devnetGenesis(),
      blockTimeMs: 0,
      rpcHost: "127.0.0.1",
      rpcPort: 0,
      reset: true,
      logger: createLogger({ level: "info", format: "text", write: (t) => void (log += t) }),
      explorerDir: join(dir, "no-build"),
    });
    try {
      expect(log).toContain("explorer not built");
      const answer = await fetch(`${node.rpcUrl}/explorer/`);
      expect(answer.status).toBe(404);
      expect(await answer.text()).toContain("pnpm --filter @cowboy/explorer build");
    } finally {
      await node.close();
    }
  });
});
