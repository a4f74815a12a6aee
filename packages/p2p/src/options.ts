// The one options object of createP2PNetwork, every field documented, with its defaults and its
// validation in one place (STYLE.md: one option bag, defaults in one factory, contradictory options
// refused up front). The wire constants (protocol ids, sizes) are listed in cips/consensus.md, "Network".
import { ArgumentError, aarray, abytesIn, aint, aobject } from "@cowboy/codec";
import type { Channel, PeerId } from "@cowboy/runtime";
import { type Multiaddr, multiaddr } from "@multiformats/multiaddr";
import { P2PError } from "./errors.js";
import { MAX_CHANNEL } from "./framing.js";
import { type P2PLogger, type P2PMetricsHooks, SILENT_LOGGER } from "./hooks.js";
import { libp2pPeerId } from "./peer-id.js";
import { DEFAULT_SCORING, type ScoringOptions } from "./scoring.js";

/** The private kad-dht protocol id (never the public IPFS one, so we never join the public DHT). */
export const DEFAULT_DHT_PROTOCOL = "/cowboy/kad/1.0.0";
/** The protocol id of the long-lived direct streams that carry framed channel messages. */
export const DEFAULT_DIRECT_PROTOCOL = "/cowboy/direct/1.0.0";
/** identify and ping run under this prefix: /cowboy/id/1.0.0, /cowboy/ping/1.0.0. */
export const PROTOCOL_PREFIX = "cowboy";
/** Largest direct message body: a block of MAX_BLOCK_TRANSACTIONS small transactions fits with room. */
export const DEFAULT_MAX_MESSAGE_SIZE = 8 * 1024 * 1024;
/** Largest gossip message: a transaction is at most 128 KiB (MAX_TX_SIZE); certificates and headers are smaller. */
export const DEFAULT_MAX_GOSSIP_SIZE = 1024 * 1024;

export interface P2PNetworkOptions {
  /** The 32-byte Ed25519 seed the node keeps in its key file. The libp2p identity derives from it; `self` is hex of its public key. */
  readonly privateKey: Uint8Array;
  /** Multiaddrs to listen on, QUIC v1 only, e.g. `/ip4/127.0.0.1/udp/0/quic-v1` (port 0 picks a free port). At least one. */
  readonly listen: readonly string[];
  /** Bootstrap nodes, each a QUIC multiaddr ending in `/p2p/<libp2p id>` (a node's `addresses()`). The only peers dialled before discovery; there is no built-in list. Default none. */
  readonly bootstrap?: readonly string[];
  /**
   * The network keys (PeerIds) of the validator set. When given, only these peers may send direct
   * messages on channels outside `openChannels`; a frame from anyone else is dropped and scored
   * UNAUTHORIZED_CHANNEL. Other peers still connect, gossip and use `openChannels` (full nodes).
   * These peers are also redialled (found through the DHT) whenever they are not connected.
   * Absent: every peer may use every channel. Replace it later with `setAllowedPeers`.
   */
  readonly allowedPeers?: readonly PeerId[];
  /** Channels any connected peer may send on even when `allowedPeers` is given (e.g. block sync for full nodes). Default none. */
  readonly openChannels?: readonly Channel[];
  /** The kad-dht protocol id. Default `/cowboy/kad/1.0.0`; a devnet or testnet may use its own to stay apart. */
  readonly dhtProtocol?: string;
  /** The direct-stream protocol id. Default `/cowboy/direct/1.0.0`. */
  readonly directProtocol?: string;
  /** Largest direct message body in bytes, sent or accepted. A peer announcing more is blocked. Default 8 MiB. */
  readonly maxMessageSize?: number;
  /** Largest gossip message in bytes, published or accepted. Default 1 MiB. */
  readonly maxGossipSize?: number;
  /** Per-peer outbound queue bound in messages; when full the oldest message is dropped (and counted). Default 4096. */
  readonly maxQueuedMessages?: number;
  /** Per-peer outbound queue bound in bytes, with the same drop-oldest rule. Default 32 MiB. */
  readonly maxQueuedBytes?: number;
  /** Most peer connections kept; discovered peers beyond it are not dialled. Default 64. */
  readonly maxPeers?: number;
  /** Refuse to listen on or dial any address that is not loopback (tests, local devnets). Default false. */
  readonly loopbackOnly?: boolean;
  /** Score penalties, block threshold and flood rates; any field left out keeps its default (scoring.ts). */
  readonly scoring?: Partial<ScoringOptions>;
  /** Milliseconds between maintenance passes (redial bootstrap nodes and lost allowed peers). Default 1000. */
  readonly maintenanceIntervalMs?: number;
  /** Where the network logs (module "p2p"). Default: silent. */
  readonly logger?: P2PLogger;
  /** Metrics hooks called as messages flow. Default: none (the counters of `stats()` are always kept). */
  readonly metrics?: P2PMetricsHooks;
}

/** The options with every default applied and every value checked. */
export interface ResolvedOptions {
  readonly privateKey: Uint8Array;
  readonly listen: readonly Multiaddr[];
  readonly bootstrap: readonly Multiaddr[];
  readonly allowedPeers: readonly PeerId[] | undefined;
  readonly openChannels: ReadonlySet<Channel>;
  readonly dhtProtocol: string;
  readonly directProtocol: string;
  readonly maxMessageSize: number;
  readonly maxGossipSize: number;
  readonly maxQueuedMessages: number;
  readonly maxQueuedBytes: number;
  readonly maxPeers: number;
  readonly loopbackOnly: boolean;
  readonly scoring: ScoringOptions;
  readonly maintenanceIntervalMs: number;
  readonly logger: P2PLogger;
  readonly metrics: P2PMetricsHooks;
}

const PROTOCOL_ID = /^\/[A-Za-z0-9._\-/]{1,120}$/;

export function resolveOptions(options: P2PNetworkOptions): ResolvedOptions {
  aobject(options, "options");
  const privateKey = abytesIn(options.privateKey, "options.privateKey", 32, 32);
  const loopbackOnly = options.loopbackOnly ?? false;
  const listen = aarray(options.listen, "options.listen").map((a, i) => parseAddress(a, `options.listen[${i}]`, loopbackOnly, false));
  if (listen.length === 0) throw new ArgumentError("options.listen", "must name at least one address");
  const bootstrap = aarray(options.bootstrap ?? [], "options.bootstrap").map((a, i) => parseAddress(a, `options.bootstrap[${i}]`, loopbackOnly, true));
  const allowedPeers = options.allowedPeers === undefined ? undefined : aarray(options.allowedPeers, "options.allowedPeers").map(checkPeer);
  const openChannels = new Set(aarray(options.openChannels ?? [], "options.openChannels").map((c, i) => aint(c, `options.openChannels[${i}]`, 0, MAX_CHANNEL)));
  const maxMessageSize = aint(options.maxMessageSize ?? DEFAULT_MAX_MESSAGE_SIZE, "options.maxMessageSize", 1, 256 * 1024 * 1024);
  const maxQueuedBytes = aint(options.maxQueuedBytes ?? 32 * 1024 * 1024, "options.maxQueuedBytes", 1, 2 ** 40);
  if (maxQueuedBytes < maxMessageSize) {
    throw new ArgumentError("options.maxQueuedBytes", `(${maxQueuedBytes}) must be at least options.maxMessageSize (${maxMessageSize}), or a largest message could never be queued`);
  }
  const scoring = { ...DEFAULT_SCORING, ...aobject(options.scoring ?? {}, "options.scoring") };
  const penalties = { ...DEFAULT_SCORING.penalties, ...(options.scoring?.penalties ?? {}) };
  for (const [offence, points] of Object.entries(penalties)) aint(points, `options.scoring.penalties.${offence}`, 0, 1_000_000);
  aint(scoring.blockThreshold, "options.scoring.blockThreshold", -1_000_000, -1);
  for (const key of ["recoveryPerSecond", "messagesPerSecond", "bytesPerSecond"] as const) {
    if (typeof scoring[key] !== "number" || !(scoring[key] >= 0) || !Number.isFinite(scoring[key])) {
      throw new ArgumentError(`options.scoring.${key}`, `must be a finite number >= 0, got ${String(scoring[key])}`);
    }
  }
  return {
    privateKey,
    listen,
    bootstrap,
    allowedPeers,
    openChannels,
    dhtProtocol: protocolId(options.dhtProtocol ?? DEFAULT_DHT_PROTOCOL, "options.dhtProtocol"),
    directProtocol: protocolId(options.directProtocol ?? DEFAULT_DIRECT_PROTOCOL, "options.directProtocol"),
    maxMessageSize,
    maxGossipSize: aint(options.maxGossipSize ?? DEFAULT_MAX_GOSSIP_SIZE, "options.maxGossipSize", 1, 64 * 1024 * 1024),
    maxQueuedMessages: aint(options.maxQueuedMessages ?? 4096, "options.maxQueuedMessages", 1, 1_000_000),
    maxQueuedBytes,
    maxPeers: aint(options.maxPeers ?? 64, "options.maxPeers", 1, 10_000),
    loopbackOnly,
    scoring: { ...scoring, penalties },
    maintenanceIntervalMs: aint(options.maintenanceIntervalMs ?? 1000, "options.maintenanceIntervalMs", 10, 600_000),
    logger: aobject(options.logger ?? SILENT_LOGGER, "options.logger"),
    metrics: aobject(options.metrics ?? {}, "options.metrics"),
  };
}

function checkPeer(peer: PeerId, i: number): PeerId {
  try {
    libp2pPeerId(peer);
  } catch {
    throw new ArgumentError(`options.allowedPeers[${i}]`, `must be an Ed25519 public key in 64 lowercase hex digits, got ${JSON.stringify(String(peer).slice(0, 80))}`);
  }
  return peer;
}

function protocolId(value: string, name: string): string {
  if (typeof value !== "string" || !PROTOCOL_ID.test(value)) throw new ArgumentError(name, `must be a protocol id such as /cowboy/kad/1.0.0, got ${JSON.stringify(value)}`);
  return value;
}

/** True for an address on 127.0.0.0/8 or ::1. */
export function isLoopback(address: Multiaddr): boolean {
  const host = address.getComponents()[0];
  if (host === undefined) return false;
  if (host.name === "ip4") return host.value?.startsWith("127.") ?? false;
  if (host.name === "ip6") return host.value === "::1";
  return false;
}

/** Parses a QUIC v1 multiaddr; a bootstrap address must also name its peer (`/p2p/<id>`). */
export function parseAddress(text: string, name: string, loopbackOnly: boolean, needsPeer: boolean): Multiaddr {
  if (typeof text !== "string") throw new ArgumentError(name, `must be a multiaddr string, got ${typeof text}`);
  let address: Multiaddr;
  try {
    address = multiaddr(text);
  } catch (cause) {
    throw new P2PError("INVALID_MULTIADDR", `${name}: ${JSON.stringify(text)} is not a multiaddr`, { argument: name }, { cause });
  }
  const names = address.getComponents().map((c) => c.name);
  if (!(names[0] === "ip4" || names[0] === "ip6") || names[1] !== "udp" || names[2] !== "quic-v1") {
    throw new P2PError("INVALID_MULTIADDR", `${name}: ${text} is not an /ip4|ip6/<host>/udp/<port>/quic-v1 address (QUIC v1 is the only transport)`, { argument: name });
  }
  if (needsPeer && (names.length !== 4 || names[3] !== "p2p")) throw new P2PError("INVALID_MULTIADDR", `${name}: ${text} must end in /p2p/<peer id>`, { argument: name });
  if (!needsPeer && names.length !== 3) throw new P2PError("INVALID_MULTIADDR", `${name}: ${text} must be a bare listen address`, { argument: name });
  if (loopbackOnly && !isLoopback(address)) throw new P2PError("INVALID_MULTIADDR", `${name}: ${text} is not loopback and options.loopbackOnly is set`, { argument: name });
  return address;
}
