// One peer's outbound side (cips/consensus.md, "Network" → "Direct streams"): a bounded FIFO of
// encoded frames and the one long-lived stream they are written to. The stream is opened on the first
// message and kept; when it is lost it is re-opened for the next message (never one stream per
// message: that costs 6–8 ms). A full queue drops its OLDEST message (newer consensus messages
// supersede older ones, and order among the survivors is kept), counting every drop.
import type { Channel, PeerId } from "@cowboy/runtime";
import type { Stream } from "@libp2p/interface";
import type { DropReason } from "./hooks.js";

/** What a link needs from the network around it. */
export interface LinkHost {
  /** Opens a stream of the direct protocol on the peer's current connection (rejects when there is none). */
  openStream(peer: PeerId): Promise<Stream>;
  sent(peer: PeerId, channel: Channel, bytes: number): void;
  dropped(peer: PeerId, channel: Channel, reason: DropReason): void;
  debug(message: string, fields: Record<string, unknown>): void;
}

export interface LinkBounds {
  readonly maxQueuedMessages: number;
  readonly maxQueuedBytes: number;
}

interface Queued {
  readonly channel: Channel;
  readonly frame: Uint8Array;
  /** The message body's length (the frame less its header), for metrics. */
  readonly bytes: number;
}

/** Frames are joined into one write of up to this many bytes when several are queued. */
const COALESCE_BYTES = 64 * 1024;
/** Consecutive failures to open a stream after which the queue is dropped (the peer is likely gone). */
const MAX_OPEN_FAILURES = 3;
/** Milliseconds before the n-th retry of a failed open is n times this. */
const RETRY_DELAY_MS = 50;

export class OutboundLink {
  readonly peer: PeerId;
  readonly #host: LinkHost;
  readonly #bounds: LinkBounds;
  #queue: Queued[] = [];
  #head = 0;
  #queuedBytes = 0;
  #stream: Stream | undefined;
  #pumping = false;
  #closed = false;

  constructor(peer: PeerId, host: LinkHost, bounds: LinkBounds) {
    this.peer = peer;
    this.#host = host;
    this.#bounds = bounds;
  }

  /** Messages waiting to be written. */
  get queued(): number {
    return this.#queue.length - this.#head;
  }

  /** Queues a frame (dropping the oldest while the bounds are exceeded) and starts writing. */
  enqueue(channel: Channel, frame: Uint8Array, bytes: number): void {
    if (this.#closed) {
      this.#host.dropped(this.peer, channel, "disconnected");
      return;
    }
    this.#queue.push({ channel, frame, bytes });
    this.#queuedBytes += frame.length;
    while (this.queued > this.#bounds.maxQueuedMessages || this.#queuedBytes > this.#bounds.maxQueuedBytes) {
      const oldest = this.#shift();
      this.#host.dropped(this.peer, oldest.channel, "queue_full");
    }
    void this.#pump();
  }

  /** Drops whatever is queued (counted as `disconnected`) and closes the stream; the link is not used again. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    while (this.queued > 0) this.#host.dropped(this.peer, this.#shift().channel, "disconnected");
    const stream = this.#stream;
    this.#stream = undefined;
    if (stream !== undefined && stream.status === "open") stream.abort(new Error("peer link closed"));
  }

  #shift(): Queued {
    const item = this.#queue[this.#head]!;
    this.#head++;
    this.#queuedBytes -= item.frame.length;
    if (this.#head > 1024 && this.#head * 2 > this.#queue.length) {
      this.#queue = this.#queue.slice(this.#head);
      this.#head = 0;
    }
    return item;
  }

  async #pump(): Promise<void> {
    if (this.#pumping) return;
    this.#pumping = true;
    let openFailures = 0;
    try {
      while (this.queued > 0 && !this.#closed) {
        let stream = this.#stream;
        if (stream === undefined || stream.status !== "open" || stream.writeStatus !== "writable") {
          try {
            stream = await this.#host.openStream(this.peer);
          } catch (err) {
            openFailures++;
            this.#host.debug("p2p direct stream open failed", { module: "p2p", peer: this.peer, attempt: openFailures, error: String(err) });
            if (openFailures >= MAX_OPEN_FAILURES) {
              while (this.queued > 0) this.#host.dropped(this.peer, this.#shift().channel, "disconnected");
            } else {
              await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS * openFailures));
            }
            continue;
          }
          if (this.#closed) {
            stream.abort(new Error("peer link closed"));
            return;
          }
          openFailures = 0;
          this.#stream = stream;
        }
        const batch = this.#takeBatch();
        let writable: boolean;
        try {
          writable = stream.send(batch.bytes);
        } catch (err) {
          // The stream broke under us: these messages are lost (never re-sent, so order holds), the next are written on a new stream.
          this.#host.debug("p2p direct stream write failed", { module: "p2p", peer: this.peer, error: String(err) });
          for (const item of batch.items) this.#host.dropped(this.peer, item.channel, "disconnected");
          this.#stream = undefined;
          continue;
        }
        for (const item of batch.items) this.#host.sent(this.peer, item.channel, item.bytes);
        if (!writable) {
          try {
            await stream.onDrain();
          } catch {
            this.#stream = undefined;
          }
        }
      }
    } finally {
      this.#pumping = false;
    }
  }

  /** The next frames to write: one, or several joined up to COALESCE_BYTES. */
  #takeBatch(): { bytes: Uint8Array; items: Queued[] } {
    const first = this.#shift();
    if (this.queued === 0 || first.frame.length >= COALESCE_BYTES) return { bytes: first.frame, items: [first] };
    const items = [first];
    let total = first.frame.length;
    while (this.queued > 0) {
      const next = this.#queue[this.#head]!;
      if (total + next.frame.length > COALESCE_BYTES) break;
      items.push(this.#shift());
      total += next.frame.length;
    }
    const bytes = new Uint8Array(total);
    let at = 0;
    for (const item of items) {
      bytes.set(item.frame, at);
      at += item.frame.length;
    }
    return { bytes, items };
  }
}
