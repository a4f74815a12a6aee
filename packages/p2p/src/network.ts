// createP2PNetwork: the runtime Network over libp2p (cips/consensus.md, "Network"; whitepaper §6.2:
// QUIC over TLS 1.3 is mandatory). QUIC v1 is the only transport; discovery is a private kad-dht
// reached through an explicit bootstrap list (no built-in list, nothing public is ever dialled);
// consensus traffic rides one long-lived framed stream per peer and direction; broadcast rides
// gossipsub. Blocking denies the peer in the connection gater, so it can neither dial nor be dialled.
import "./polyfill.js";
import { ArgumentError, aint, toHex } from "@cowboy/codec";
import type { BlockReason, Channel, MessageHandler, Network, PeerId, Recipients } from "@cowboy/runtime";
import { quic } from "@chainsafe/libp2p-quic";
import { gossipsub } from "@libp2p/gossipsub";
import { identify } from "@libp2p/identify";
import type { Connection, Libp2p, PeerId as Libp2pPeerId, Stream } from "@libp2p/interface";
import { kadDHT, passthroughMapper } from "@libp2p/kad-dht";
import { ping } from "@libp2p/ping";
import type { Multiaddr } from "@multiformats/multiaddr";
import { createLibp2p } from "libp2p";
import { P2PError } from "./errors.js";
import { encodeFrame, FrameDecoder, MAX_CHANNEL } from "./framing.js";
import { createGossip, type Gossip } from "./gossip.js";
import { callHook, type DropReason, emptyStats, type P2PStats } from "./hooks.js";
import { isLoopback, type P2PNetworkOptions, PROTOCOL_PREFIX, type ResolvedOptions, resolveOptions } from "./options.js";
import { OutboundLink } from "./outbound.js";
import { libp2pKeyFromSeed, libp2pPeerId, peerIdHex } from "./peer-id.js";
import { type Offence, PeerScores } from "./scoring.js";

/** The runtime Network plus what a node needs around it. */
export interface P2PNetwork extends Network {
  /** Broadcast: publish and subscribe by topic. */
  readonly gossip: Gossip;
  /** The listen multiaddrs with `/p2p/<id>` appended: what another node puts in its `bootstrap`. */
  addresses(): string[];
  /** How many peers are connected now. */
  readonly peerCount: number;
  /** Replaces `allowedPeers` (the validator set changed); `undefined` lifts the restriction. */
  setAllowedPeers(peers: readonly PeerId[] | undefined): void;
  /** The peer's current score (0 = clean; blocked at `scoring.blockThreshold`). */
  score(peer: PeerId): number;
  /** True when the peer is blocked (by `block` or by its score). */
  isBlocked(peer: PeerId): boolean;
  /** Running totals since start (a copy). */
  stats(): P2PStats;
  /** Stops listening, closes every connection and timer. Idempotent. */
  close(): Promise<void>;
}

/** Starts a node: listens, dials the bootstrap nodes, and begins discovery. */
export async function createP2PNetwork(options: P2PNetworkOptions): Promise<P2PNetwork> {
  const opts = resolveOptions(options);
  const privateKey = await libp2pKeyFromSeed(opts.privateKey);
  const self = toHex(privateKey.publicKey.raw);
  const blocked = new Map<PeerId, BlockReason>();
  const isBlocked = (peer: PeerId) => blocked.has(peer);
  const deniedPeer = (id: Libp2pPeerId) => {
    const hex = peerIdHex(id);
    return hex === undefined || blocked.has(hex);
  };
  const libp2p = await createLibp2p({
    privateKey,
    addresses: { listen: opts.listen.map(String) },
    transports: [quic()],
    connectionGater: {
      denyDialPeer: deniedPeer,
      denyDialMultiaddr: (address: Multiaddr) => opts.loopbackOnly && !isLoopback(address),
      denyInboundEncryptedConnection: deniedPeer,
      denyOutboundEncryptedConnection: deniedPeer,
      denyInboundUpgradedConnection: deniedPeer,
      denyOutboundUpgradedConnection: deniedPeer,
    },
    connectionManager: { maxConnections: opts.maxPeers + 8 },
    connectionMonitor: { protocolPrefix: PROTOCOL_PREFIX },
    services: {
      identify: identify({ protocolPrefix: PROTOCOL_PREFIX }),
      ping: ping({ protocolPrefix: PROTOCOL_PREFIX }),
      // Server mode and every address kept: our DHT is private and may run entirely on loopback.
      dht: kadDHT({ protocol: opts.dhtProtocol, clientMode: false, peerInfoMapper: passthroughMapper, initialQuerySelfInterval: 250 }),
      pubsub: gossipsub({
        allowPublishToZeroTopicPeers: true,
        // A gossip RPC may batch a message with control data: leave headroom over the message bound.
        maxInboundDataLength: opts.maxGossipSize + 64 * 1024,
      }),
    },
  });
  return new P2PNode(opts, self, libp2p, blocked, isBlocked).start();
}

type Services = { pubsub: ReturnType<ReturnType<typeof gossipsub>>; dht: unknown; identify: unknown; ping: unknown };

class P2PNode implements P2PNetwork {
  readonly self: PeerId;
  readonly gossip: Gossip;
  readonly #opts: ResolvedOptions;
  readonly #libp2p: Libp2p<Services>;
  readonly #blocked: Map<PeerId, BlockReason>;
  readonly #handlers = new Map<Channel, MessageHandler>();
  readonly #links = new Map<PeerId, OutboundLink>();
  readonly #connected = new Set<PeerId>();
  /** Peers we were connected to once: redialled by maintenance while they are away (bounded by maxPeers × 4). */
  readonly #known = new Set<PeerId>();
  readonly #dialing = new Set<string>();
  readonly #backoff = new Map<PeerId, { next: number; delay: number }>();
  readonly #scores: PeerScores;
  readonly #stats = emptyStats();
  #allowed: ReadonlySet<PeerId> | undefined;
  #timer: NodeJS.Timeout | undefined;
  #closed = false;

  constructor(opts: ResolvedOptions, self: PeerId, libp2p: Libp2p<Services>, blocked: Map<PeerId, BlockReason>, isBlocked: (peer: PeerId) => boolean) {
    this.#opts = opts;
    this.self = self;
    this.#libp2p = libp2p;
    this.#blocked = blocked;
    this.#allowed = opts.allowedPeers === undefined ? undefined : new Set(opts.allowedPeers);
    this.#scores = new PeerScores(opts.scoring, () => performance.now());
    const node = this;
    this.gossip = createGossip(libp2p.services.pubsub, {
      maxGossipSize: opts.maxGossipSize,
      isBlocked,
      rejected: (relayer) => node.#penalise(relayer, "GOSSIP_REJECTED"),
      delivered: (topic, bytes) => {
        node.#stats.gossipDelivered++;
        callHook(opts.logger, "onGossip", opts.metrics.onGossip, topic, bytes);
      },
      published: () => {
        node.#stats.gossipPublished++;
      },
      get closed() {
        return node.#closed;
      },
      logWarn: (message, fields) => opts.logger.warn(message, fields),
    });
  }

  async start(): Promise<this> {
    const lp = this.#libp2p;
    lp.addEventListener("peer:connect", (evt) => this.#onConnect(evt.detail));
    lp.addEventListener("peer:disconnect", (evt) => this.#onDisconnect(evt.detail));
    lp.addEventListener("peer:discovery", (evt) => this.#onDiscovered(evt.detail.id));
    await lp.handle(this.#opts.directProtocol, (stream, connection) => this.#onInboundStream(stream, connection), { maxInboundStreams: 4, maxOutboundStreams: 4 });
    for (const connection of lp.getConnections()) this.#onConnect(connection.remotePeer);
    this.#opts.logger.info("p2p started", { module: "p2p", self: this.self, addresses: this.addresses() });
    this.#maintain();
    return this;
  }

  get peerCount(): number {
    return this.#connected.size;
  }

  addresses(): string[] {
    return this.#libp2p.getMultiaddrs().map(String);
  }

  peers(): readonly PeerId[] {
    return [...this.#connected].sort();
  }

  send(recipients: Recipients, channel: Channel, message: Uint8Array): PeerId[] {
    aint(channel, "channel", 0, MAX_CHANNEL);
    if (!(message instanceof Uint8Array)) throw new ArgumentError("message", "must be a Uint8Array");
    if (message.length > this.#opts.maxMessageSize) {
      throw new P2PError("MESSAGE_TOO_LARGE", `message of ${message.length} bytes exceeds maxMessageSize ${this.#opts.maxMessageSize}`, { size: message.length, max: this.#opts.maxMessageSize });
    }
    if (this.#closed) return [];
    const targets = recipients === "all" ? [...this.#connected] : recipients;
    const frame = encodeFrame(channel, message);
    const queued: PeerId[] = [];
    for (const peer of targets) {
      if (!this.#connected.has(peer) || this.#blocked.has(peer)) continue;
      let link = this.#links.get(peer);
      if (link === undefined) {
        link = new OutboundLink(peer, this.#linkHost, this.#opts);
        this.#links.set(peer, link);
      }
      link.enqueue(channel, frame, message.length);
      queued.push(peer);
    }
    return queued;
  }

  handle(channel: Channel, handler: MessageHandler): void {
    aint(channel, "channel", 0, MAX_CHANNEL);
    if (typeof handler !== "function") throw new ArgumentError("handler", "must be a function");
    this.#handlers.set(channel, handler);
  }

  block(peer: PeerId, reason: BlockReason): void {
    const id = libp2pPeerId(peer);
    if (this.#blocked.has(peer) || peer === this.self) return;
    this.#blocked.set(peer, { code: String(reason?.code), message: String(reason?.message) });
    this.#stats.blocked++;
    this.#opts.logger.warn("p2p peer blocked", { module: "p2p", peer, code: reason?.code, reason: reason?.message });
    callHook(this.#opts.logger, "onBlocked", this.#opts.metrics.onBlocked, peer, reason);
    this.#links.get(peer)?.close();
    this.#links.delete(peer);
    this.#scores.forget(peer);
    this.#known.delete(peer);
    this.#connected.delete(peer);
    callHook(this.#opts.logger, "onPeerCount", this.#opts.metrics.onPeerCount, this.#connected.size);
    if (!this.#closed) this.#libp2p.hangUp(id).catch((err) => this.#opts.logger.debug("p2p hang-up failed", { module: "p2p", peer, error: String(err) }));
  }

  isBlocked(peer: PeerId): boolean {
    return this.#blocked.has(peer);
  }

  score(peer: PeerId): number {
    return this.#scores.score(peer);
  }

  setAllowedPeers(peers: readonly PeerId[] | undefined): void {
    if (peers === undefined) {
      this.#allowed = undefined;
      return;
    }
    for (const p of peers) libp2pPeerId(p);
    this.#allowed = new Set(peers);
  }

  stats(): P2PStats {
    return { ...this.#stats, dropped: { ...this.#stats.dropped } };
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    for (const link of this.#links.values()) link.close();
    this.#links.clear();
    await this.#libp2p.stop();
    this.#connected.clear();
  }

  // ---- direct streams ----

  readonly #linkHost = {
    openStream: async (peer: PeerId): Promise<Stream> => {
      const connection = this.#libp2p.getConnections(libp2pPeerId(peer)).find((c) => c.status === "open");
      if (connection === undefined) throw new P2PError("CLOSED", `no open connection to ${peer}`);
      const stream = await connection.newStream(this.#opts.directProtocol, { signal: AbortSignal.timeout(5000) });
      this.#stats.streamsOpened++;
      return stream;
    },
    sent: (peer: PeerId, channel: Channel, bytes: number) => {
      this.#stats.sent++;
      callHook(this.#opts.logger, "onSent", this.#opts.metrics.onSent, peer, channel, bytes);
    },
    dropped: (peer: PeerId, channel: Channel, reason: DropReason) => this.#dropped(peer, channel, reason),
    debug: (message: string, fields: Record<string, unknown>) => this.#opts.logger.debug(message, fields),
  };

  #dropped(peer: PeerId, channel: Channel, reason: DropReason): void {
    this.#stats.dropped[reason]++;
    callHook(this.#opts.logger, "onDropped", this.#opts.metrics.onDropped, peer, channel, reason);
  }

  #onInboundStream(stream: Stream, connection: Connection): void {
    const peer = peerIdHex(connection.remotePeer);
    if (peer === undefined || this.#blocked.has(peer)) {
      stream.abort(new Error("peer refused"));
      return;
    }
    const decoder = new FrameDecoder(this.#opts.maxMessageSize);
    stream.addEventListener("message", (evt) => {
      if (this.#blocked.has(peer)) return;
      const data = evt.data instanceof Uint8Array ? evt.data : evt.data.subarray();
      const { frames, violation } = decoder.push(data);
      for (const frame of frames) {
        this.#deliver(peer, frame.channel, frame.message);
        if (this.#blocked.has(peer)) return;
      }
      if (violation !== undefined) {
        this.#opts.logger.warn("p2p oversize frame", { module: "p2p", peer, channel: violation.channel, length: violation.length, max: this.#opts.maxMessageSize });
        stream.abort(new Error("oversize frame"));
        this.#penalise(peer, "OVERSIZE_FRAME");
      }
    });
  }

  #deliver(peer: PeerId, channel: Channel, message: Uint8Array): void {
    if (!this.#scores.admit(peer, message.length)) {
      this.#dropped(peer, channel, "flood");
      this.#penalise(peer, "FLOOD");
      return;
    }
    if (this.#allowed !== undefined && !this.#allowed.has(peer) && !this.#opts.openChannels.has(channel)) {
      this.#dropped(peer, channel, "unauthorized");
      this.#penalise(peer, "UNAUTHORIZED_CHANNEL");
      return;
    }
    const handler = this.#handlers.get(channel);
    if (handler === undefined) {
      this.#dropped(peer, channel, "no_handler");
      return;
    }
    this.#stats.received++;
    callHook(this.#opts.logger, "onReceived", this.#opts.metrics.onReceived, peer, channel, message.length);
    try {
      handler(peer, message);
    } catch (err) {
      this.#opts.logger.warn("p2p channel handler threw", { module: "p2p", peer, channel, error: String(err) });
    }
  }

  #penalise(peer: PeerId, offence: Offence): void {
    if (this.#blocked.has(peer)) return;
    if (this.#scores.penalise(peer, offence)) {
      this.block(peer, { code: offence, message: `score reached ${this.#opts.scoring.blockThreshold} (last offence ${offence})` });
    }
  }

  // ---- connections and discovery ----

  #onConnect(id: Libp2pPeerId): void {
    const peer = peerIdHex(id);
    if (peer === undefined || this.#closed) return;
    if (this.#blocked.has(peer)) {
      void this.#libp2p.hangUp(id).catch(() => {});
      return;
    }
    if (this.#connected.has(peer)) return;
    this.#connected.add(peer);
    this.#backoff.delete(peer);
    if (this.#known.size < this.#opts.maxPeers * 4) this.#known.add(peer);
    this.#opts.logger.debug("p2p peer connected", { module: "p2p", peer });
    callHook(this.#opts.logger, "onPeerCount", this.#opts.metrics.onPeerCount, this.#connected.size);
  }

  #onDisconnect(id: Libp2pPeerId): void {
    const peer = peerIdHex(id);
    if (peer === undefined || !this.#connected.delete(peer)) return;
    this.#links.get(peer)?.close();
    this.#links.delete(peer);
    this.#opts.logger.debug("p2p peer disconnected", { module: "p2p", peer });
    callHook(this.#opts.logger, "onPeerCount", this.#opts.metrics.onPeerCount, this.#connected.size);
  }

  #onDiscovered(id: Libp2pPeerId): void {
    const peer = peerIdHex(id);
    if (peer === undefined || peer === this.self || this.#connected.has(peer) || this.#blocked.has(peer)) return;
    if (this.#connected.size >= this.#opts.maxPeers) return;
    this.#dial(peer, id);
  }

  #dial(key: string, target: Libp2pPeerId | Multiaddr): void {
    if (this.#closed || this.#dialing.has(key)) return;
    this.#dialing.add(key);
    this.#libp2p
      .dial(target, { signal: AbortSignal.timeout(5000) })
      .then(
        () => this.#backoff.delete(key),
        (err) => {
          const previous = this.#backoff.get(key)?.delay ?? 250;
          const delay = Math.min(previous * 2, 8000);
          this.#backoff.set(key, { next: performance.now() + delay, delay });
          this.#opts.logger.debug("p2p dial failed", { module: "p2p", target: String(target), error: String(err) });
        },
      )
      .finally(() => this.#dialing.delete(key));
  }

  #ready(key: string): boolean {
    const backoff = this.#backoff.get(key);
    return backoff === undefined || backoff.next <= performance.now();
  }

  /** One maintenance pass, then the next is scheduled: redial bootstrap nodes, allowed and known peers that are away. */
  #maintain(): void {
    if (this.#closed) return;
    for (const address of this.#opts.bootstrap) {
      const peer = address.getComponents().at(-1)?.value;
      const id = peer === undefined ? undefined : this.#libp2p.getConnections().find((c) => c.remotePeer.toString() === peer);
      const key = String(address);
      if (id === undefined && this.#ready(key)) this.#dial(key, address);
    }
    const wanted = new Set(this.#known);
    for (const p of this.#allowed ?? []) wanted.add(p);
    for (const peer of wanted) {
      if (peer === this.self || this.#connected.has(peer) || this.#blocked.has(peer) || !this.#ready(peer)) continue;
      if (this.#connected.size >= this.#opts.maxPeers) break;
      this.#dial(peer, libp2pPeerId(peer));
    }
    this.#scores.prune((p) => this.#connected.has(p));
    this.#timer = setTimeout(() => this.#maintain(), this.#opts.maintenanceIntervalMs);
    this.#timer.unref();
  }
}
