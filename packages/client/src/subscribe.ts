// WebSocket subscriptions of a Cowboy node (apps/node/README.md "JSON-RPC": cowboy_subscribe / cowboy_subscription),
// in Node (the `ws` package: Node 20 has no WebSocket) and in a browser (its own WebSocket), so one client serves both.
import WebSocket from "ws";
import { ClientError } from "./errors.js";

/** What both WebSocket implementations offer and the client uses. */
interface MinimalSocket {
  send(data: string): void;
  close(): void;
  addEventListener(type: "open" | "close" | "error", listener: () => void): void;
  addEventListener(type: "message", listener: (event: { data: unknown }) => void): void;
}

type SocketConstructor = new (url: string) => MinimalSocket;

/** The browser's WebSocket when there is one, else ws's (the `ws` package's browser entry only throws). */
function socketConstructor(): SocketConstructor {
  const native = (globalThis as { WebSocket?: SocketConstructor }).WebSocket;
  return native ?? (WebSocket as unknown as SocketConstructor);
}

/** A running subscription: `close()` ends it (and its socket). */
export interface Subscription {
  readonly id: string;
  close(): void;
}

export interface SubscribeOptions {
  /** The node's HTTP URL; the socket goes to the same host and port. */
  readonly url: string;
  /** A topic the node publishes: "newHeads", "receipts" (and, where served, "logs"). */
  readonly topic: string;
  /** Further parameters of cowboy_subscribe (e.g. the filter of "logs"). */
  readonly params?: readonly unknown[];
  /** Each notification's `result`, as the node sent it (JSON). */
  readonly onValue: (value: unknown) => void;
  /** A socket error or close after the subscription started; default: ignored. */
  readonly onError?: (error: Error) => void;
}

/**
 * Opens a WebSocket to the node, subscribes to `topic` and resolves once the node answered with the subscription id;
 * rejects with ClientError (NETWORK, or the node's code when it refuses the topic).
 */
export function subscribe(options: SubscribeOptions): Promise<Subscription> {
  const Socket = socketConstructor();
  const wsUrl = options.url.replace(/^http/, "ws");
  return new Promise((resolve, reject) => {
    let socket: MinimalSocket;
    try {
      socket = new Socket(wsUrl);
    } catch (error) {
      reject(new ClientError("NETWORK", `cannot open a WebSocket to ${wsUrl}: ${(error as Error).message}`));
      return;
    }
    let id: string | undefined;
    let closedByUs = false;
    let reported = false;
    // After the subscription started, a lost socket is reported once (an error event is followed by a close event).
    const fail = (error: Error): void => {
      if (id === undefined) reject(error);
      else if (!closedByUs && !reported) {
        reported = true;
        options.onError?.(error);
      }
    };
    socket.addEventListener("open", () => {
      socket.send(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "cowboy_subscribe", params: [options.topic, ...(options.params ?? [])] }));
    });
    socket.addEventListener("error", () => fail(new ClientError("NETWORK", `WebSocket error on ${wsUrl}`)));
    socket.addEventListener("close", () => fail(new ClientError("NETWORK", `WebSocket to ${wsUrl} closed`)));
    socket.addEventListener("message", (event) => {
      let message: { id?: number; result?: unknown; error?: { code: number; message: string }; method?: string; params?: { subscription: string; result: unknown } };
      try {
        message = JSON.parse(String(event.data));
      } catch {
        return fail(new ClientError("BAD_RESPONSE", "a WebSocket message that is not JSON"));
      }
      if (message.id === 1) {
        if (message.error !== undefined) {
          closedByUs = true;
          socket.close();
          return reject(new ClientError(message.error.code, message.error.message));
        }
        id = String(message.result);
        const subscriptionId = id;
        resolve({
          id: subscriptionId,
          close: () => {
            closedByUs = true;
            socket.close();
          },
        });
      } else if (message.method === "cowboy_subscription" && message.params !== undefined && message.params.subscription === id) {
        options.onValue(message.params.result);
      }
    });
  });
}
