// The optional hyperswarm overlay (cips/consensus.md, "Network" → "Hyperswarm overlay"): the same runtime
// Network over hyperswarm 4.17 (UDX + Noise + secretstream, not QUIC/TLS 1.3), which whitepaper §6.2 allows
// only as a development overlay for nodes behind NAT. Peers find each other by joining one topic through an
// explicit bootstrap list (never hyperdht's public one); each pair keeps one connection, carrying the same
// frames as the QUIC network. The identity is the same: hex of the Ed25519 key of the node's 32-byte seed.
import { ArgumentError, aarray, abytesIn, aint, aobject, toHex } from "@cowboy/codec";
import type { BlockReason, Channel, MessageHandler, Network, PeerId, Recipients } from "@cowboy/runtime";
import DHT from "hyperdht";
import Hyperswarm, { type SwarmConnection } from "hyperswarm";
import { P2PError } from "../errors.js";
import { encodeFrame, FrameDecoder, MAX_CHANNEL } from "../framing.js";
import { type P2PLogger, SILENT_LOGGER } from "../hooks.js";
import { DEFAULT_MAX_MESSAGE_SIZE } from "../options.js";

export interface HyperswarmNetworkOptions {
  /** The 32-byte Ed25519 seed of the node's key file (the same key, and so the same PeerId, as on the QUIC network). */
  readonly privateKey: Uint8Array;
  /** The DHT bootstrap nodes, explicit and non-empty (a node we run, or hyperdht/testnet in tests); never the public ones. */
  readonly bootstrap: readonly { readonly host: string; readonly port: number }[];
  /** The 32-byte topic every node of this network joins (e.g. a hash of the chain id). */
  readonly topic: Uint8Array;
  /** The address the DHT node binds. Default `127.0.0.1`; a NAT'd dev node names its LAN address. */
  readonly host?: string;
  /** Largest message body in bytes, sent or accepted; a peer announcing more is blocked. Default 8 MiB. */
  readonly maxMessageSize?: number;
  /** Per-peer bytes written but not yet flushed; beyond it new messages are dropped (and counted). Default 32 MiB. */
  readonly maxQueuedBytes?: number;
  /** Where the overlay logs (module "p2p"). Default: silent. */
  readonly logger?: P2PLogger;
}

/** The runtime Network over hyperswarm, plus lifecycle. */
export interface HyperswarmNetwork extends Network {
  /** Resolves once this node has announced itself on the topic and looked up the others once. */
  joined(): Promise<void>;
  /** Messages dropped because a peer's connection had more than `maxQueuedBytes` unflushed. */
  readonly dropped: number;
  close(): Promise<void>;
}

export function createHyperswarmNetwork(options: HyperswarmNetworkOptions): HyperswarmNetwork {
  aobject(options, "options");
  const seed = abytesIn(options.privateKey, "options.privateKey", 32, 32);
  const topic = abytesIn(options.topic, "options.topic", 32, 32);
  const bootstrap = aarray(options.bootstrap, "options.bootstrap");
  if (bootstrap.length === 0) throw new ArgumentError("options.bootstrap", "must name at least one bootstrap node (the public hyperdht bootstrap is never used)");
  for (const [i, node] of bootstrap.entries()) {
    if (typeof node?.host !== "string") throw new ArgumentError(`options.bootstrap[${i}].host`, "must be a string");
    aint(node.port, `options.bootstrap[${i}].port`, 1, 65535);
  }
  const maxMessageSize = aint(options.maxMessageSize ?? DEFAULT_MAX_MESSAGE_SIZE, "options.maxMessageSize", 1, 256 * 1024 * 1024);
  const maxQueuedBytes = aint(options.maxQueuedBytes ?? 32 * 1024 * 1024, "options.maxQueuedBytes", 1, 2 ** 40);
  const logger = options.logger ?? SILENT_LOGGER;

  const keyPair = DHT.keyPair(seed);
  const self = toHex(keyPair.publicKey);
  const blocked = new Map<PeerId, BlockReason>();
  const handlers = new Map<Channel, MessageHandler>();
  const connections = new Map<PeerId, SwarmConnection>();
  const dht = new DHT({ bootstrap: bootstrap.map((b) => ({ host: b.host, port: b.port })), host: options.host ?? "127.0.0.1", keyPair });
  const swarm = new Hyperswarm({ dht, keyPair, firewall: (remote) => blocked.has(toHex(remote)) });
  let dropped = 0;
  let closed = false;

  swarm.on("connection", (connection) => {
    const peer = toHex(connection.remotePublicKey);
    if (blocked.has(peer)) {
      connection.destroy();
      return;
    }
    connections.get(peer)?.destroy();
    connections.set(peer, connection);
    const decoder = new FrameDecoder(maxMessageSize);
    connection.on("data", (chunk: Uint8Array) => {
      if (blocked.has(peer)) return;
      const { frames, violation } = decoder.push(chunk);
      for (const frame of frames) {
        const handler = handlers.get(frame.channel);
        if (handler === undefined) continue;
        try {
          handler(peer, frame.message);
        } catch (err) {
          logger.warn("p2p channel handler threw", { module: "p2p", overlay: "hyperswarm", peer, channel: frame.channel, error: String(err) });
        }
      }
      if (violation !== undefined) network.block(peer, { code: "OVERSIZE_FRAME", message: `frame of ${violation.length} bytes over ${maxMessageSize}` });
    });
    connection.on("error", (err: Error) => logger.debug("p2p hyperswarm connection error", { module: "p2p", peer, error: String(err) }));
    connection.on("close", () => {
      if (connections.get(peer) === connection) connections.delete(peer);
    });
  });

  const discovery = swarm.join(topic, { server: true, client: true });
  const joined = discovery.flushed().then(() => swarm.flush());

  const network: HyperswarmNetwork = {
    self,
    joined: () => joined,
    get dropped() {
      return dropped;
    },
    send(recipients: Recipients, channel: Channel, message: Uint8Array): PeerId[] {
      aint(channel, "channel", 0, MAX_CHANNEL);
      if (!(message instanceof Uint8Array)) throw new ArgumentError("message", "must be a Uint8Array");
      if (message.length > maxMessageSize) throw new P2PError("MESSAGE_TOO_LARGE", `message of ${message.length} bytes exceeds maxMessageSize ${maxMessageSize}`);
      if (closed) return [];
      const frame = encodeFrame(channel, message);
      const queued: PeerId[] = [];
      for (const peer of recipients === "all" ? [...connections.keys()] : recipients) {
        const connection = connections.get(peer);
        if (connection === undefined || blocked.has(peer)) continue;
        // Drop-new here: a secretstream has no way to take back bytes already handed to it.
        if (connection.writableLength + frame.length > maxQueuedBytes) {
          dropped++;
          continue;
        }
        connection.write(frame);
        queued.push(peer);
      }
      return queued;
    },
    handle(channel: Channel, handler: MessageHandler): void {
      aint(channel, "channel", 0, MAX_CHANNEL);
      if (typeof handler !== "function") throw new ArgumentError("handler", "must be a function");
      handlers.set(channel, handler);
    },
    peers(): readonly PeerId[] {
      return [...connections.keys()].sort();
    },
    block(peer: PeerId, reason: BlockReason): void {
      if (blocked.has(peer) || peer === self) return;
      blocked.set(peer, reason);
      logger.warn("p2p peer blocked", { module: "p2p", overlay: "hyperswarm", peer, code: reason?.code, reason: reason?.message });
      connections.get(peer)?.destroy();
      connections.delete(peer);
    },
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      await swarm.destroy();
      await dht.destroy();
    },
  };
  return network;
}
