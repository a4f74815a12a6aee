// The wire is QUIC v1 with TLS 1.3 and ALPN "libp2p" (whitepaper §6.2; DEPENDENCIES.md "Networking on
// Node 20"): a UDP relay on 127.0.0.1 between two nodes records the datagrams, and the test decrypts the
// Initial packets (their keys derive from public values, RFC 9001 §5.2) to read the ClientHello and
// ServerHello that were really exchanged.
import { createSocket, type Socket } from "node:dgram";
import { afterEach, describe, expect, it } from "vitest";
import { Cluster, until } from "./cluster.js";
import { alpnNames, helloExtensions, initialCrypto, initialKeys, longHeaders } from "./quic-wire.js";

const cluster = new Cluster();
const sockets: Socket[] = [];
afterEach(async () => {
  await cluster.closeAll();
  for (const s of sockets.splice(0)) s.close();
});

/** A UDP relay: what arrives on `front` goes to `target` from `back`, and back again; every datagram is recorded. */
async function relay(targetPort: number) {
  const front = createSocket("udp4");
  const back = createSocket("udp4");
  sockets.push(front, back);
  const fromClient: Buffer[] = [];
  const fromServer: Buffer[] = [];
  let client: { address: string; port: number } | undefined;
  front.on("message", (msg, rinfo) => {
    client = { address: rinfo.address, port: rinfo.port };
    fromClient.push(msg);
    back.send(msg, targetPort, "127.0.0.1");
  });
  back.on("message", (msg) => {
    fromServer.push(msg);
    if (client !== undefined) front.send(msg, client.port, client.address);
  });
  await new Promise<void>((resolve) => front.bind(0, "127.0.0.1", resolve));
  await new Promise<void>((resolve) => back.bind(0, "127.0.0.1", resolve));
  return { port: front.address().port, fromClient, fromServer };
}

/** Joins CRYPTO frames from offset 0 into one handshake message. */
function handshakeMessage(frames: { offset: number; data: Buffer }[]): Buffer {
  const sorted = [...frames].sort((a, b) => a.offset - b.offset);
  let out = Buffer.alloc(0);
  for (const f of sorted) if (f.offset <= out.length) out = Buffer.concat([out.subarray(0, f.offset), f.data]);
  return out;
}

describe("the wire", () => {
  it("is QUIC v1 carrying TLS 1.3 only (versions and cipher suites), with ALPN "libp2p"", async () => {
    const server = await cluster.node(1);
    const [address] = server.addresses();
    const port = Number(/\/udp\/(\d+)\//.exec(address!)![1]);
    const wire = await relay(port);
    const client = await cluster.node(2, { bootstrap: [address!.replace(`/udp/${port}/`, `/udp/${wire.port}/`)] });
    await until("client connected through the relay", () => client.peers().includes(server.self));

    // Every long-header packet in either direction carries version 0x00000001 (QUIC v1, RFC 9000).
    const clientHeaders = wire.fromClient.flatMap((d) => longHeaders(d).map((h) => ({ d, h })));
    const serverHeaders = wire.fromServer.flatMap((d) => longHeaders(d).map((h) => ({ d, h })));
    expect(clientHeaders.length).toBeGreaterThan(0);
    expect(serverHeaders.length).toBeGreaterThan(0);
    expect(new Set([...clientHeaders, ...serverHeaders].map(({ h }) => h.version))).toEqual(new Set([1]));

    // Decrypt the Initial packets with the keys of the client's first DCID.
    const dcid = clientHeaders[0]!.h.dcid;
    const clientKeys = initialKeys(dcid, "client");
    const serverKeys = initialKeys(dcid, "server");
    const clientFrames = clientHeaders.filter(({ h }) => h.type === 0).flatMap(({ d, h }) => initialCrypto(d, h, clientKeys));
    const serverFrames = serverHeaders.filter(({ h }) => h.type === 0).flatMap(({ d, h }) => initialCrypto(d, h, serverKeys));

    const clientHello = helloExtensions(handshakeMessage(clientFrames));
    expect(clientHello.type).toBe(1);
    expect(alpnNames(clientHello.extensions.get(16)!)).toEqual(["libp2p"]);
    const offered = clientHello.extensions.get(43)!; // supported_versions: u8 length, then u16 versions
    const versions = Array.from({ length: offered[0]! / 2 }, (_, i) => offered.readUInt16BE(1 + 2 * i));
    expect(versions).toEqual([0x0304]); // TLS 1.3 only

    const serverHello = helloExtensions(handshakeMessage(serverFrames));
    expect(serverHello.type).toBe(2);
    expect(serverHello.extensions.get(43)!.readUInt16BE(0)).toBe(0x0304); // the server selected TLS 1.3
    // TLS 1.3 cipher suites only (RFC 8446 B.4: 0x1301 AES_128_GCM, 0x1302 AES_256_GCM, 0x1303 CHACHA20_POLY1305)
    for (const suite of clientHello.cipherSuites) expect([0x1301, 0x1302, 0x1303]).toContain(suite);
    expect([0x1301, 0x1302, 0x1303]).toContain(serverHello.cipherSuites[0]);
  });
});
