import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { RpcServer } from "../../src/rpc/index.js";
import { JSON_HEADERS, registry } from "../utils/rpc-registry.js";

describe("RpcServer on loopback", () => {
  const server = new RpcServer({ host: "127.0.0.1", port: 0, registry, topics: ["newHeads"], health: () => ({ height: "3" }), maxBodyBytes: 4096 });
  let url = "";
  beforeAll(async () => {
    const port = await server.listen();
    url = `http://127.0.0.1:${port}`;
  });
  afterAll(() => server.close());

  it("serves JSON-RPC over HTTP POST", async () => {
    const res = await fetch(url, { method: "POST", headers: JSON_HEADERS, body: '{"jsonrpc":"2.0","id":7,"method":"test_add","params":["2","3"]}' });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json");
    expect(await res.json()).toEqual({ jsonrpc: "2.0", id: 7, result: "5" });
  });

  it("answers health, refuses other routes and oversized bodies, and stays up", async () => {
    expect(await (await fetch(`${url}/health`)).json()).toEqual({ status: "ok", height: "3" });
    expect((await fetch(`${url}/nope`)).status).toBe(404);
    const huge = await fetch(url, { method: "POST", headers: JSON_HEADERS, body: "x".repeat(10_000) });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toMatchObject({ error: { code: -32005 } });
    const garbage = await fetch(url, { method: "POST", headers: JSON_HEADERS, body: "\u0000\u0001{{{" });
    expect(await garbage.json()).toMatchObject({ error: { code: -32700 } });
    const after = await fetch(url, { method: "POST", headers: JSON_HEADERS, body: '{"jsonrpc":"2.0","id":1,"method":"test_add","params":["1"]}' });
    expect(await after.json()).toEqual({ jsonrpc: "2.0", id: 1, result: "1" });
  });

  it("answers a notification-only POST with 204", async () => {
    const res = await fetch(url, { method: "POST", headers: JSON_HEADERS, body: '{"jsonrpc":"2.0","method":"test_add","params":["1"]}' });
    expect(res.status).toBe(204);
  });

  it("delivers subscriptions over WebSocket until unsubscribed", async () => {
    const socket = new WebSocket(url.replace("http", "ws"));
    const messages: unknown[] = [];
    const next = () => new Promise<unknown>((resolve) => socket.once("message", (data) => resolve(JSON.parse(String(data)))));
    await new Promise((resolve) => socket.once("open", resolve));
    socket.on("message", (data) => messages.push(JSON.parse(String(data))));

    socket.send('{"jsonrpc":"2.0","id":1,"method":"cowboy_subscribe","params":["blocks"]}');
    expect(await next()).toMatchObject({ id: 1, error: { code: -32602, message: "invalid topic: blocks (one of newHeads)" } });

    socket.send('{"jsonrpc":"2.0","id":2,"method":"cowboy_subscribe","params":["newHeads"]}');
    const { result: id } = (await next()) as { result: string };
    expect(id).toMatch(/^0x[0-9a-f]+$/);

    const pushed = next();
    server.publish("newHeads", { height: 4n });
    expect(await pushed).toEqual({ jsonrpc: "2.0", method: "cowboy_subscription", params: { subscription: id, result: { height: "4" } } });

    socket.send('{"jsonrpc":"2.0","id":3,"method":"test_add","params":["40","2"]}');
    expect(await next()).toEqual({ jsonrpc: "2.0", id: 3, result: "42" });

    socket.send(`{"jsonrpc":"2.0","id":4,"method":"cowboy_unsubscribe","params":["${id}"]}`);
    expect(await next()).toEqual({ jsonrpc: "2.0", id: 4, result: true });
    const count = messages.length;
    server.publish("newHeads", { height: 5n });
    socket.send('{"jsonrpc":"2.0","id":5,"method":"test_add","params":["1"]}');
    expect(await next()).toEqual({ jsonrpc: "2.0", id: 5, result: "1" });
    expect(messages.length).toBe(count + 1);
    socket.close();
  });
});
