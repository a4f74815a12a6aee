import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { z } from "zod";
import { MethodRegistry, RpcError, RpcErrorCode, RpcServer, defineMethod, handlePayload } from "../../src/rpc/index.js";

/** The node serves JSON-RPC only to bodies declared as JSON. */
const JSON_HEADERS = { "content-type": "application/json" };

const internal: Array<[string, unknown]> = [];
const registry = new MethodRegistry().register(
  defineMethod({
    name: "test_add",
    summary: "adds two u64 decimal strings",
    params: [
      ["a", z.string().regex(/^\d+$/, "expected a decimal string")],
      ["b", z.string().regex(/^\d+$/, "expected a decimal string").optional()],
    ],
    handler: ([a, b]) => BigInt(a) + BigInt(b ?? "0"),
  }),
  defineMethod({
    name: "test_missing",
    summary: "always not found",
    params: [],
    handler: () => {
      throw new RpcError(RpcErrorCode.NotFound, "no such block", { height: "9" });
    },
  }),
  defineMethod({
    name: "test_bug",
    summary: "a handler with a bug",
    params: [],
    handler: () => {
      throw new TypeError("secret internals");
    },
  }),
);

async function rpc(payload: string): Promise<unknown> {
  const reply = await handlePayload(registry, payload, (m, e) => internal.push([m, e]));
  return reply === undefined ? undefined : JSON.parse(reply);
}

describe("handlePayload", () => {
  it("answers a call with bigints as decimal strings", async () => {
    expect(await rpc('{"jsonrpc":"2.0","id":1,"method":"test_add","params":["18446744073709551615","1"]}')).toEqual({
      jsonrpc: "2.0",
      id: 1,
      result: "18446744073709551616",
    });
  });

  it("lets optional trailing params be omitted", async () => {
    expect(await rpc('{"jsonrpc":"2.0","id":"x","method":"test_add","params":["5"]}')).toEqual({ jsonrpc: "2.0", id: "x", result: "5" });
  });

  it("names the bad parameter", async () => {
    expect(await rpc('{"jsonrpc":"2.0","id":2,"method":"test_add","params":["5","x"]}')).toEqual({
      jsonrpc: "2.0",
      id: 2,
      error: { code: -32602, message: "invalid b: expected a decimal string" },
    });
    expect(await rpc('{"jsonrpc":"2.0","id":3,"method":"test_add","params":[5]}')).toMatchObject({ error: { code: -32602, message: expect.stringMatching(/^invalid a: /) } });
    expect(await rpc('{"jsonrpc":"2.0","id":4,"method":"test_add","params":["1","2","3"]}')).toMatchObject({
      error: { code: -32602, message: "test_add takes at most 2 params, got 3" },
    });
    expect(await rpc('{"jsonrpc":"2.0","id":5,"method":"test_add","params":{"a":"1"}}')).toMatchObject({ error: { code: -32602, message: "params must be an array" } });
  });

  it("reports parse errors, invalid requests and unknown methods with the standard codes", async () => {
    expect(await rpc("{not json")).toEqual({ jsonrpc: "2.0", id: null, error: { code: -32700, message: "the request is not valid JSON" } });
    expect(await rpc('{"id":1,"method":"test_add"}')).toMatchObject({ id: 1, error: { code: -32600 } });
    expect(await rpc('{"jsonrpc":"2.0","id":{},"method":"test_add"}')).toMatchObject({ id: null, error: { code: -32600 } });
    expect(await rpc("42")).toMatchObject({ error: { code: -32600 } });
    expect(await rpc('{"jsonrpc":"2.0","id":1,"method":"eth_call"}')).toEqual({
      jsonrpc: "2.0",
      id: 1,
      error: { code: -32601, message: "the method eth_call does not exist" },
    });
  });

  it("passes RpcError data through and hides internal errors", async () => {
    expect(await rpc('{"jsonrpc":"2.0","id":1,"method":"test_missing"}')).toEqual({
      jsonrpc: "2.0",
      id: 1,
      error: { code: -32001, message: "no such block", data: { height: "9" } },
    });
    expect(await rpc('{"jsonrpc":"2.0","id":1,"method":"test_bug"}')).toEqual({ jsonrpc: "2.0", id: 1, error: { code: -32603, message: "internal error" } });
    expect(internal.at(-1)?.[0]).toBe("test_bug");
  });

  it("handles batches and notifications", async () => {
    const batch = '[{"jsonrpc":"2.0","id":1,"method":"test_add","params":["1","1"]},{"jsonrpc":"2.0","method":"test_add","params":["1"]},5]';
    expect(await rpc(batch)).toEqual([
      { jsonrpc: "2.0", id: 1, result: "2" },
      { jsonrpc: "2.0", id: null, error: { code: -32600, message: "a request must be a JSON object" } },
    ]);
    expect(await rpc('{"jsonrpc":"2.0","method":"test_add","params":["1"]}')).toBeUndefined();
    expect(await rpc("[]")).toMatchObject({ error: { code: -32600 } });
    const big = JSON.stringify(Array.from({ length: 101 }, (_, i) => ({ jsonrpc: "2.0", id: i, method: "test_add", params: ["1"] })));
    expect(await rpc(big)).toMatchObject({ error: { code: -32005 } });
  });
});

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
