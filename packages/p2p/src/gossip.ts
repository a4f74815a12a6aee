// Gossip over gossipsub (cips/consensus.md, "Network" → "Gossip"): transactions flood to all peers
// and anything else broadcast rides a named topic. Messages are signed by the originator's network
// key (StrictSign), so a handler's `from` is the originator; a subscriber's handler is the topic
// validator, so a message it rejects is neither delivered nor forwarded, and costs the peer that
// relayed it GOSSIP_REJECTED.
import { ArgumentError } from "@cowboy/codec";
import type { PeerId } from "@cowboy/runtime";
import type { PeerId as Libp2pPeerId } from "@libp2p/interface";
import { type GossipSub, type Message, TopicValidatorResult } from "@libp2p/gossipsub";
import { P2PError } from "./errors.js";
import { peerIdHex } from "./peer-id.js";

/** What a subscriber decides about a message: deliver-and-forward, drop quietly, or drop and penalise the relayer. */
export type GossipVerdict = "accept" | "ignore" | "reject";

/** Called once per new message on the topic; returning nothing accepts it. A throw counts as "ignore". */
export type GossipHandler = (from: PeerId, message: Uint8Array) => GossipVerdict | undefined;

/** The broadcast side of the network. */
export interface Gossip {
  /** Publishes `message` on `topic`; resolves to the PeerIds it was first sent to (0 while nobody subscribes). */
  publish(topic: string, message: Uint8Array): Promise<PeerId[]>;
  /** Subscribes with `handler` (replacing any earlier handler of the topic). */
  subscribe(topic: string, handler: GossipHandler): void;
  /** Leaves the topic. */
  unsubscribe(topic: string): void;
  /** The connected peers that subscribe to `topic`. */
  subscribers(topic: string): PeerId[];
}

/** Topic names this repository uses (cips/consensus.md, "Network" → "Gossip"). */
export const GOSSIP_TOPICS = Object.freeze({
  /** Signed transactions (the bytes of `Transaction.encode()`), flooded to every peer. */
  transactions: "/cowboy/tx/1",
  /** Finalized blocks relayed to full nodes. */
  blocks: "/cowboy/block/1",
});

const TOPIC = /^\/[A-Za-z0-9._\-/]{1,120}$/;

/** What the gossip layer needs from the network around it. */
export interface GossipHost {
  readonly maxGossipSize: number;
  isBlocked(peer: PeerId): boolean;
  rejected(relayer: PeerId, topic: string): void;
  delivered(topic: string, bytes: number): void;
  published(): void;
  readonly closed: boolean;
  logWarn(message: string, fields: Record<string, unknown>): void;
}

export function createGossip(pubsub: GossipSub, host: GossipHost): Gossip {
  const checkTopic = (topic: string): string => {
    if (typeof topic !== "string" || !TOPIC.test(topic)) throw new ArgumentError("topic", `must look like /cowboy/tx/1, got ${JSON.stringify(topic)}`);
    return topic;
  };
  const validator = (handler: GossipHandler) => (relayer: Libp2pPeerId, msg: Message) => {
    const relayedBy = peerIdHex(relayer);
    const from = msg.type === "signed" ? peerIdHex(msg.from) : undefined;
    if (relayedBy === undefined || from === undefined || host.isBlocked(relayedBy) || host.isBlocked(from)) return TopicValidatorResult.Reject;
    if (msg.data.length > host.maxGossipSize) {
      host.rejected(relayedBy, msg.topic);
      return TopicValidatorResult.Reject;
    }
    let verdict: GossipVerdict | undefined;
    try {
      verdict = handler(from, new Uint8Array(msg.data.buffer, msg.data.byteOffset, msg.data.byteLength));
    } catch (err) {
      host.logWarn("p2p gossip handler threw", { module: "p2p", topic: msg.topic, error: String(err) });
      return TopicValidatorResult.Ignore;
    }
    if (verdict === "reject") {
      host.rejected(relayedBy, msg.topic);
      return TopicValidatorResult.Reject;
    }
    if (verdict === "ignore") return TopicValidatorResult.Ignore;
    host.delivered(msg.topic, msg.data.length);
    return TopicValidatorResult.Accept;
  };
  return {
    async publish(topic, message) {
      checkTopic(topic);
      if (host.closed) throw new P2PError("CLOSED", "gossip.publish after close()");
      if (!(message instanceof Uint8Array)) throw new ArgumentError("message", "must be a Uint8Array");
      if (message.length > host.maxGossipSize) {
        throw new P2PError("MESSAGE_TOO_LARGE", `gossip message of ${message.length} bytes exceeds maxGossipSize ${host.maxGossipSize}`, { size: message.length, max: host.maxGossipSize });
      }
      const result = await pubsub.publish(topic, message);
      host.published();
      return result.recipients.map(peerIdHex).filter((p): p is PeerId => p !== undefined);
    },
    subscribe(topic, handler) {
      checkTopic(topic);
      if (typeof handler !== "function") throw new ArgumentError("handler", "must be a function");
      pubsub.topicValidators.set(topic, validator(handler));
      pubsub.subscribe(topic);
    },
    unsubscribe(topic) {
      pubsub.topicValidators.delete(checkTopic(topic));
      pubsub.unsubscribe(topic);
    },
    subscribers(topic) {
      return pubsub
        .getSubscribers(checkTopic(topic))
        .map(peerIdHex)
        .filter((p): p is PeerId => p !== undefined)
        .sort();
    },
  };
}
