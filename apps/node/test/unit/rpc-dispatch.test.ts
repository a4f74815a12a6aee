import { describe, expect, it } from "vitest";
import { handlePayload } from "../../src/rpc/index.js";
import { internal, registry } from "../utils/rpc-registry.js";

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
