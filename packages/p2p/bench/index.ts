// Direct-message round trip on the long-lived framed stream (createP2PNetwork, the baseline) against a
// fresh libp2p stream per message on the same QUIC connection, and gossip delivery latency to 4 peers.
// Real QUIC on 127.0.0.1; figures are medians of this run, printed as ratios to the baseline; nothing
// here fails on timing. Run: pnpm bench (in packages/p2p).
import "../src/polyfill.js";
import { formatRatio, printTable } from "@cowboy/bench-harness";
import { quic } from "@chainsafe/libp2p-quic";
import type { Libp2p, Stream } from "@libp2p/interface";
import { createLibp2p } from "libp2p";
import { createP2PNetwork, type P2PNetwork } from "../src/index.js";

const LISTEN = "/ip4/127.0.0.1/udp/0/quic-v1";
const ROUND_TRIPS = 400;
const GOSSIPS = 60;
const seed = (i: number) => new Uint8Array(32).fill(i + 1);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const p99 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.99))]!;

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

/** Round trips over createP2PNetwork: b echoes channel 1 back to a on the same long-lived streams. */
async function longLivedRoundTrips(): Promise<number[]> {
  const a = await createP2PNetwork({ privateKey: seed(1), listen: [LISTEN], loopbackOnly: true });
  const b = await createP2PNetwork({ privateKey: seed(2), listen: [LISTEN], loopbackOnly: true, bootstrap: a.addresses() });
  try {
    await until(() => a.peers().includes(b.self));
    b.handle(1, (from, message) => b.send([from], 1, message));
    let resolve: () => void = () => {};
    a.handle(1, () => resolve());
    const payload = new Uint8Array(200);
    const times: number[] = [];
    for (let i = 0; i < ROUND_TRIPS + 20; i++) {
      const start = performance.now();
      await new Promise<void>((r) => {
        resolve = r;
        a.send([b.self], 1, payload);
      });
      if (i >= 20) times.push(performance.now() - start);
    }
    return times;
  } finally {
    await Promise.all([a.close(), b.close()]);
  }
}

async function rawNode(i: number): Promise<Libp2p> {
  const { generateKeyPairFromSeed } = await import("@libp2p/crypto/keys");
  return createLibp2p({ privateKey: await generateKeyPairFromSeed("Ed25519", seed(i)), addresses: { listen: [LISTEN] }, transports: [quic()] });
}

function firstMessage(stream: Stream): Promise<void> {
  return new Promise((resolve) => stream.addEventListener("message", () => resolve(), { once: true }));
}

/** Round trips over plain libp2p, opening (and closing) a new stream for every message. */
async function freshStreamRoundTrips(): Promise<number[]> {
  const server = await rawNode(3);
  const client = await rawNode(4);
  try {
    await server.handle("/bench/echo/1.0.0", (stream) => {
      stream.addEventListener("message", (evt) => {
        stream.send(evt.data);
        void stream.close();
      });
    });
    await client.dial(server.getMultiaddrs()[0]!);
    const payload = new Uint8Array(200);
    const times: number[] = [];
    for (let i = 0; i < ROUND_TRIPS / 4 + 10; i++) {
      const start = performance.now();
      const stream = await client.dialProtocol(server.peerId, "/bench/echo/1.0.0");
      const reply = firstMessage(stream);
      stream.send(payload);
      await reply;
      await stream.close();
      if (i >= 10) times.push(performance.now() - start);
    }
    return times;
  } finally {
    await Promise.all([server.stop(), client.stop()]);
  }
}

/** Publish-to-delivery time at all 4 subscribers of a 5-node network (bootstrap + 4). */
async function gossipLatencies(): Promise<number[]> {
  const boot = await createP2PNetwork({ privateKey: seed(10), listen: [LISTEN], loopbackOnly: true });
  const nodes: P2PNetwork[] = [];
  for (let i = 11; i <= 14; i++) nodes.push(await createP2PNetwork({ privateKey: seed(i), listen: [LISTEN], loopbackOnly: true, bootstrap: boot.addresses() }));
  try {
    const all = [boot, ...nodes];
    await until(() => nodes.every((n) => n.peerCount === 4));
    let pending = 0;
    let done: () => void = () => {};
    for (const n of all) {
      n.gossip.subscribe("/cowboy/bench/1", () => {
        if (--pending === 0) done();
        return "accept";
      });
    }
    const origin = nodes[0]!;
    await until(() => origin.gossip.subscribers("/cowboy/bench/1").length === 4);
    await new Promise((resolve) => setTimeout(resolve, 1500)); // let the mesh form (gossipsub heartbeat)
    const times: number[] = [];
    for (let i = 0; i < GOSSIPS; i++) {
      pending = 4;
      const delivered = new Promise<void>((resolve) => {
        done = resolve;
      });
      const start = performance.now();
      await origin.gossip.publish("/cowboy/bench/1", Uint8Array.from([i, 1, 2, 3]));
      await delivered;
      times.push(performance.now() - start);
    }
    return times;
  } finally {
    await Promise.all([boot, ...nodes].map((n) => n.close()));
  }
}

const longLived = await longLivedRoundTrips();
const fresh = await freshStreamRoundTrips();
const gossip = await gossipLatencies();
const base = median(longLived);
const row = (name: string, xs: number[]) => [name, `${median(xs).toFixed(3)} ms`, `${p99(xs).toFixed(3)} ms`, formatRatio(median(xs) / base)];
printTable("direct message round trip, 200 bytes, QUIC on 127.0.0.1 (time: lower is better; ratio = median / baseline median)", [
  ["case", "median", "p99", "time vs baseline"],
  row(`long-lived framed stream, createP2PNetwork (baseline, n=${longLived.length})`, longLived),
  row(`fresh libp2p stream per message (n=${fresh.length})`, fresh),
]);
printTable("gossip delivery to all 4 peers of a 5-node network", [
  ["case", "median", "p99", "time vs direct round trip"],
  row(`gossipsub publish -> 4 handlers (n=${gossip.length})`, gossip),
]);
