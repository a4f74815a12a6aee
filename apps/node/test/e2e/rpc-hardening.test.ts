// Hostile clients against the RPC server on 127.0.0.1 (issue 18, "The node cannot be stalled"):
// text/plain and browser-origin POSTs, wrong methods, an idle-socket flood, slow headers, aborted
// requests, WebSocket caps, fan-out serialised once, and a subscriber that stops reading.
import { connect, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { z } from "zod";
import { defineMethod, MethodRegistry, RpcServer, type RpcLimits } from "../../src/rpc/index.js";

let calls = 0;
const registry = new MethodRegistry().register(
  defineMethod({
    name: "test_echo",
    summary: "returns its argument",
    params: [["value", z.string()]],
    handler: ([v]) => {
      calls++;
      return v;
    },
  }),
);
const JSON_HEADERS = { "content-type": "application/json" };
const ECHO = '{"jsonrpc":"2.0","id":1,"method":"test_echo","params":["hi"]}';

const servers: RpcServer[] = [];
const sockets: Socket[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.destroy();
  for (const s of servers.splice(0)) await s.close();
});

async function serve(options: { limits?: Partial<RpcLimits>; allowedOrigins?: string[]; internal?: unknown[] } = {}) {
  const server = new RpcServer({
    host: "127.0.0.1",
    port: 0,
    registry,
    topics: ["newHeads"],
    health: () => ({ height: "1" }),
    ...(options.limits ? { limits: options.limits } : {}),
    ...(options.allowedOrigins ? { allowedOrigins: options.allowedOrigins } : {}),
    onInternalError: (method, error) => options.internal?.push([method, error]),
  });
  servers.push(server);
  const port = await server.listen();
  return { server, port, url: `http://127.0.0.1:${port}` };
}

/** A raw TCP connection to the server, resolved once connected. */
function raw(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = connect(port, "127.0.0.1", () => resolve(s));
    s.on("error", () => {});
    s.once("error", reject);
    sockets.push(s);
  });
}

/** Resolves with the milliseconds until `s` closed, or undefined when it is still open after `ms`. */
function closedWithin(s: Socket, ms: number): Promise<number | undefined> {
  const start = performance.now();
  return new Promise((resolve) => {
    if (s.destroyed || s.readyState === "closed") return resolve(0);
    const timer = setTimeout(() => resolve(undefined), ms);
    s.once("close", () => {
      clearTimeout(timer);
      resolve(performance.now() - start);
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("HTTP requests a browser or a wrong client sends", () => {
  it("refuses a text/plain POST with 415 without running the method", async () => {
    const { url } = await serve();
    const before = calls;
    const plain = await fetch(url, { method: "POST", body: ECHO }); // fetch's default: text/plain;charset=UTF-8
    expect(plain.status).toBe(415);
    expect(await plain.json()).toMatchObject({ error: { code: -32600, message: "Content-Type must be application/json" } });
    const form = await fetch(url, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: ECHO });
    expect(form.status).toBe(415);
    expect(calls).toBe(before);
    const ok = await fetch(url, { method: "POST", headers: { "content-type": "Application/JSON; charset=utf-8" }, body: ECHO });
    expect(await ok.json()).toEqual({ jsonrpc: "2.0", id: 1, result: "hi" });
    expect(calls).toBe(before + 1);
  });

  it("refuses browser origins with 403 unless allowed, and answers an allowed one's preflight", async () => {
    const { url } = await serve();
    const before = calls;
    const refused = await fetch(url, { method: "POST", headers: { ...JSON_HEADERS, origin: "https://evil.example" }, body: ECHO });
    expect(refused.status).toBe(403);
    expect(calls).toBe(before);
    expect((await fetch(`${url}/health`, { headers: { origin: "https://evil.example" } })).status).toBe(403);

    const allowed = await serve({ allowedOrigins: ["http://localhost:3000"] });
    const ok = await fetch(allowed.url, { method: "POST", headers: { ...JSON_HEADERS, origin: "http://localhost:3000" }, body: ECHO });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("access-control-allow-origin")).toBe("http://localhost:3000");
    const preflight = await fetch(allowed.url, { method: "OPTIONS", headers: { origin: "http://localhost:3000", "access-control-request-method": "POST" } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-headers")).toBe("content-type");
    expect((await fetch(allowed.url, { method: "POST", headers: { ...JSON_HEADERS, origin: "http://localhost:3001" }, body: ECHO })).status).toBe(403);
  });

  it("answers 405 for a method a route does not serve; GET routes can be added", async () => {
    const { server, url } = await serve();
    server.route("/metrics", () => ({ contentType: "text/plain; version=0.0.4", body: "cowboy_up 1\n" }));
    const get = await fetch(url);
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
    expect((await fetch(url, { method: "PUT", headers: JSON_HEADERS, body: ECHO })).status).toBe(405);
    const metrics = await fetch(`${url}/metrics`);
    expect([metrics.status, metrics.headers.get("content-type"), await metrics.text()]).toEqual([200, "text/plain; version=0.0.4", "cowboy_up 1\n"]);
    const postHealth = await fetch(`${url}/health`, { method: "POST", headers: JSON_HEADERS, body: ECHO });
    expect([postHealth.status, postHealth.headers.get("allow")]).toEqual([405, "GET"]);
    expect((await fetch(`${url}/nope`)).status).toBe(404);
    expect(() => server.route("/metrics", () => ({ body: "" }))).toThrow(/registered twice/);
  });
});

describe("sockets that hold the server", () => {
  it("caps connections and reaps idle ones: a flood of idle sockets neither exhausts the server nor stays", async () => {
    const { port, url, server } = await serve({ limits: { maxConnections: 20, idleTimeoutMs: 400 } });
    const flood = await Promise.all(Array.from({ length: 60 }, () => raw(port)));
    await sleep(100);
    const stats = await server.stats();
    expect(stats.connections).toBeLessThanOrEqual(20);
    // the 40 beyond the cap were closed on accept; the rest once idle
    const closed = await Promise.all(flood.map((s) => closedWithin(s, 5_000)));
    expect(closed.every((ms) => ms !== undefined)).toBe(true);
    expect((await server.stats()).connections).toBe(0);
    // and an honest client is served afterwards
    expect(await (await fetch(url, { method: "POST", headers: JSON_HEADERS, body: ECHO })).json()).toMatchObject({ result: "hi" });
  });

  it("closes a connection that sends its headers too slowly, with 408", async () => {
    const { port } = await serve({ limits: { headersTimeoutMs: 300, requestTimeoutMs: 600, idleTimeoutMs: 20_000 } });
    const s = await raw(port);
    let answer = "";
    s.on("data", (d) => (answer += d));
    s.write("POST / HTTP/1.1\r\nhost: 127.0.0.1\r\n");
    const ms = await closedWithin(s, 5_000);
    expect(ms).toBeDefined();
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it("does not log a request whose client went away mid-body as an error", async () => {
    const internal: unknown[] = [];
    const { port, url } = await serve({ internal });
    for (let i = 0; i < 5; i++) {
      const s = await raw(port);
      s.write(`POST / HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n{"jsonrpc":`);
      await sleep(20);
      s.destroy();
    }
    await sleep(200);
    expect(internal).toEqual([]);
    expect(await (await fetch(url, { method: "POST", headers: JSON_HEADERS, body: ECHO })).json()).toMatchObject({ result: "hi" });
  });
});

/** Opens a WebSocket (optionally with headers); resolves when open, rejects with the server's refusal. */
function ws(url: string, headers: Record<string, string> = {}): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url.replace("http", "ws"), { headers });
    socket.once("open", () => resolve(socket));
    socket.once("error", reject);
  });
}

/** Sends one request on `socket` and resolves with its response. */
function request(socket: WebSocket, id: number, method: string, params: unknown[]): Promise<{ result?: unknown; error?: { code: number; message: string } }> {
  return new Promise((resolve) => {
    const onMessage = (data: WebSocket.RawData) => {
      const message = JSON.parse(String(data));
      if (message.id !== id) return;
      socket.off("message", onMessage);
      resolve(message);
    };
    socket.on("message", onMessage);
    socket.send(JSON.stringify({ jsonrpc: "2.0", id, method, params }));
  });
}

describe("WebSocket subscribers", () => {
  it("caps sockets (503) and refuses browser origins (403)", async () => {
    const { url, server } = await serve({ limits: { maxWebSockets: 3 } });
    const open = await Promise.all([ws(url), ws(url), ws(url)]);
    await expect(ws(url)).rejects.toThrow(/503/);
    open[0]!.close();
    await new Promise((r) => open[0]!.once("close", r));
    await sleep(50);
    const again = await ws(url);
    expect((await server.stats()).webSockets).toBe(3);
    await expect(ws(url, { origin: "https://evil.example" })).rejects.toThrow(/403/);
    for (const s of [...open.slice(1), again]) s.close();
  });

  it("caps subscriptions over all sockets", async () => {
    const { url, server } = await serve({ limits: { maxSubscriptions: 5, maxSubscriptionsPerSocket: 3 } });
    const [a, b] = await Promise.all([ws(url), ws(url)]);
    for (let i = 0; i < 3; i++) expect((await request(a!, i, "cowboy_subscribe", ["newHeads"])).result).toMatch(/^0x/);
    expect((await request(a!, 9, "cowboy_subscribe", ["newHeads"])).error).toMatchObject({ code: -32005, message: "at most 3 subscriptions per connection" });
    for (let i = 0; i < 2; i++) expect((await request(b!, i, "cowboy_subscribe", ["newHeads"])).result).toMatch(/^0x/);
    expect((await request(b!, 9, "cowboy_subscribe", ["newHeads"])).error).toMatchObject({ code: -32005 });
    expect((await server.stats()).subscriptions).toBe(5);
    a!.close();
    await new Promise((r) => a!.once("close", r));
    await sleep(50);
    expect((await server.stats()).subscriptions).toBe(2);
    expect((await request(b!, 10, "cowboy_subscribe", ["newHeads"])).result).toMatch(/^0x/);
    b!.close();
  });

  it("serialises a notification once for all its subscribers", async () => {
    const { url, server } = await serve();
    const clients = await Promise.all([ws(url), ws(url), ws(url)]);
    const ids = await Promise.all(clients.map(async (c, i) => (await request(c, i, "cowboy_subscribe", ["newHeads"])).result as string));
    const received = clients.map((c) => new Promise<unknown>((resolve) => c.once("message", (d) => resolve(JSON.parse(String(d))))));
    let serialised = 0;
    server.publish("newHeads", {
      toJSON() {
        serialised++;
        return { height: "7" };
      },
    });
    const messages = await Promise.all(received);
    expect(serialised).toBe(1);
    expect(messages).toEqual(ids.map((id) => ({ jsonrpc: "2.0", method: "cowboy_subscription", params: { subscription: id, result: { height: "7" } } })));
    for (const c of clients) c.close();
  });

  it("drops a subscriber that stops reading, while one that reads gets everything", async () => {
    const { url, server } = await serve({ limits: { maxBufferedBytes: 256 * 1024 } });
    const [slow, fast] = await Promise.all([ws(url), ws(url)]);
    await request(slow!, 1, "cowboy_subscribe", ["newHeads"]);
    await request(fast!, 1, "cowboy_subscribe", ["newHeads"]);
    // the slow client stops reading its socket: the kernel's buffers fill, then the server's
    (slow as unknown as { _socket: Socket })._socket.pause();
    const chunk = "x".repeat(1024 * 1024);
    let got = 0;
    fast!.on("message", () => got++);
    let published = 0;
    while ((await server.stats()).slowSubscribersDropped === 0 && published < 200) {
      server.publish("newHeads", { n: published, chunk });
      published++;
      while (got < published) await sleep(1);
    }
    const stats = await server.stats();
    expect(stats.slowSubscribersDropped).toBe(1);
    expect(stats.subscriptions).toBe(1);
    expect(stats.webSockets).toBe(1);
    server.publish("newHeads", { n: published, chunk: "" });
    while (got < published + 1) await sleep(1);
    expect(got).toBe(published + 1);
    fast!.close();
  });
});
