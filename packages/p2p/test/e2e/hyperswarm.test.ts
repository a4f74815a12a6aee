// The optional hyperswarm overlay (src/hyperswarm) on loopback only: a local hyperdht testnet bound to
// 127.0.0.1 is the only bootstrap (DEPENDENCIES.md, "Network safety"). Same identity, framing and
// Network contract as the QUIC network.
import { toHex } from "@cowboy/codec";
import { ed25519 } from "@cowboy/crypto";
import createTestnet, { type Testnet } from "hyperdht/testnet.js";
import { afterEach, describe, expect, it } from "vitest";
import { createHyperswarmNetwork, type HyperswarmNetwork } from "../../src/hyperswarm/index.js";
import { seed, until } from "./cluster.js";

const opened: HyperswarmNetwork[] = [];
let testnet: Testnet | undefined;
afterEach(async () => {
  await Promise.all(opened.splice(0).map((n) => n.close()));
  await testnet?.destroy();
  testnet = undefined;
});

const topic = new Uint8Array(32).fill(0x42);

async function start(n: number, extra: { maxMessageSize?: number } = {}): Promise<HyperswarmNetwork[]> {
  testnet ??= await createTestnet(3, { host: "127.0.0.1" });
  const nodes: HyperswarmNetwork[] = [];
  for (let i = 0; i < n; i++) {
    const node = createHyperswarmNetwork({ privateKey: seed(20 + opened.length), bootstrap: testnet.bootstrap, topic, ...extra });
    opened.push(node);
    nodes.push(node);
    await node.joined(); // one after the other: peers joining at the same instant find each other late (DEPENDENCIES.md)
  }
  return nodes;
}

describe("hyperswarm overlay (loopback testnet)", () => {
  it("refuses to start without an explicit bootstrap list", () => {
    expect(() => createHyperswarmNetwork({ privateKey: seed(1), bootstrap: [], topic })).toThrow(expect.objectContaining({ code: "INVALID_ARGUMENT" }));
  });

  it("connects, keeps the Ed25519 identity, and delivers frames in order with the authenticated `from`", async () => {
    const [a, b, c] = (await start(3)) as [HyperswarmNetwork, HyperswarmNetwork, HyperswarmNetwork];
    expect(a.self).toBe(toHex(ed25519.getPublicKey(seed(20))));
    await until("full mesh", () => [a, b, c].every((x) => x.peers().length === 2), 30_000);
    const got: string[] = [];
    b.handle(3, (from, m) => got.push(`${from === a.self ? "a" : from === c.self ? "c" : "?"}${m[0]}`));
    for (let i = 0; i < 50; i++) expect(a.send([b.self], 3, Uint8Array.of(i))).toEqual([b.self]);
    c.send("all", 3, Uint8Array.of(99));
    await until("delivered", () => got.length === 51);
    expect(got.filter((g) => g.startsWith("a"))).toEqual([...Array(50).keys()].map((i) => `a${i}`));
    expect(got).toContain("c99");
  });

  it("an oversize frame blocks the sender; a blocked peer is refused by the firewall", async () => {
    const [a, b] = (await start(2, { maxMessageSize: 64 })) as [HyperswarmNetwork, HyperswarmNetwork];
    await until("connected", () => a.peers().includes(b.self) && b.peers().includes(a.self), 30_000);
    // a sender with a larger bound (misbehaving) joins and sends 100 bytes to b
    const [big] = await start(1);
    await until("big connected to b", () => big!.peers().includes(b.self) && b.peers().includes(big!.self), 30_000);
    const got: number[] = [];
    b.handle(1, (_from, m) => got.push(m.length));
    big!.send([b.self], 1, new Uint8Array(100));
    a.send([b.self], 1, new Uint8Array(64));
    await until("a's message arrives and big is gone", () => got.length === 1 && !b.peers().includes(big!.self));
    expect(got).toEqual([64]);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(b.peers()).not.toContain(big!.self); // the firewall refuses its reconnection
  });
});
