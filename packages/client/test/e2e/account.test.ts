import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fromHex, toHex } from "@cowboy/codec";
import { addressFromPrivateKey, secp256k1 } from "@cowboy/crypto";
import { encodeDeployManifest } from "@cowboy/runner-market";
import { createTransactionFromBytes } from "@cowboy/types";
import { privateKeyToAccount as viemAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ClientError, type CowboyAccount, createClient, normalizeSignature, privateKeyToAccount } from "../../src/index.js";

// A loopback JSON-RPC node that answers the three reads sendTransaction makes and keeps the raw
// transactions it is sent, so the test can decode and verify exactly what a viem account signed.
const KEY = new Uint8Array(32).fill(0x42);
const received: Uint8Array[] = [];
let server: Server;
let url = "";

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      const { method, params, id } = JSON.parse(body) as { method: string; params: string[]; id: number };
      const results: Record<string, unknown> = { cowboy_chainId: "7", cowboy_getNonce: "3", cowboy_basefees: { cycle: "10", cell: "20" } };
      if (method === "cowboy_sendRawTransaction") received.push(fromHex(params[0]!.slice(2)));
      const result = method === "cowboy_sendRawTransaction" ? `0x${"00".repeat(32)}` : results[method];
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ jsonrpc: "2.0", id, result }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("a viem account signs Cowboy transactions", () => {
  it("viem's privateKeyToAccount produces the same transaction bytes as the raw key (v 27/28 normalised to 0/1)", async () => {
    const client = createClient({ url });
    const to = new Uint8Array(20).fill(0xab);
    const account = viemAccount(`0x${toHex(KEY)}`);
    expect(account.address.toLowerCase()).toBe(`0x${toHex(addressFromPrivateKey(KEY))}`);
    const viaViem = await client.transfer({ account, to, amount: 5n });
    const viaKey = await client.transfer({ privateKey: KEY, to, amount: 5n });
    const viaOurs = await client.transfer({ account: privateKeyToAccount(KEY), to, amount: 5n });
    expect(toHex(viaViem.encode())).toBe(toHex(viaKey.encode()));
    expect(toHex(viaOurs.encode())).toBe(toHex(viaKey.encode()));
    const decoded = createTransactionFromBytes(received[0]!);
    expect(decoded.verify()).toBe(true);
    expect(decoded.nonce).toBe(3n);
    expect(decoded.chainId).toBe(7n);
    expect(toHex(decoded.from)).toBe(toHex(addressFromPrivateKey(KEY)));
    const viemSig = await account.sign({ hash: `0x${toHex(decoded.signingHash())}` });
    expect([27, 28]).toContain(Number.parseInt(viemSig.slice(-2), 16));
    expect(decoded.signature[64]).toBe(Number.parseInt(viemSig.slice(-2), 16) - 27);
  });

  it("refuses an account whose signature is for another key, malformed, or missing both signers", async () => {
    const client = createClient({ url });
    const to = new Uint8Array(20).fill(0xab);
    const liar: CowboyAccount = { address: addressFromPrivateKey(KEY), sign: ({ hash }) => secp256k1.sign(fromHex(hash.slice(2)), new Uint8Array(32).fill(9)) };
    await expect(client.transfer({ account: liar, to, amount: 1n })).rejects.toThrow(/recovers to 0x[0-9a-f]{40}, not to its address/);
    const short: CowboyAccount = { address: addressFromPrivateKey(KEY), sign: () => "0x1234" };
    await expect(client.transfer({ account: short, to, amount: 1n })).rejects.toThrow(ClientError);
    expect(() => normalizeSignature(new Uint8Array(65).fill(5))).toThrow("has v = 5");
    await expect(client.transfer({ to, amount: 1n } as never)).rejects.toThrow("give exactly one of privateKey and account");
    await expect(client.transfer({ account: { address: "0x12", sign: () => "0x" }, to, amount: 1n })).rejects.toThrow(/account.address must be 20 bytes/);
  });

  it("deployActor sends a plain deploy_actor, or with requires a deploy_actor_with_manifest carrying the manifest", async () => {
    const client = createClient({ url });
    const before = received.length;
    const plain = await client.deployActor({ privateKey: KEY, source: "x = 1\n" });
    const withManifest = await client.deployActor({ privateKey: KEY, source: "x = 1\n", requires: ["llm", { name: "net.http", inheritable: true }] });
    expect(withManifest.address).toEqual(plain.address);
    const [a, b] = received.slice(before).map((raw) => createTransactionFromBytes(raw).instruction);
    expect(a!.type).toBe("deploy_actor");
    expect(b).toMatchObject({
      type: "deploy_actor_with_manifest",
      manifest: encodeDeployManifest([
        { name: "llm", inheritable: false },
        { name: "net.http", inheritable: true },
      ]),
    });
  });
});
