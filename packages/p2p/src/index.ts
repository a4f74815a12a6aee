// @cowboy/p2p: the runtime Network over libp2p — QUIC v1 / TLS 1.3 (whitepaper §6.2), a private
// kad-dht with explicit bootstrap nodes, gossipsub for broadcast, and long-lived framed streams for
// consensus traffic. The wire decisions are in cips/consensus.md, "Network".
import "./polyfill.js";

export { P2PError, type P2PErrorCode } from "./errors.js";
export { type DecodeResult, encodeFrame, FRAME_HEADER_BYTES, type Frame, FrameDecoder, type FrameViolation, MAX_CHANNEL } from "./framing.js";
export { GOSSIP_TOPICS, type Gossip, type GossipHandler, type GossipVerdict } from "./gossip.js";
export type { DropReason, P2PLogger, P2PMetricsHooks, P2PStats } from "./hooks.js";
export { createP2PNetwork, type P2PNetwork } from "./network.js";
export {
  DEFAULT_DHT_PROTOCOL,
  DEFAULT_DIRECT_PROTOCOL,
  DEFAULT_MAX_GOSSIP_SIZE,
  DEFAULT_MAX_MESSAGE_SIZE,
  type P2PNetworkOptions,
  PROTOCOL_PREFIX,
} from "./options.js";
export { libp2pPeerId, peerIdHex } from "./peer-id.js";
export { DEFAULT_SCORING, type Offence, PeerScores, type ScoringOptions } from "./scoring.js";
