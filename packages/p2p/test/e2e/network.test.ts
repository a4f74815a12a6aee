// End to end over real QUIC sockets on 127.0.0.1 (issue 17, "@cowboy/p2p" tests): discovery through one
// bootstrap node, direct sends with the authenticated `from`, FIFO per channel, gossip to all, blocking,
// oversize frames, and a restarted node (same key, new port) reconnected.
import { toHex } from "@cowboy/codec";
import { ed25519 } from "@cowboy/crypto";
import { afterEach, describe, expect, it } from "vitest";
import { Cluster, fullMesh, linked, seed, until } from "./cluster.js";
import { DEFAULT_SCORING } from "../../src/index.js";

const cluster = new Cluster();
afterEach(() => cluster.closeAll());

const bytes = (...values: number[]) => Uint8Array.from(values);

describe("@cowboy/p2p over QUIC on loopback", () => {
  it("4 nodes discover each other through one bootstrap node (kad-dht), and listen on QUIC v1", async () => {
    const { boot, nodes } = await cluster.star(4);
    const ms = await until("every node connected to every other", () => fullMesh(nodes));
    for (const node of nodes) {
      expect(node.peers()).toContain(boot.self);
      expect(node.peerCount).toBe(4);
    }
    // each node's identity is the Ed25519 public key of the seed in its key file
    expect(nodes.map((n) => n.self)).toEqual([1, 2, 3, 4].map((i) => toHex(ed25519.getPublicKey(seed(i)))));
    for (const address of [...nodes.flatMap((n) => n.addresses()), ...boot.addresses()]) {
      expect(address).toMatch(/^\/ip4\/127\.0\.0\.1\/udp\/\d+\/quic-v1\/p2p\/12D3KooW[1-9A-HJ-NP-Za-km-z]+$/);
    }
    console.log(`discovery of a 4-node mesh through one bootstrap: ${ms.toFixed(0)} ms`);
  });

  it("a direct send arrives once, with the sender's key as `from`, in FIFO order on its channel", async () => {
    const { nodes } = await cluster.star(2);
    const [a, b] = nodes as [NonNullable<(typeof nodes)[0]>, NonNullable<(typeof nodes)[0]>];
    await until("a and b connected", () => linked(a, b));
    const got: { from: string; message: Uint8Array }[] = [];
    const other: Uint8Array[] = [];
    b.handle(7, (from, message) => got.push({ from, message }));
    b.handle(8, (_from, message) => other.push(message));
    const count = 2000;
    for (let i = 0; i < count; i++) {
      expect(a.send([b.self], 7, bytes(i & 0xff, i >> 8, 0xaa))).toEqual([b.self]);
      if (i % 100 === 0) a.send([b.self], 8, bytes(i / 100));
    }
    await until("all messages delivered", () => got.length === count && other.length === 20);
    expect(new Set(got.map((g) => g.from))).toEqual(new Set([toHex(ed25519.getPublicKey(seed(1)))]));
    expect(got.map((g) => g.message[0]! | (g.message[1]! << 8))).toEqual([...Array(count).keys()]);
    expect(got[5]!.message).toEqual(bytes(5, 0, 0xaa));
    expect(other.map((m) => m[0])).toEqual([...Array(20).keys()]);
    // one long-lived stream carried all of it (a second only if a second connection had appeared and settled)
    expect(a.stats().streamsOpened).toBeGreaterThanOrEqual(1);
    expect(a.stats().streamsOpened).toBeLessThanOrEqual(2);
    expect(a.stats().sent).toBe(count + 20);
    expect(b.stats().received).toBe(count + 20);
    // an offline or unknown recipient is skipped, never thrown at
    expect(a.send(["ab".repeat(32), "not a key"], 7, bytes(1))).toEqual([]);
  });

  it("gossip reaches every subscriber, with the originator as `from`; a rejected message is delivered nowhere and costs its relayer", async () => {
    const { boot, nodes } = await cluster.star(4);
    await until("mesh", () => fullMesh(nodes));
    const topic = "/cowboy/test/1";
    const seen = new Map<string, string[]>();
    for (const n of [boot, ...nodes]) {
      seen.set(n.self, []);
      n.gossip.subscribe(topic, (from, message) => {
        if (message[0] === 0xff) return "reject";
        seen.get(n.self)!.push(`${from}:${message[0]}`);
        return "accept";
      });
    }
    const origin = nodes[0]!;
    await until("topic subscribers known", () => origin.gossip.subscribers(topic).length === 4, 10_000);
    const start = performance.now();
    await origin.gossip.publish(topic, bytes(42));
    await until("gossip at every other node", () => [boot, ...nodes.slice(1)].every((n) => seen.get(n.self)!.length === 1));
    console.log(`gossip delivery to 4 peers: ${(performance.now() - start).toFixed(1)} ms`);
    for (const n of [boot, ...nodes.slice(1)]) expect(seen.get(n.self)).toEqual([`${origin.self}:42`]);
    expect(seen.get(origin.self)).toEqual([]);
    await expect(origin.gossip.publish(topic, new Uint8Array(2 * 1024 * 1024))).rejects.toMatchObject({ code: "MESSAGE_TOO_LARGE" });
    // a message every subscriber rejects is delivered nowhere and costs the relayer GOSSIP_REJECTED (10 points) at
    // each peer it was sent to (gossipsub opens its outbound streams lazily: those are the peers `publish` names)
    const recipients = await origin.gossip.publish(topic, bytes(0xff));
    expect(recipients.length).toBeGreaterThan(0);
    const receivers = [boot, ...nodes].filter((n) => recipients.includes(n.self));
    await until("every recipient penalised the relayer", () => receivers.every((n) => n.score(origin.self) < -9));
    for (const n of [boot, ...nodes]) expect(seen.get(n.self)!.length).toBe(n === origin ? 0 : 1);
  });

  it("a blocked peer is disconnected, cannot reconnect and can no longer deliver", async () => {
    const { nodes } = await cluster.star(3);
    await until("mesh", () => fullMesh(nodes));
    const [a, b, c] = nodes as [(typeof nodes)[0] & object, (typeof nodes)[0] & object, (typeof nodes)[0] & object];
    const got: string[] = [];
    a.handle(1, (from) => got.push(from));
    b.send([a.self], 1, bytes(1));
    await until("first message", () => got.length === 1);
    a.block(b.self, { code: "INVALID_SIGNATURE", message: "test" });
    expect(a.isBlocked(b.self)).toBe(true);
    expect(a.peers()).not.toContain(b.self);
    await until("b sees the disconnect", () => !b.peers().includes(a.self));
    // b keeps redialling (a is a known peer) and keeps sending; a's gater refuses every attempt once TLS names b
    // (b may see a half-open connection for a moment, so b.send's answer is not the point: a's handler is)
    for (let i = 0; i < 15; i++) {
      b.send([a.self], 1, bytes(2));
      expect(a.peers()).not.toContain(b.self);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(got).toEqual([b.self]);
    c.send([a.self], 1, bytes(3));
    await until("c still delivers", () => got.length === 2);
    expect(got).toEqual([b.self, c.self]);
    expect(a.stats().blocked).toBe(1);
  });

  it("an oversize frame blocks its sender", async () => {
    const { nodes } = await cluster.star(2, { maxMessageSize: 1024, maxQueuedBytes: 1 << 20 });
    const [a, b] = nodes as [(typeof nodes)[0] & object, (typeof nodes)[0] & object];
    await until("connected", () => linked(a, b));
    const got: number[] = [];
    b.handle(3, (_f, m) => got.push(m.length));
    expect(() => a.send([b.self], 3, new Uint8Array(1025))).toThrow(expect.objectContaining({ code: "MESSAGE_TOO_LARGE" }));
    a.send([b.self], 3, new Uint8Array(1024));
    await until("a message at the bound arrives", () => got.length === 1);
    // A sender whose own bound is larger (a misbehaving or misconfigured peer) sends 1025 bytes.
    const big = await cluster.node(9, { bootstrap: b.addresses(), maxMessageSize: 1 << 16 });
    await until("big connected", () => linked(b, big));
    big.send([b.self], 3, new Uint8Array(4096));
    await until("b blocks big", () => b.isBlocked(big.self));
    expect(got).toEqual([1024]);
    expect(b.peers()).not.toContain(big.self);
    await until("big sees the disconnect", () => !big.peers().includes(b.self));
  });

  it("a restarted node (same key, new port) is reconnected and receives again", async () => {
    const { boot, nodes } = await cluster.star(3);
    await until("mesh", () => fullMesh(nodes));
    const [a, b, c] = nodes as [(typeof nodes)[0] & object, (typeof nodes)[0] & object, (typeof nodes)[0] & object];
    const oldAddress = c.addresses()[0]!;
    const received: string[] = [];
    c.handle(2, (from) => received.push(from));
    a.send([c.self], 2, bytes(1));
    await until("before restart", () => received.length === 1);
    await c.close();
    await until("a and b see c leave", () => !a.peers().includes(c.self) && !b.peers().includes(c.self));
    const restarted = await cluster.node(3, { bootstrap: boot.addresses() });
    expect(restarted.self).toBe(c.self);
    expect(restarted.addresses()[0]).not.toBe(oldAddress);
    const after: string[] = [];
    restarted.handle(2, (from) => after.push(from));
    const ms = await until("a and b reconnected to the restarted node", () => linked(a, restarted) && linked(b, restarted));
    a.send([c.self], 2, bytes(2));
    b.send([c.self], 2, bytes(3));
    await until("restarted node receives from both", () => after.length === 2);
    expect(after.sort()).toEqual([a.self, b.self].sort());
    console.log(`reconnection after restart: ${ms.toFixed(0)} ms`);
  });

  it("allowedPeers: outsiders may use only the open channels; their consensus frames are dropped and scored", async () => {
    const { boot, nodes } = await cluster.star(2);
    const [a, outsider] = nodes as [(typeof nodes)[0] & object, (typeof nodes)[0] & object];
    const validator = await cluster.node(5, { bootstrap: boot.addresses(), allowedPeers: [a.self], openChannels: [9] });
    await until("validator connected to both", () => linked(validator, a) && linked(validator, outsider));
    const got: string[] = [];
    validator.handle(1, (from) => got.push(`1:${from === a.self ? "a" : "outsider"}`));
    validator.handle(9, (from) => got.push(`9:${from === a.self ? "a" : "outsider"}`));
    outsider.send([validator.self], 1, bytes(1));
    outsider.send([validator.self], 9, bytes(2));
    a.send([validator.self], 1, bytes(3));
    await until("two deliveries", () => got.length === 2);
    await until("the unauthorized frame counted", () => validator.stats().dropped.unauthorized === 1);
    expect(got.sort()).toEqual(["1:a", "9:outsider"]);
    expect(validator.score(outsider.self)).toBeLessThan(-9);
    expect(validator.score(a.self)).toBe(0);
    // the outsider stays connected (a full node may gossip and use open channels) until its score runs out
    expect(validator.peers()).toContain(outsider.self);
    for (let i = 0; i < 10; i++) outsider.send([validator.self], 1, bytes(i));
    await until("outsider blocked at the threshold", () => validator.isBlocked(outsider.self));
    validator.setAllowedPeers(undefined);
    a.send([validator.self], 1, bytes(4));
    await until("a still delivers", () => got.length === 3);
  });

  it("with UNAUTHORIZED_CHANNEL at 0, an outsider's consensus frames are only dropped: it is never blocked and keeps the open channels", async () => {
    const { boot, nodes } = await cluster.star(1);
    const outsider = nodes[0]!;
    const validator = await cluster.node(7, {
      bootstrap: boot.addresses(),
      allowedPeers: [boot.self],
      openChannels: [9],
      scoring: { penalties: { ...DEFAULT_SCORING.penalties, UNAUTHORIZED_CHANNEL: 0 } },
    });
    await until("validator connected to the outsider", () => linked(validator, outsider));
    const got: number[] = [];
    validator.handle(1, () => got.push(1));
    validator.handle(9, () => got.push(9));
    // Thirty restricted frames: three times what blocks it under the default penalty.
    for (let i = 0; i < 30; i++) outsider.send([validator.self], 1, bytes(i));
    await until("the restricted frames counted", () => validator.stats().dropped.unauthorized === 30);
    outsider.send([validator.self], 9, bytes(1));
    await until("the open channel still delivers", () => got.length === 1);
    expect(got).toEqual([9]);
    expect(validator.score(outsider.self)).toBe(0);
    expect(validator.isBlocked(outsider.self)).toBe(false);
    expect(validator.peers()).toContain(outsider.self);
  });

  it("a flooding peer's excess messages are dropped and it is blocked when its score runs out", async () => {
    const { boot, nodes } = await cluster.star(1);
    const flooder = nodes[0]!;
    const guarded = await cluster.node(6, { bootstrap: boot.addresses(), scoring: { messagesPerSecond: 50 } });
    await until("connected", () => linked(guarded, flooder));
    let delivered = 0;
    guarded.handle(4, () => delivered++);
    for (let i = 0; i < 1000; i++) flooder.send([guarded.self], 4, bytes(i & 0xff));
    await until("flooder blocked", () => guarded.isBlocked(flooder.self));
    expect(guarded.stats().dropped.flood).toBeGreaterThanOrEqual(100);
    expect(delivered).toBeGreaterThanOrEqual(100);
    expect(delivered).toBeLessThan(300);
    expect(guarded.peers()).not.toContain(flooder.self);
  });

  it("a full outbound queue drops its oldest messages and counts them; the survivors arrive in order", async () => {
    const { nodes } = await cluster.star(2, { maxQueuedMessages: 10 });
    const [a, b] = nodes as [(typeof nodes)[0] & object, (typeof nodes)[0] & object];
    await until("connected", () => linked(a, b));
    const got: number[] = [];
    b.handle(5, (_f, m) => got.push(m[0]!));
    // the stream opens asynchronously, so all 100 are queued before the first write: 90 are dropped, oldest first
    for (let i = 0; i < 100; i++) a.send([b.self], 5, bytes(i));
    expect(a.stats().dropped.queue_full).toBe(90);
    await until("survivors delivered", () => got.length === 10);
    expect(got).toEqual([90, 91, 92, 93, 94, 95, 96, 97, 98, 99]);
  });
});
