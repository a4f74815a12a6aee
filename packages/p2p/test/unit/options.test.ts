// Option validation (options.ts): every bad option fails up front, naming the option.
import { describe, expect, it } from "vitest";
import { DEFAULT_DHT_PROTOCOL, DEFAULT_MAX_MESSAGE_SIZE, type P2PNetworkOptions } from "../../src/index.js";
import { isLoopback, parseAddress, resolveOptions } from "../../src/options.js";

const base: P2PNetworkOptions = { privateKey: new Uint8Array(32).fill(1), listen: ["/ip4/127.0.0.1/udp/0/quic-v1"] };
const boot = "/ip4/127.0.0.1/udp/4001/quic-v1/p2p/12D3KooWK99VoVxNE7XzyBwXEzW7xhK7Gpv85r9F3V3fyKSUKPH5";

describe("resolveOptions", () => {
  it("applies the documented defaults", () => {
    const o = resolveOptions(base);
    expect(o.dhtProtocol).toBe(DEFAULT_DHT_PROTOCOL);
    expect(o.dhtProtocol).toBe("/cowboy/kad/1.0.0");
    expect(o.directProtocol).toBe("/cowboy/direct/1.0.0");
    expect(o.maxMessageSize).toBe(DEFAULT_MAX_MESSAGE_SIZE);
    expect(o.maxGossipSize).toBe(1024 * 1024);
    expect(o.maxQueuedMessages).toBe(4096);
    expect(o.bootstrap).toEqual([]);
    expect(o.allowedPeers).toBeUndefined();
    expect(o.loopbackOnly).toBe(false);
    expect(o.scoring.blockThreshold).toBe(-100);
  });

  it("merges partial scoring penalties over the defaults", () => {
    const o = resolveOptions({ ...base, scoring: { penalties: { FLOOD: 5 } as never, messagesPerSecond: 3 } });
    expect(o.scoring.penalties).toEqual({ OVERSIZE_FRAME: 100, FLOOD: 5, UNAUTHORIZED_CHANNEL: 10, GOSSIP_REJECTED: 10 });
    expect(o.scoring.messagesPerSecond).toBe(3);
  });

  it.each([
    [{ privateKey: new Uint8Array(31) }, "options.privateKey"],
    [{ listen: [] }, "options.listen"],
    [{ maxMessageSize: 0 }, "options.maxMessageSize"],
    [{ maxMessageSize: 1024, maxQueuedBytes: 1000 }, "options.maxQueuedBytes"],
    [{ openChannels: [256] }, "options.openChannels[0]"],
    [{ allowedPeers: ["AA".repeat(32)] }, "options.allowedPeers[0]"],
    [{ dhtProtocol: "/ipfs kad" }, "options.dhtProtocol"],
    [{ scoring: { blockThreshold: 5 } }, "options.scoring.blockThreshold"],
    [{ scoring: { messagesPerSecond: Number.NaN } }, "options.scoring.messagesPerSecond"],
  ])("refuses %o naming %s", (patch, argument) => {
    expect(() => resolveOptions({ ...base, ...(patch as object) })).toThrow(expect.objectContaining({ code: "INVALID_ARGUMENT", meta: { argument } }));
  });

  it.each([
    ["/ip4/127.0.0.1/tcp/4001", "not a QUIC v1 address"],
    ["/ip4/127.0.0.1/udp/4001/quic", "QUIC draft-29 is refused"],
    ["/ip4/127.0.0.1/udp/4001/quic-v1/p2p/12D3KooWK99VoVxNE7XzyBwXEzW7xhK7Gpv85r9F3V3fyKSUKPH5", "a listen address names no peer"],
    ["not a multiaddr", "unparseable"],
  ])("refuses the listen address %s (%s)", (address) => {
    expect(() => resolveOptions({ ...base, listen: [address] })).toThrow(expect.objectContaining({ code: "INVALID_MULTIADDR" }));
  });

  it("requires /p2p/<id> on bootstrap addresses and refuses public ones under loopbackOnly", () => {
    expect(resolveOptions({ ...base, bootstrap: [boot] }).bootstrap.map(String)).toEqual([boot]);
    expect(() => resolveOptions({ ...base, bootstrap: ["/ip4/127.0.0.1/udp/4001/quic-v1"] })).toThrow(expect.objectContaining({ code: "INVALID_MULTIADDR" }));
    const publicBoot = boot.replace("127.0.0.1", "104.131.131.82");
    expect(resolveOptions({ ...base, bootstrap: [publicBoot] }).bootstrap).toHaveLength(1);
    expect(() => resolveOptions({ ...base, loopbackOnly: true, bootstrap: [publicBoot] })).toThrow(expect.objectContaining({ code: "INVALID_MULTIADDR" }));
    expect(() => resolveOptions({ ...base, loopbackOnly: true, listen: ["/ip4/0.0.0.0/udp/0/quic-v1"] })).toThrow(expect.objectContaining({ code: "INVALID_MULTIADDR" }));
  });

  it("isLoopback accepts 127/8 and ::1 only", () => {
    const at = (host: string) => isLoopback(parseAddress(`${host}/udp/1/quic-v1`, "a", false, false));
    expect(at("/ip4/127.0.0.1")).toBe(true);
    expect(at("/ip4/127.3.2.1")).toBe(true);
    expect(at("/ip6/::1")).toBe(true);
    expect(at("/ip4/10.0.0.1")).toBe(false);
    expect(at("/ip4/0.0.0.0")).toBe(false);
    expect(at("/ip6/::")).toBe(false);
  });
});
