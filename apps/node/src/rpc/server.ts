import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { WebSocketServer, type WebSocket } from "ws";
import { z } from "zod";
import { handlePayload, toJson, type MethodCaller } from "./dispatch.js";
import { RpcError, RpcErrorCode } from "./errors.js";
import type { MethodRegistry } from "./registry.js";

export interface RpcServerOptions {
  /** Interface to bind; the node only ever defaults to loopback. */
  readonly host: string;
  /** 0 picks a free port. */
  readonly port: number;
  readonly registry: MethodRegistry;
  /** Subscription topics WebSocket clients may subscribe to (e.g. newHeads, receipts). */
  readonly topics: readonly string[];
  /** What GET /health answers (besides status "ok"). */
  readonly health: () => Record<string, unknown>;
  /** Largest request body accepted, in bytes. */
  readonly maxBodyBytes?: number;
  /** Extra GET routes by exact path (e.g. "/metrics"), each answering a content type and a body. */
  readonly getRoutes?: Readonly<Record<string, () => Promise<{ contentType: string; body: string }>>>;
  readonly onInternalError?: (method: string, error: unknown) => void;
}

export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
const MAX_SUBSCRIPTIONS_PER_SOCKET = 64;

/**
 * JSON-RPC 2.0 over HTTP (POST /) and WebSocket (same port), with subscriptions over WebSocket:
 * `cowboy_subscribe(topic)` returns an id, then every `publish(topic, value)` arrives as a
 * `cowboy_subscription` notification until `cowboy_unsubscribe(id)` or the socket closes.
 */
export class RpcServer {
  readonly #options: RpcServerOptions;
  readonly #http: Server;
  readonly #ws: WebSocketServer;
  readonly #subscribers = new Map<string, Map<string, WebSocket>>();
  #nextSubscription = 1;

  constructor(options: RpcServerOptions) {
    this.#options = options;
    this.#http = createServer((req, res) => void this.#onHttp(req, res));
    this.#ws = new WebSocketServer({ server: this.#http, maxPayload: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES });
    this.#ws.on("connection", (socket) => this.#onSocket(socket));
    for (const topic of options.topics) this.#subscribers.set(topic, new Map());
  }

  /** Starts listening; resolves with the bound port. */
  listen(): Promise<number> {
    return new Promise((resolve, reject) => {
      this.#http.once("error", reject);
      this.#http.listen(this.#options.port, this.#options.host, () => {
        this.#http.off("error", reject);
        resolve((this.#http.address() as AddressInfo).port);
      });
    });
  }

  /** Sends `value` to every subscriber of `topic`. */
  publish(topic: string, value: unknown): void {
    const subscribers = this.#subscribers.get(topic);
    if (subscribers === undefined) throw new Error(`unknown topic ${topic}`);
    for (const [id, socket] of subscribers) {
      if (socket.readyState !== socket.OPEN) continue;
      socket.send(toJson({ jsonrpc: "2.0", method: "cowboy_subscription", params: { subscription: id, result: value } }));
    }
  }

  async close(): Promise<void> {
    for (const socket of this.#ws.clients) socket.terminate();
    await new Promise<void>((resolve) => this.#ws.close(() => resolve()));
    this.#http.closeAllConnections();
    await new Promise<void>((resolve, reject) => this.#http.close((error) => (error ? reject(error) : resolve())));
  }

  async #onHttp(req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      if (req.method === "GET" && (req.url === "/health" || req.url === "/healthz")) {
        return send(res, 200, toJson({ status: "ok", ...this.#options.health() }));
      }
      const route = req.method === "GET" && req.url !== undefined ? this.#options.getRoutes?.[req.url] : undefined;
      if (route !== undefined) {
        const { contentType, body } = await route();
        res.writeHead(200, { "content-type": contentType, "content-length": Buffer.byteLength(body) }).end(body);
        return;
      }
      if (req.method !== "POST" || (req.url !== "/" && req.url !== "")) {
        return send(res, 404, toJson({ error: "JSON-RPC is served by POST / ; health by GET /health" }));
      }
      const body = await readBody(req, this.#options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES);
      if (body === undefined) {
        const error = new RpcError(RpcErrorCode.LimitExceeded, `the request body exceeds ${this.#options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES} bytes`);
        return send(res, 413, toJson({ jsonrpc: "2.0", id: null, error: error.toJson() }));
      }
      const reply = await handlePayload(this.#options.registry, body, this.#options.onInternalError);
      if (reply === undefined) {
        res.writeHead(204).end();
        return;
      }
      send(res, 200, reply);
    } catch (error) {
      this.#options.onInternalError?.("http", error);
      if (!res.headersSent) send(res, 500, toJson({ jsonrpc: "2.0", id: null, error: { code: RpcErrorCode.InternalError, message: "internal error" } }));
    }
  }

  #onSocket(socket: WebSocket): void {
    const own = new Map<string, string>(); // subscription id -> topic
    const caller: MethodCaller = {
      call: async (method, params) => {
        if (method === "cowboy_subscribe") return this.#subscribe(socket, own, params);
        if (method === "cowboy_unsubscribe") return this.#unsubscribe(own, params);
        return this.#options.registry.call(method, params);
      },
    };
    socket.on("message", (data, isBinary) => {
      if (isBinary) {
        socket.send(toJson({ jsonrpc: "2.0", id: null, error: { code: RpcErrorCode.InvalidRequest, message: "send JSON text frames" } }));
        return;
      }
      void handlePayload(caller, data.toString("utf8"), this.#options.onInternalError).then((reply) => {
        if (reply !== undefined && socket.readyState === socket.OPEN) socket.send(reply);
      });
    });
    socket.on("close", () => {
      for (const [id, topic] of own) this.#subscribers.get(topic)?.delete(id);
      own.clear();
    });
    socket.on("error", () => socket.terminate());
  }

  #subscribe(socket: WebSocket, own: Map<string, string>, params: unknown): string {
    const parsed = z.tuple([z.string()]).safeParse(params);
    if (!parsed.success) throw new RpcError(RpcErrorCode.InvalidParams, "invalid topic: expected [topic]");
    const [topic] = parsed.data;
    const subscribers = this.#subscribers.get(topic);
    if (subscribers === undefined) {
      throw new RpcError(RpcErrorCode.InvalidParams, `invalid topic: ${topic} (one of ${[...this.#subscribers.keys()].join(", ")})`);
    }
    if (own.size >= MAX_SUBSCRIPTIONS_PER_SOCKET) {
      throw new RpcError(RpcErrorCode.LimitExceeded, `at most ${MAX_SUBSCRIPTIONS_PER_SOCKET} subscriptions per connection`);
    }
    const id = `0x${(this.#nextSubscription++).toString(16)}`;
    subscribers.set(id, socket);
    own.set(id, topic);
    return id;
  }

  #unsubscribe(own: Map<string, string>, params: unknown): boolean {
    const parsed = z.tuple([z.string()]).safeParse(params);
    if (!parsed.success) throw new RpcError(RpcErrorCode.InvalidParams, "invalid subscription: expected [id]");
    const topic = own.get(parsed.data[0]);
    if (topic === undefined) return false;
    own.delete(parsed.data[0]);
    this.#subscribers.get(topic)?.delete(parsed.data[0]);
    return true;
  }
}

function send(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(body) }).end(body);
}

/** Reads the body as UTF-8, or undefined when it exceeds `limit` bytes (the rest is discarded). */
function readBody(req: IncomingMessage, limit: number): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers["content-length"] ?? 0);
    if (declared > limit) {
      req.resume();
      resolve(undefined);
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) over = true;
      if (!over) chunks.push(chunk);
    });
    req.on("end", () => resolve(over ? undefined : Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}
