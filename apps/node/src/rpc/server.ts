// The node's JSON-RPC server (apps/node/README.md "JSON-RPC"), hardened as issue 18 ("The node
// cannot be stalled") asks: a connection cap, header/request/idle timeouts, JSON bodies only (415),
// browser origins refused unless allowed (403), 405 for a method a route does not serve, aborted
// requests dropped quietly; WebSocket subscriptions are SubscriptionHub's.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { WebSocketServer } from "ws";
import { handlePayload, toJson } from "./dispatch.js";
import { RpcError, RpcErrorCode } from "./errors.js";
import type { MethodRegistry } from "./registry.js";
import { SubscriptionHub, type SubscriptionFilter } from "./subscriptions.js";

/** Bounds on what clients may hold of the server; every field has a default (DEFAULT_RPC_LIMITS). */
export interface RpcLimits {
  /** Largest request body (and WebSocket message) accepted, in bytes. */
  readonly maxBodyBytes: number;
  /** Most open connections, WebSocket ones included; a connection beyond it is closed on accept. */
  readonly maxConnections: number;
  /** Milliseconds a client has to send a request's headers (then 408 and close). */
  readonly headersTimeoutMs: number;
  /** Milliseconds a client has to send a whole request (then 408 and close). */
  readonly requestTimeoutMs: number;
  /** Milliseconds an HTTP connection may sit without traffic before it is closed. */
  readonly idleTimeoutMs: number;
  /** Most open WebSocket connections; an upgrade beyond it is answered 503. */
  readonly maxWebSockets: number;
  /** Most subscriptions per WebSocket. */
  readonly maxSubscriptionsPerSocket: number;
  /** Most subscriptions over all WebSockets. */
  readonly maxSubscriptions: number;
  /** A WebSocket holding more unsent bytes than this is closed (a reader that does not keep up). */
  readonly maxBufferedBytes: number;
}

export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

export const DEFAULT_RPC_LIMITS: RpcLimits = {
  maxBodyBytes: DEFAULT_MAX_BODY_BYTES,
  maxConnections: 1_024,
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  idleTimeoutMs: 30_000,
  maxWebSockets: 256,
  maxSubscriptionsPerSocket: 64,
  maxSubscriptions: 4_096,
  maxBufferedBytes: 4 * 1024 * 1024,
};

/** What a GET route answers. */
export interface RouteResponse {
  readonly status?: number;
  /** Default application/json. */
  readonly contentType?: string;
  /** Text (sent as UTF-8) or raw bytes (static files). */
  readonly body: string | Uint8Array;
  /** Further response headers (e.g. cache-control, content-security-policy). */
  readonly headers?: Readonly<Record<string, string>>;
}

/** A GET handler; prefix routes receive the request path (without the query). */
export type RouteHandler = (path: string) => RouteResponse | Promise<RouteResponse>;

export interface RpcServerOptions {
  /** Interface to bind; the node only ever defaults to loopback. */
  readonly host: string;
  /** 0 picks a free port. */
  readonly port: number;
  readonly registry: MethodRegistry;
  /** Subscription topics WebSocket clients may subscribe to (e.g. newHeads, receipts). */
  readonly topics: readonly string[];
  /** Topics whose subscriptions take a filter (`cowboy_subscribe(topic, filter)`), e.g. logs. */
  readonly topicFilters?: Readonly<Record<string, SubscriptionFilter>>;
  /** What GET /health answers (besides status "ok"). */
  readonly health: () => Record<string, unknown>;
  /** Largest request body accepted, in bytes (also `limits.maxBodyBytes`; this one wins). */
  readonly maxBodyBytes?: number;
  /** Any subset of the limits; the rest are DEFAULT_RPC_LIMITS'. */
  readonly limits?: Partial<RpcLimits>;
  /**
   * Browser origins (the `Origin` header, e.g. "http://localhost:3000") allowed to call; "*" allows
   * any. Default none: a request carrying an Origin header is refused with 403, so a web page cannot
   * drive a node on the visitor's loopback.
   */
  readonly allowedOrigins?: readonly string[];
  readonly onInternalError?: (method: string, error: unknown) => void;
}

/** What the server holds now. */
export interface RpcServerStats {
  readonly connections: number;
  readonly webSockets: number;
  readonly subscriptions: number;
  /** WebSockets closed because they did not read fast enough, since start. */
  readonly slowSubscribersDropped: number;
}

const ABORTED = Symbol("aborted");
const TOO_LARGE = Symbol("too large");

/**
 * JSON-RPC 2.0 over HTTP (POST /) and WebSocket (same port), with subscriptions over WebSocket:
 * `cowboy_subscribe(topic)` returns an id, then every `publish(topic, value)` arrives as a
 * `cowboy_subscription` notification until `cowboy_unsubscribe(id)` or the socket closes. GET
 * routes (`/health`, and whatever `route` adds) answer beside it.
 */
export class RpcServer {
  readonly #options: RpcServerOptions;
  readonly #limits: RpcLimits;
  readonly #http: Server;
  readonly #ws: WebSocketServer;
  readonly #hub: SubscriptionHub;
  readonly #routes = new Map<string, RouteHandler>();
  readonly #prefixes = new Map<string, RouteHandler>();
  readonly #origins: ReadonlySet<string>;
  /** The node's own origins (http://127.0.0.1:PORT, http://localhost:PORT, …), known once listening. */
  #selfOrigins: ReadonlySet<string> = new Set();

  constructor(options: RpcServerOptions) {
    this.#options = options;
    const limits = { ...DEFAULT_RPC_LIMITS, ...options.limits, ...(options.maxBodyBytes === undefined ? {} : { maxBodyBytes: options.maxBodyBytes }) };
    this.#limits = limits;
    this.#origins = new Set(options.allowedOrigins ?? []);
    this.#http = createServer(
      {
        headersTimeout: limits.headersTimeoutMs,
        requestTimeout: limits.requestTimeoutMs,
        keepAliveTimeout: limits.idleTimeoutMs,
        // How often the header and request timeouts are checked (Node's default is 30 s).
        connectionsCheckingInterval: Math.max(50, Math.min(1_000, Math.floor(limits.headersTimeoutMs / 4))),
      },
      (req, res) => void this.#onHttp(req, res),
    );
    this.#http.maxConnections = limits.maxConnections;
    // Inactivity on a connection closes it (WebSocket sockets opt out: ws clears it on upgrade).
    this.#http.setTimeout(limits.idleTimeoutMs);
    this.#ws = new WebSocketServer({ noServer: true, maxPayload: limits.maxBodyBytes });
    this.#hub = new SubscriptionHub(
      options.topics,
      { maxPerSocket: limits.maxSubscriptionsPerSocket, maxTotal: limits.maxSubscriptions, maxBufferedBytes: limits.maxBufferedBytes },
      options.registry,
      options.onInternalError ?? (() => {}),
      options.topicFilters ?? {},
    );
    this.#http.on("upgrade", (req, socket, head) => this.#onUpgrade(req, socket as Socket, head));
    this.route("/health", () => ({ body: toJson({ status: "ok", ...this.#options.health() }) }));
    this.route("/healthz", () => ({ body: toJson({ status: "ok", ...this.#options.health() }) }));
  }

  /** Serves GET `path` with `handler` (e.g. /metrics); a path may be registered once. */
  route(path: string, handler: RouteHandler): this {
    if (!path.startsWith("/") || path === "/") throw new Error(`RpcServer.route: '${path}' must start with / and not be / (JSON-RPC's)`);
    if (this.#routes.has(path)) throw new Error(`RpcServer.route: ${path} registered twice`);
    this.#routes.set(path, handler);
    return this;
  }

  /**
   * Serves GET `prefix` and every path under `prefix/` with `handler`, which receives the path (static files such
   * as the explorer's at /explorer). Exact routes win; a prefix may be registered once.
   */
  routePrefix(prefix: string, handler: RouteHandler): this {
    if (!/^\/[^/]+$/.test(prefix)) throw new Error(`RpcServer.routePrefix: '${prefix}' must be one path segment such as /explorer`);
    if (this.#prefixes.has(prefix)) throw new Error(`RpcServer.routePrefix: ${prefix} registered twice`);
    this.#prefixes.set(prefix, handler);
    return this;
  }

  /** Starts listening; resolves with the bound port. */
  listen(): Promise<number> {
    return new Promise((resolve, reject) => {
      this.#http.once("error", reject);
      this.#http.listen(this.#options.port, this.#options.host, () => {
        this.#http.off("error", reject);
        const port = (this.#http.address() as AddressInfo).port;
        // Pages the node serves itself (the explorer) call it from these origins; a page elsewhere still cannot.
        const bound = this.#options.host.includes(":") ? `[${this.#options.host}]` : this.#options.host;
        this.#selfOrigins = new Set([bound, "127.0.0.1", "localhost", "[::1]"].map((host) => `http://${host}:${port}`));
        resolve(port);
      });
    });
  }

  /** Sends `value` to every subscriber of `topic` (serialised once). */
  publish(topic: string, value: unknown): void {
    this.#hub.publish(topic, value);
  }

  stats(): Promise<RpcServerStats> {
    return new Promise((resolve, reject) =>
      this.#http.getConnections((error, connections) =>
        error ? reject(error) : resolve({ connections, webSockets: this.#ws.clients.size, subscriptions: this.#hub.total, slowSubscribersDropped: this.#hub.slowDropped }),
      ),
    );
  }

  async close(): Promise<void> {
    for (const socket of this.#ws.clients) socket.terminate();
    await new Promise<void>((resolve) => this.#ws.close(() => resolve()));
    this.#http.closeAllConnections();
    await new Promise<void>((resolve, reject) => this.#http.close((error) => (error ? reject(error) : resolve())));
  }

  /** The Origin header when it is not allowed (a browser page the operator did not name). */
  #refusedOrigin(req: IncomingMessage): string | undefined {
    const origin = req.headers.origin;
    if (origin === undefined || this.#origins.has("*") || this.#origins.has(origin) || this.#selfOrigins.has(origin)) return undefined;
    return origin;
  }

  #onUpgrade(req: IncomingMessage, socket: Socket, head: Buffer): void {
    socket.on("error", () => socket.destroy());
    const refuse = (status: number, reason: string): void => {
      socket.end(`HTTP/1.1 ${status} ${reason}\r\nconnection: close\r\ncontent-length: 0\r\n\r\n`);
    };
    if (this.#refusedOrigin(req) !== undefined) return refuse(403, "Forbidden");
    if (this.#ws.clients.size >= this.#limits.maxWebSockets) return refuse(503, "Service Unavailable");
    this.#ws.handleUpgrade(req, socket, head, (ws) => this.#hub.attach(ws));
  }

  async #onHttp(req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      const origin = req.headers.origin;
      if (this.#refusedOrigin(req) !== undefined) {
        return reply(res, 403, rpcError(RpcErrorCode.InvalidRequest, `requests from the browser origin ${origin} are refused (allow it with the allowed-origins option)`));
      }
      if (origin !== undefined) {
        res.setHeader("access-control-allow-origin", origin);
        res.setHeader("vary", "origin");
      }
      const path = (req.url ?? "/").split("?")[0]!;
      const route = this.#routes.get(path) ?? this.#prefixes.get(firstSegment(path));
      if (route !== undefined) {
        if (req.method !== "GET") return reply(res, 405, rpcError(RpcErrorCode.InvalidRequest, `${path} answers GET only`), { allow: "GET" });
        const answer = await route(path);
        return reply(res, answer.status ?? 200, answer.body, { ...answer.headers, ...(answer.contentType === undefined ? {} : { "content-type": answer.contentType }) });
      }
      if (path !== "/" && path !== "") return reply(res, 404, toJson({ error: `no route ${path}: JSON-RPC is served by POST / ; health by GET /health` }));
      if (req.method === "OPTIONS" && origin !== undefined) {
        // A CORS preflight from an allowed origin.
        res.writeHead(204, { "access-control-allow-methods": "POST", "access-control-allow-headers": "content-type", "access-control-max-age": "600" }).end();
        return;
      }
      if (req.method !== "POST") return reply(res, 405, rpcError(RpcErrorCode.InvalidRequest, "JSON-RPC is served by POST /"), { allow: "POST" });
      if (!isJson(req.headers["content-type"])) {
        req.resume();
        return reply(res, 415, rpcError(RpcErrorCode.InvalidRequest, "Content-Type must be application/json"));
      }
      const body = await readBody(req, this.#limits.maxBodyBytes);
      if (body === ABORTED) return;
      if (body === TOO_LARGE) {
        return reply(res, 413, rpcError(RpcErrorCode.LimitExceeded, `the request body exceeds ${this.#limits.maxBodyBytes} bytes`));
      }
      const answer = await handlePayload(this.#options.registry, body, this.#options.onInternalError);
      if (res.destroyed) return;
      if (answer === undefined) {
        res.writeHead(204).end();
        return;
      }
      reply(res, 200, answer);
    } catch (error) {
      if (res.destroyed) return;
      this.#options.onInternalError?.("http", error);
      if (!res.headersSent) reply(res, 500, rpcError(RpcErrorCode.InternalError, "internal error"));
    }
  }
}

function rpcError(code: RpcErrorCode, message: string): string {
  return toJson({ jsonrpc: "2.0", id: null, error: new RpcError(code, message).toJson() });
}

function reply(res: ServerResponse, status: number, body: string | Uint8Array, headers: Record<string, string> = {}): void {
  if (res.destroyed) return;
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(body), ...headers }).end(body);
}

/** "/explorer" of "/explorer/assets/x.js" (and of "/explorer"). */
function firstSegment(path: string): string {
  const end = path.indexOf("/", 1);
  return end === -1 ? path : path.slice(0, end);
}

/** Whether a Content-Type header names application/json (parameters such as charset allowed). */
function isJson(contentType: string | undefined): boolean {
  return contentType !== undefined && contentType.split(";")[0]!.trim().toLowerCase() === "application/json";
}

/** Reads the body as UTF-8; TOO_LARGE past `limit` bytes (the rest is discarded); ABORTED when the client went away. */
function readBody(req: IncomingMessage, limit: number): Promise<string | typeof TOO_LARGE | typeof ABORTED> {
  return new Promise((resolve) => {
    const declared = Number(req.headers["content-length"] ?? 0);
    if (declared > limit) {
      req.resume();
      resolve(TOO_LARGE);
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    req.on("end", () => resolve(size > limit ? TOO_LARGE : Buffer.concat(chunks).toString("utf8")));
    // A client that disconnects mid-request is no error of ours.
    req.on("error", () => resolve(ABORTED));
    req.on("close", () => {
      if (!req.complete) resolve(ABORTED);
    });
  });
}
