// WebSocket subscriptions of the JSON-RPC server (apps/node/README.md "JSON-RPC"; issue 18, "The
// node cannot be stalled"): caps on sockets and on subscriptions in all, each notification
// serialised once for every subscriber, and a subscriber that does not read (more unsent bytes than
// the bound) dropped rather than buffered without end.
import type { WebSocket } from "ws";
import { z } from "zod";
import { handlePayload, toJson, type InternalErrorSink, type MethodCaller } from "./dispatch.js";
import { RpcError, RpcErrorCode } from "./errors.js";
import type { MethodRegistry } from "./registry.js";

export interface SubscriptionLimits {
  /** Most subscriptions one socket may hold. */
  readonly maxPerSocket: number;
  /** Most subscriptions over all sockets. */
  readonly maxTotal: number;
  /** A socket with more unsent bytes than this is closed (a reader that cannot keep up). */
  readonly maxBufferedBytes: number;
}

/**
 * A topic's filter: validates the second parameter of `cowboy_subscribe(topic, filter)` (throwing
 * an RpcError) and returns what a published value must pass to reach that subscriber.
 */
export type SubscriptionFilter = (raw: unknown) => (value: unknown) => boolean;

interface Subscriber {
  readonly socket: WebSocket;
  readonly accepts: ((value: unknown) => boolean) | null;
}

/** The subscriptions of every socket, by topic. */
export class SubscriptionHub {
  readonly #byTopic = new Map<string, Map<string, Subscriber>>();
  #total = 0;
  #next = 1;
  #slowDropped = 0;

  constructor(
    topics: readonly string[],
    private readonly limits: SubscriptionLimits,
    private readonly registry: MethodRegistry,
    private readonly onInternalError: InternalErrorSink,
    private readonly filters: Readonly<Record<string, SubscriptionFilter>> = {},
  ) {
    for (const topic of topics) this.#byTopic.set(topic, new Map());
  }

  /** Subscriptions held now, over all sockets. */
  get total(): number {
    return this.#total;
  }

  /** Sockets closed because they did not read fast enough. */
  get slowDropped(): number {
    return this.#slowDropped;
  }

  /** Serves JSON-RPC on `socket`, with cowboy_subscribe / cowboy_unsubscribe scoped to it. */
  attach(socket: WebSocket): void {
    const own = new Map<string, string>(); // subscription id -> topic
    const caller: MethodCaller = {
      call: async (method, params) => {
        if (method === "cowboy_subscribe") return this.#subscribe(socket, own, params);
        if (method === "cowboy_unsubscribe") return this.#unsubscribe(own, params);
        return this.registry.call(method, params);
      },
    };
    socket.on("message", (data, isBinary) => {
      if (isBinary) {
        this.#send(socket, toJson({ jsonrpc: "2.0", id: null, error: { code: RpcErrorCode.InvalidRequest, message: "send JSON text frames" } }));
        return;
      }
      void handlePayload(caller, data.toString("utf8"), this.onInternalError).then((reply) => {
        if (reply !== undefined) this.#send(socket, reply);
      });
    });
    socket.on("close", () => {
      for (const [id, topic] of own) if (this.#byTopic.get(topic)?.delete(id)) this.#total--;
      own.clear();
    });
    socket.on("error", () => socket.terminate());
  }

  /**
   * Sends `value` to every subscriber of `topic`. The value is serialised once; each subscriber's
   * frame is that text with its subscription id around it.
   */
  publish(topic: string, value: unknown): void {
    const subscribers = this.#byTopic.get(topic);
    if (subscribers === undefined) throw new Error(`unknown topic ${topic}`);
    if (subscribers.size === 0) return;
    let result: string | undefined;
    for (const [id, { socket, accepts }] of subscribers) {
      if (accepts !== null && !accepts(value)) continue;
      result ??= toJson(value);
      // Same bytes as toJson({ jsonrpc, method, params: { subscription: id, result } }): ids are 0x-hex.
      this.#send(socket, `{"jsonrpc":"2.0","method":"cowboy_subscription","params":{"subscription":"${id}","result":${result}}}`);
    }
  }

  /** Sends `text` unless the socket is closed, or closes it when it already holds too much unsent. */
  #send(socket: WebSocket, text: string): void {
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > this.limits.maxBufferedBytes) {
      this.#slowDropped++;
      socket.terminate();
      return;
    }
    socket.send(text);
  }

  #subscribe(socket: WebSocket, own: Map<string, string>, params: unknown): string {
    const parsed = z.tuple([z.string()]).rest(z.unknown()).safeParse(params);
    if (!parsed.success || parsed.data.length > 2) throw new RpcError(RpcErrorCode.InvalidParams, "invalid topic: expected [topic] or [topic, filter]");
    const [topic, filterParam] = parsed.data;
    const subscribers = this.#byTopic.get(topic);
    if (subscribers === undefined) {
      throw new RpcError(RpcErrorCode.InvalidParams, `invalid topic: ${topic} (one of ${[...this.#byTopic.keys()].join(", ")})`);
    }
    if (own.size >= this.limits.maxPerSocket) throw new RpcError(RpcErrorCode.LimitExceeded, `at most ${this.limits.maxPerSocket} subscriptions per connection`);
    if (this.#total >= this.limits.maxTotal) throw new RpcError(RpcErrorCode.LimitExceeded, `the node holds its most subscriptions (${this.limits.maxTotal}); try later`);
    const filter = this.filters[topic];
    if (filter === undefined && filterParam !== undefined) throw new RpcError(RpcErrorCode.InvalidParams, `the topic ${topic} takes no filter`);
    const accepts = filter === undefined ? null : filter(filterParam);
    const id = `0x${(this.#next++).toString(16)}`;
    subscribers.set(id, { socket, accepts });
    own.set(id, topic);
    this.#total++;
    return id;
  }

  #unsubscribe(own: Map<string, string>, params: unknown): boolean {
    const parsed = z.tuple([z.string()]).safeParse(params);
    if (!parsed.success) throw new RpcError(RpcErrorCode.InvalidParams, "invalid subscription: expected [id]");
    const topic = own.get(parsed.data[0]);
    if (topic === undefined) return false;
    own.delete(parsed.data[0]);
    if (this.#byTopic.get(topic)?.delete(parsed.data[0])) this.#total--;
    return true;
  }
}
