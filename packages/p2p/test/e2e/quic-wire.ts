// Reads the QUIC handshake off the wire (RFC 9000 §17.2, RFC 9001 §5): Initial packets are protected
// with keys anyone can derive from the client's first Destination Connection ID, so a test can decrypt
// the TLS ClientHello and ServerHello and check the version, ALPN and TLS version actually negotiated.
// Test-only; written for this check from the RFCs.
import { createCipheriv, createDecipheriv, createHmac } from "node:crypto";

const INITIAL_SALT_V1 = Buffer.from("38762cf7f55934b34d179ae6a4c80cadccbb7f0a", "hex");

function hkdfExpandLabel(secret: Buffer, label: string, length: number): Buffer {
  const full = Buffer.from(`tls13 ${label}`, "latin1");
  const info = Buffer.concat([Buffer.from([length >> 8, length & 0xff, full.length]), full, Buffer.from([0])]);
  const out: Buffer[] = [];
  let previous = Buffer.alloc(0);
  for (let i = 1; Buffer.concat(out).length < length; i++) {
    previous = createHmac("sha256", secret).update(Buffer.concat([previous, info, Buffer.from([i])])).digest();
    out.push(previous);
  }
  return Buffer.concat(out).subarray(0, length);
}

interface InitialKeys {
  key: Buffer;
  iv: Buffer;
  hp: Buffer;
}

export function initialKeys(clientDcid: Uint8Array, side: "client" | "server"): InitialKeys {
  const initialSecret = createHmac("sha256", INITIAL_SALT_V1).update(clientDcid).digest();
  const secret = hkdfExpandLabel(initialSecret, side === "client" ? "client in" : "server in", 32);
  return { key: hkdfExpandLabel(secret, "quic key", 16), iv: hkdfExpandLabel(secret, "quic iv", 12), hp: hkdfExpandLabel(secret, "quic hp", 16) };
}

function varint(b: Buffer, at: number): [number, number] {
  const len = 1 << (b[at]! >> 6);
  let v = b[at]! & 0x3f;
  for (let i = 1; i < len; i++) v = v * 256 + b[at + i]!;
  return [v, at + len];
}

export interface LongHeader {
  version: number;
  type: number;
  dcid: Buffer;
  /** Offsets of the packet's first byte, of its packet number, and of the packet's end, within the datagram. */
  start: number;
  pnOffset: number;
  end: number;
}

/** The long-header packets of one datagram (coalesced packets are split by their Length field). */
export function longHeaders(datagram: Buffer): LongHeader[] {
  const out: LongHeader[] = [];
  let at = 0;
  while (at < datagram.length && (datagram[at]! & 0x80) !== 0) {
    const start = at;
    const type = (datagram[at]! >> 4) & 0x03;
    const version = datagram.readUInt32BE(at + 1);
    at += 5;
    const dcid = datagram.subarray(at + 1, at + 1 + datagram[at]!);
    at += 1 + dcid.length;
    at += 1 + datagram[at]!;
    if (type === 0) {
      const [tokenLength, next] = varint(datagram, at);
      at = next + tokenLength;
    }
    const [length, next] = varint(datagram, at);
    out.push({ version, type, dcid: Buffer.from(dcid), start, pnOffset: next, end: next + length });
    at = next + length;
    if (start === at) break;
  }
  return out;
}

/** Removes header protection and decrypts one Initial packet; returns its CRYPTO frames. */
export function initialCrypto(datagram: Buffer, header: LongHeader, keys: InitialKeys): { offset: number; data: Buffer }[] {
  const packet = Buffer.from(datagram.subarray(0, header.end));
  const sample = packet.subarray(header.pnOffset + 4, header.pnOffset + 20);
  const mask = createCipheriv("aes-128-ecb", keys.hp, null).update(sample);
  const headerStart = header.start;
  packet[headerStart] = packet[headerStart]! ^ (mask[0]! & 0x0f);
  const pnLength = (packet[headerStart]! & 0x03) + 1;
  let pn = 0;
  for (let i = 0; i < pnLength; i++) {
    packet[header.pnOffset + i] = packet[header.pnOffset + i]! ^ mask[1 + i]!;
    pn = pn * 256 + packet[header.pnOffset + i]!;
  }
  const nonce = Buffer.from(keys.iv);
  for (let i = 0; i < 8; i++) nonce[11 - i] = nonce[11 - i]! ^ (Math.floor(pn / 256 ** i) & 0xff);
  const aad = packet.subarray(headerStart, header.pnOffset + pnLength);
  const body = packet.subarray(header.pnOffset + pnLength, header.end);
  const decipher = createDecipheriv("aes-128-gcm", keys.key, nonce);
  decipher.setAAD(aad);
  decipher.setAuthTag(body.subarray(body.length - 16));
  const plain = Buffer.concat([decipher.update(body.subarray(0, body.length - 16)), decipher.final()]);
  return cryptoFrames(plain);
}

function cryptoFrames(plain: Buffer): { offset: number; data: Buffer }[] {
  const frames: { offset: number; data: Buffer }[] = [];
  let at = 0;
  while (at < plain.length) {
    const type = plain[at]!;
    at++;
    if (type === 0x00 || type === 0x01) continue; // PADDING, PING
    if (type === 0x02 || type === 0x03) {
      let count: number;
      [, at] = varint(plain, at); // largest acknowledged
      [, at] = varint(plain, at); // ack delay
      [count, at] = varint(plain, at);
      [, at] = varint(plain, at); // first range
      for (let i = 0; i < 2 * count + (type === 0x03 ? 3 : 0); i++) [, at] = varint(plain, at);
      continue;
    }
    if (type === 0x06) {
      let offset: number;
      let length: number;
      [offset, at] = varint(plain, at);
      [length, at] = varint(plain, at);
      frames.push({ offset, data: plain.subarray(at, at + length) });
      at += length;
      continue;
    }
    break; // a frame an Initial packet should not carry: stop reading
  }
  return frames;
}

/** The extensions of a ClientHello (type 1) or ServerHello (type 2) handshake message. */
export function helloExtensions(message: Buffer): { type: number; cipherSuites: number[]; extensions: Map<number, Buffer> } {
  const type = message[0]!;
  let at = 4 + 2 + 32; // type, u24 length, legacy_version, random
  at += 1 + message[at]!; // session id
  const cipherSuites: number[] = [];
  if (type === 1) {
    const length = message.readUInt16BE(at);
    for (let i = 0; i < length; i += 2) cipherSuites.push(message.readUInt16BE(at + 2 + i));
    at += 2 + length;
    at += 1 + message[at]!; // compression methods
  } else {
    cipherSuites.push(message.readUInt16BE(at));
    at += 2 + 1; // cipher suite, compression method
  }
  const end = at + 2 + message.readUInt16BE(at);
  at += 2;
  const extensions = new Map<number, Buffer>();
  while (at < end) {
    const extType = message.readUInt16BE(at);
    const length = message.readUInt16BE(at + 2);
    extensions.set(extType, message.subarray(at + 4, at + 4 + length));
    at += 4 + length;
  }
  return { type, cipherSuites, extensions };
}

/** ALPN protocol names from an ALPN extension body. */
export function alpnNames(body: Buffer): string[] {
  const names: string[] = [];
  for (let at = 2; at < body.length; at += 1 + body[at]!) names.push(body.subarray(at + 1, at + 1 + body[at]!).toString("latin1"));
  return names;
}
