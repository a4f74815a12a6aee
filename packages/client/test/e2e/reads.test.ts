// The explorer's reads (src/reads.ts, src/optional-methods.ts, src/subscribe.ts) against a loopback server that answers
// as a node does: methods it serves, methods it does not (-32601), and a WebSocket subscription.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { toHex } from "@cowboy/codec";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocketServer } from "ws";
import { ClientError, createClient, decodeCertificate } from "../../src/index.js";

// A devnet block's header.certificate (one validator, view 105 finalized): tag 1, round (0, 105), parent view 104, the
// payload digest, signer set {size 1, bits 0x80}, then the aggregate signature and the seed.
const CERTIFICATE =
  "0x010000000000000000000000000000006900000000000000684253ee1a5b6f1eaacba446e902fadfb595de4a55ed1b1dade15c93812c55a91e0180b5b5dad5d5d4e0f420a36c3b1c77f8accfe502538084f5fa2dd2117d12b74d058f2826e6148eac8be4dd71fefa491fd1028b6ee90402f5cf582078db5d21b294dace2d8303500271887d2159aa03711b5da0fa85f286324627249925f409ae08af1f6c4e237107bee88a902582325dd35795adfd852f1f65fe8cf79c03cf2f5e0a6131077b9be31dcd7aa274b1dda66e14747c0bc80c01f1de1edbc80cb6190dae8e952437eb0e710942d314906e1c39d49ba9e9b50eee8ac2fff4fd8ea2acc7";

const VALIDATOR = {
  index: 0,
  address: "0x873acfccdfa85b83a598f2d885cb274090ab816d",
  stake: "1000000000000000",
  bls_public_key: `0x${"ab".repeat(48)}`,
  network_key: `0x${"cd".repeat(32)}`,
  connected: true,
};

let server: Server;
let wss: WebSocketServer;
let url = "";
const results: Record<string, unknown> = {
  cowboy_validators: [VALIDATOR],
  cowboy_pendingCount: 3,
  cowboy_getTrace: null,
  cowboy_getTimerHistory: [{ timerId: "0x01", handler: "beat", reason: "cancelled", height: 12 }],
};

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      const { id, method } = JSON.parse(body) as { id: number; method: string };
      const answer =
        method in results
          ? { jsonrpc: "2.0", id, result: results[method] }
          : method === "cowboy_getTransaction"
            ? { jsonrpc: "2.0", id, error: { code: -32001, message: "transaction not found" } }
            : method === "cowboy_getLogs"
              ? { jsonrpc: "2.0", id, error: { code: -32003, message: "this node keeps no observation index" } }
              : { jsonrpc: "2.0", id, error: { code: -32601, message: `unknown method ${method}` } };
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(answer));
    });
  });
  wss = new WebSocketServer({ server });
  wss.on("connection", (socket) => {
    socket.on("message", (data) => {
      const { id, params } = JSON.parse(String(data)) as { id: number; params: string[] };
      if (params[0] !== "newHeads") return socket.send(JSON.stringify({ jsonrpc: "2.0", id, error: { code: -32602, message: `unknown topic ${params[0]}` } }));
      socket.send(JSON.stringify({ jsonrpc: "2.0", id, result: "0x7" }));
      for (const height of [5, 6])
        socket.send(JSON.stringify({ jsonrpc: "2.0", method: "cowboy_subscription", params: { subscription: "0x7", result: { height: String(height) } } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const socket of wss.clients) socket.terminate();
  await new Promise<void>((resolve) => wss.close(() => resolve()));
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe("explorer reads", () => {
  it("decodes a block certificate: kind, round, parent view, signers", () => {
    const certificate = decodeCertificate(Uint8Array.from(Buffer.from(CERTIFICATE.slice(2), "hex")))!;
    expect(certificate.kind).toBe("finalization");
    expect(certificate.epoch).toBe(0n);
    expect(certificate.view).toBe(105n);
    expect(certificate.parentView).toBe(104n);
    expect(toHex(certificate.payload)).toBe("4253ee1a5b6f1eaacba446e902fadfb595de4a55ed1b1dade15c93812c55a91e");
    expect(certificate.setSize).toBe(1);
    expect(certificate.signers).toEqual([0]);
    expect(certificate.signature.length).toBe(96);
    expect(decodeCertificate(new Uint8Array(0))).toBeNull();
  });

  it("parses validators and the pending count; unknown transactions are null", async () => {
    const client = createClient({ url });
    const [validator] = (await client.getValidators())!;
    expect(toHex(validator!.address)).toBe(VALIDATOR.address.slice(2));
    expect(validator!.stake).toBe(1_000_000_000_000_000n);
    expect(validator!.connected).toBe(true);
    expect(await client.getPendingCount()).toBe(3);
    expect(await client.getTransactionInfo(new Uint8Array(32))).toBeNull();
  });

  it("answers undefined for methods the node does not serve (-32601) or not here (-32003), and passes other errors on", async () => {
    const client = createClient({ url });
    expect(await client.getConsensus()).toBeUndefined();
    expect(await client.getLogs({ address: new Uint8Array(20) })).toBeUndefined();
    expect(await client.getActorInterface(new Uint8Array(20))).toBeUndefined();
    expect(await client.getTrace(new Uint8Array(32))).toBeNull();
    expect(await client.getTimerHistory(new Uint8Array(20))).toEqual([{ timerId: "0x01", handler: "beat", reason: "cancelled", height: 12n }]);
    await expect(client.getAccount(new Uint8Array(20))).rejects.toBeInstanceOf(ClientError);
  });

  it("subscribes over a WebSocket and delivers each notification; a refused topic rejects with the node's code", async () => {
    const client = createClient({ url });
    const seen: unknown[] = [];
    let resolveTwo = (): void => {};
    const two = new Promise<void>((resolve) => (resolveTwo = resolve));
    const subscription = await client.subscribe("newHeads", (value) => {
      seen.push(value);
      if (seen.length === 2) resolveTwo();
    });
    await two;
    subscription.close();
    expect(subscription.id).toBe("0x7");
    expect(seen).toEqual([{ height: "5" }, { height: "6" }]);
    // A socket the node drops is reported once.
    const errors: Error[] = [];
    await client.subscribe("newHeads", () => {}, { onError: (error) => errors.push(error) });
    for (const socket of wss.clients) socket.terminate();
    await expect.poll(() => errors.length).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(errors.length).toBe(1);
    expect((errors[0] as ClientError).code).toBe("NETWORK");
    const refused = await client.subscribe("nope", () => {}).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ClientError);
    expect((refused as ClientError).code).toBe(-32602);
  });
});
