// The simulator's wire (issue 17, "simulated links"; cips/runtime.md §2 "Links", "Who a send reaches"):
// every message from `send` to its handler or to a counted drop, with the link's delay, loss, FIFO
// per (sender, receiver, channel), queue bound, cuts, partitions and blocks, each step audited.
import { ArgumentError, aint } from "@cowboy/codec";
import type { BlockReason, Channel, PeerId, Recipients, Rng } from "../capabilities.js";
import { RuntimeError } from "../errors.js";
import { payloadId } from "./auditor.js";
import type { SimEvent } from "./event-queue.js";
import type { LinkTable } from "./links.js";
import type { ParticipantState } from "./participant.js";

/** Why a message did not reach its handler. */
export type DropCause = "unknown" | "offline" | "blocked" | "partition" | "cut" | "loss" | "queue-full" | "crashed" | "no-handler";

export interface ChannelStats {
  /** Messages queued on a link (one per recipient). */
  sent: number;
  delivered: number;
  /** Messages refused at send (unknown, offline, blocked) or lost after it. */
  dropped: number;
}

export interface SimulationStats extends ChannelStats {
  readonly channels: ReadonlyMap<Channel, Readonly<ChannelStats>>;
  readonly drops: Readonly<Record<DropCause, number>>;
}

/** The largest channel number: @cowboy/p2p carries the channel in one byte, so the simulator refuses more too. */
export const MAX_CHANNEL = 0xff;

/** What the wire needs from its Simulation. */
export interface WireDeps {
  readonly participants: ReadonlyMap<string, ParticipantState>;
  readonly byPeer: ReadonlyMap<PeerId, ParticipantState>;
  readonly links: LinkTable;
  /** The Rng of every link decision (loss, jitter), drawn at send time in send order. */
  readonly rng: Rng;
  readonly queueLimit: number;
  readonly maxMessageBytes: number;
  now(): number;
  at(time: number, run: () => void): SimEvent;
  audit(line: string): void;
  fail(p: ParticipantState, error: unknown): void;
}

export class Wire {
  /** Per (sender, receiver, channel): the latest delivery time queued, so a link never reorders a channel. */
  private readonly fifo = new Map<string, number>();
  /** Per (sender, receiver, channel): messages queued and not yet delivered or dropped. */
  private readonly inFlight = new Map<string, number>();
  private readonly channelStats = new Map<Channel, ChannelStats>();
  private readonly dropCounts: Record<DropCause, number> = {
    unknown: 0,
    offline: 0,
    blocked: 0,
    partition: 0,
    cut: 0,
    loss: 0,
    "queue-full": 0,
    crashed: 0,
    "no-handler": 0,
  };

  constructor(private readonly deps: WireDeps) {}

  /** Messages sent, delivered and dropped, in total, per channel (ascending) and per drop cause. */
  stats(): SimulationStats {
    const total = { sent: 0, delivered: 0, dropped: 0 };
    const channels = new Map<Channel, ChannelStats>();
    for (const [channel, s] of [...this.channelStats].sort((x, y) => x[0] - y[0])) {
      channels.set(channel, { ...s });
      total.sent += s.sent;
      total.delivered += s.delivered;
      total.dropped += s.dropped;
    }
    return { ...total, channels, drops: { ...this.dropCounts } };
  }

  private stat(channel: Channel): ChannelStats {
    let s = this.channelStats.get(channel);
    if (s === undefined) {
      s = { sent: 0, delivered: 0, dropped: 0 };
      this.channelStats.set(channel, s);
    }
    return s;
  }

  private drop(from: string, to: string, channel: Channel, id: string, cause: DropCause): void {
    this.stat(channel).dropped++;
    this.dropCounts[cause]++;
    this.deps.audit(`drop ${from} ${to} ${channel} ${id} ${cause}`);
  }

  private connected(a: ParticipantState, b: ParticipantState): boolean {
    return !a.blocked.has(b.peerId) && !b.blocked.has(a.peerId);
  }

  peersOf(p: ParticipantState): PeerId[] {
    const out: PeerId[] = [];
    for (const q of this.deps.participants.values()) if (q !== p && q.running && this.connected(p, q)) out.push(q.peerId);
    return out;
  }

  block(p: ParticipantState, peer: PeerId, reason: BlockReason): void {
    if (typeof peer !== "string") throw new ArgumentError("peer", "must be a PeerId string");
    p.blocked.add(peer);
    const other = this.deps.byPeer.get(peer)?.label ?? peer;
    this.deps.audit(`block ${p.label} ${other} ${String(reason?.code)}`);
  }

  send(from: ParticipantState, recipients: Recipients, channel: Channel, message: Uint8Array): PeerId[] {
    aint(channel, "channel", 0, MAX_CHANNEL);
    if (!(message instanceof Uint8Array)) throw new ArgumentError("message", "must be a Uint8Array");
    if (message.length > this.deps.maxMessageBytes) {
      throw new RuntimeError("MESSAGE_TOO_LARGE", `message of ${message.length} bytes exceeds maxMessageBytes ${this.deps.maxMessageBytes}`, {
        size: message.length,
        max: this.deps.maxMessageBytes,
      });
    }
    if (recipients !== "all" && !Array.isArray(recipients)) throw new ArgumentError("recipients", 'must be an array of PeerIds or "all"');
    const targets = recipients === "all" ? this.peersOf(from) : [...new Set(recipients)];
    const id = payloadId(message);
    const queued: PeerId[] = [];
    for (const peer of targets) {
      const to = this.deps.byPeer.get(peer);
      if (to === from) continue;
      if (to === undefined) {
        this.drop(from.label, peer.slice(0, 16), channel, id, "unknown");
        continue;
      }
      if (!to.running) {
        this.drop(from.label, to.label, channel, id, "offline");
        continue;
      }
      if (!this.connected(from, to)) {
        this.drop(from.label, to.label, channel, id, "blocked");
        continue;
      }
      queued.push(peer);
      this.stat(channel).sent++;
      this.transmit(from, to, channel, message.slice(), id);
    }
    return queued;
  }

  /** Puts one message on the link from `from` to `to`: refused by a cut or partition, lost, or delivered after the link's delay. */
  private transmit(from: ParticipantState, to: ParticipantState, channel: Channel, message: Uint8Array, id: string): void {
    const refused = this.deps.links.blocked(from.label, to.label);
    if (refused !== undefined) {
      this.drop(from.label, to.label, channel, id, refused);
      return;
    }
    const link = this.deps.links.config(from.label, to.label);
    if (link.loss > 0 && this.deps.rng.nextU32() < link.loss * 0x1_0000_0000) {
      this.drop(from.label, to.label, channel, id, "loss");
      return;
    }
    const key = `${from.label}\u0000${to.label}\u0000${channel}`;
    const queued = this.inFlight.get(key) ?? 0;
    if (queued >= this.deps.queueLimit) {
      this.drop(from.label, to.label, channel, id, "queue-full");
      return;
    }
    this.inFlight.set(key, queued + 1);
    const delay = link.latencyMs + (link.jitterMs > 0 ? this.deps.rng.below(link.jitterMs + 1) : 0);
    const at = Math.max(this.deps.now() + delay, this.fifo.get(key) ?? 0);
    this.fifo.set(key, at);
    this.deps.audit(`send ${from.label} ${to.label} ${channel} ${id} ${at}`);
    const incarnation = to.incarnation;
    this.deps.at(at, () => {
      this.inFlight.set(key, (this.inFlight.get(key) ?? 1) - 1);
      this.deliver(from, to, incarnation, channel, message, id);
    });
  }

  private deliver(from: ParticipantState, to: ParticipantState, incarnation: number, channel: Channel, message: Uint8Array, id: string): void {
    if (!to.running || to.incarnation !== incarnation) return this.drop(from.label, to.label, channel, id, "crashed");
    if (!this.connected(from, to)) return this.drop(from.label, to.label, channel, id, "blocked");
    const refused = this.deps.links.blocked(from.label, to.label);
    if (refused !== undefined) return this.drop(from.label, to.label, channel, id, refused);
    const handler = to.handlers.get(channel);
    if (handler === undefined) return this.drop(from.label, to.label, channel, id, "no-handler");
    this.stat(channel).delivered++;
    this.deps.audit(`deliver ${from.label} ${to.label} ${channel} ${id}`);
    try {
      handler(from.peerId, message);
    } catch (error) {
      this.deps.fail(to, error);
    }
  }
}
