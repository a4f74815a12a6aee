// The HTTP executor (job kind "http"; cips/runner-process.md "HTTP", cips/sdk.md job specs).
// Spec {method, url, headers?, body?}; result = the response body parsed as JSON. Guards: host allowlist (also for
// every redirect), DNS resolved once and every address checked (no private/loopback/link-local/metadata unless devnet
// admits loopback), the connection pinned to the checked address, response size and wall-time bounds.
import { lookup as dnsLookup } from "node:dns/promises";
import { request as httpRequest, type IncomingMessage, type RequestOptions } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP, type LookupFunction } from "node:net";
import type { EntitlementGate } from "../entitlements.js";
import { RunnerError } from "../errors.js";
import { addressAllowed, classifyAddress } from "./address-guard.js";
import { asRecord, requireString } from "./spec.js";

export interface HttpSpec {
  readonly method: string;
  readonly url: string;
  readonly headers?: Readonly<Record<string, string>>;
  /** A string is sent as is; any other JSON value is sent as JSON with content-type application/json. */
  readonly body?: unknown;
}

export interface ResolvedAddress {
  readonly address: string;
  readonly family: 4 | 6;
}

export interface HttpExecutorOptions {
  /** Host names the job may reach (exact, or `*.example.com` for subdomains); from the job's allow_domains. */
  readonly allowDomains: readonly string[];
  /** Admit loopback targets (a devnet runner). */
  readonly devnet?: boolean;
  /** Response body bound (default 65,536 bytes: the on-chain return bound of spec §5.4). */
  readonly maxResponseBytes?: number;
  /** Wall-clock bound for the whole exchange, redirects included (default 10,000 ms). */
  readonly timeoutMs?: number;
  /** Redirects followed, each re-checked against the allowlist and the address guard (default 3). */
  readonly maxRedirects?: number;
  /** Name resolution (default: the system resolver, all addresses). */
  readonly resolve?: (host: string) => Promise<readonly ResolvedAddress[]>;
}

const METHODS = new Set(["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD"]);
/** Headers the runner sets itself; a spec may not override them. */
const RESERVED_HEADERS = new Set(["host", "content-length", "transfer-encoding", "connection"]);

export function parseHttpSpec(value: unknown): HttpSpec {
  const spec = asRecord(value, "http spec");
  const method = requireString(spec, "method", "http spec").toUpperCase();
  if (!METHODS.has(method)) throw new RunnerError("INVALID_SPEC", `http spec: method '${method}' is not one of ${[...METHODS].join(", ")}`);
  const url = requireString(spec, "url", "http spec");
  const headers: Record<string, string> = {};
  if (spec.headers !== undefined) {
    for (const [k, v] of Object.entries(asRecord(spec.headers, "http spec headers"))) {
      if (typeof v !== "string") throw new RunnerError("INVALID_SPEC", `http spec: header '${k}' must be a string`);
      if (RESERVED_HEADERS.has(k.toLowerCase())) throw new RunnerError("INVALID_SPEC", `http spec: header '${k}' is set by the runner`);
      headers[k] = v;
    }
  }
  return { method, url, headers, ...(spec.body === undefined ? {} : { body: spec.body }) };
}

/** Whether `host` is on the allowlist: an exact (case-insensitive) name, or a subdomain of a `*.` entry. */
export function hostAllowed(host: string, allowDomains: readonly string[]): boolean {
  const h = host.toLowerCase().replace(/\.$/, "");
  return allowDomains.some((entry) => {
    const e = entry.toLowerCase();
    return e.startsWith("*.") ? h.endsWith(e.slice(1)) && h.length > e.length - 1 : h === e;
  });
}

async function systemResolve(host: string): Promise<readonly ResolvedAddress[]> {
  const all = await dnsLookup(host, { all: true, verbatim: true });
  return all.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
}

/** The guard options shared by every egress executor (HTTP, MCP). */
export type EgressOptions = Pick<HttpExecutorOptions, "allowDomains" | "devnet" | "resolve">;

/** Checks a URL's scheme, its host against the allowlist and every resolved address; returns the address to use. */
export async function checkEgressTarget(url: URL, options: EgressOptions): Promise<ResolvedAddress> {
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new RunnerError("INVALID_SPEC", `scheme ${url.protocol} is not http or https`);
  if (url.username !== "" || url.password !== "") throw new RunnerError("INVALID_SPEC", "credentials in the URL are not allowed (use a $secret header)");
  const host = url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname;
  if (!hostAllowed(host, options.allowDomains))
    throw new RunnerError("HTTP_DOMAIN_NOT_ALLOWED", `${host} is not on the job's allow_domains (${options.allowDomains.join(", ") || "empty"})`, { host });
  return resolveChecked(url.hostname, options);
}

/** Resolves `host` and checks every address; returns the one to connect to. */
async function resolveChecked(host: string, options: EgressOptions): Promise<ResolvedAddress> {
  const bare = host.startsWith("[") ? host.slice(1, -1) : host;
  const literal = isIP(bare);
  let addresses: readonly ResolvedAddress[];
  if (literal !== 0) addresses = [{ address: bare, family: literal === 6 ? 6 : 4 }];
  else {
    try {
      addresses = await (options.resolve ?? systemResolve)(bare);
    } catch (error) {
      throw new RunnerError("HTTP_NETWORK", `cannot resolve ${bare}: ${(error as Error).message}`, { host: bare, fault: "external" });
    }
  }
  if (addresses.length === 0) throw new RunnerError("HTTP_NETWORK", `${bare} has no addresses`, { host: bare, fault: "external" });
  // Refuse if ANY address is forbidden: a name that mixes public and private answers is a rebinding attempt.
  for (const a of addresses) {
    if (!addressAllowed(a.address, options.devnet === true)) {
      throw new RunnerError(
        "HTTP_ADDRESS_FORBIDDEN",
        `${bare} resolves to ${a.address} (${classifyAddress(a.address)}), which a runner may not reach${options.devnet ? "" : " (loopback needs --devnet)"}`,
        { host: bare, address: a.address },
      );
    }
  }
  return addresses[0]!;
}

function pinnedLookup(target: ResolvedAddress): LookupFunction {
  return ((_host: string, opts: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (opts?.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  }) as LookupFunction;
}

interface RawResponse {
  readonly status: number;
  readonly location: string | undefined;
  readonly body: Uint8Array;
}

function exchange(url: URL, spec: HttpSpec, target: ResolvedAddress, maxBytes: number, signal: AbortSignal): Promise<RawResponse> {
  const body = spec.body === undefined ? undefined : typeof spec.body === "string" ? spec.body : JSON.stringify(spec.body);
  const headers: Record<string, string> = { accept: "application/json", ...spec.headers };
  if (body !== undefined) {
    headers["content-length"] = String(new TextEncoder().encode(body).length);
    if (typeof spec.body !== "string" && !Object.keys(headers).some((h) => h.toLowerCase() === "content-type")) headers["content-type"] = "application/json";
  }
  const options: RequestOptions = { method: spec.method, headers, lookup: pinnedLookup(target), signal, agent: false };
  const send = url.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise<RawResponse>((resolve, reject) => {
    const req = send(url, options, (res: IncomingMessage) => {
      const declared = Number(res.headers["content-length"] ?? "0");
      if (declared > maxBytes) {
        res.destroy();
        reject(new RunnerError("HTTP_TOO_LARGE", `the response declares ${declared} bytes, more than the bound of ${maxBytes}`, { bound: maxBytes }));
        return;
      }
      const chunks: Uint8Array[] = [];
      let size = 0;
      res.on("data", (chunk: Uint8Array) => {
        size += chunk.length;
        if (size > maxBytes) {
          res.destroy();
          reject(new RunnerError("HTTP_TOO_LARGE", `the response exceeds the bound of ${maxBytes} bytes`, { bound: maxBytes }));
          return;
        }
        chunks.push(chunk);
      });
      res.on("end", () => {
        const out = new Uint8Array(size);
        let at = 0;
        for (const c of chunks) {
          out.set(c, at);
          at += c.length;
        }
        resolve({ status: res.statusCode ?? 0, location: res.headers.location, body: out });
      });
      res.on("error", (e) => reject(e));
    });
    req.on("error", (error) => reject(error));
    if (body !== undefined) req.write(body);
    req.end();
  });
}

/** Runs an HTTP job: returns the final response's body parsed as JSON. */
export async function runHttp(specValue: unknown, gate: EntitlementGate, options: HttpExecutorOptions): Promise<unknown> {
  gate.require("net.http", "an http job");
  const spec = parseHttpSpec(specValue);
  const maxBytes = options.maxResponseBytes ?? 65_536;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxRedirects = options.maxRedirects ?? 3;
  const signal = AbortSignal.timeout(timeoutMs);
  let url: URL;
  try {
    url = new URL(spec.url);
  } catch {
    throw new RunnerError("INVALID_SPEC", `http spec: '${spec.url}' is not a URL`);
  }
  let current = spec;
  for (let hop = 0; ; hop++) {
    const host = url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname;
    const target = await checkEgressTarget(url, options);
    let response: RawResponse;
    try {
      response = await exchange(url, current, target, maxBytes, signal);
    } catch (error) {
      if (error instanceof RunnerError) throw error;
      // The target is down or unreachable (refused, reset, silent): an external fault (cips/runner-process.md "Fault reports").
      if (signal.aborted) throw new RunnerError("HTTP_TIMEOUT", `no complete response from ${host} within ${timeoutMs} ms`, { timeoutMs, fault: "external" });
      throw new RunnerError("HTTP_NETWORK", `request to ${host} failed: ${(error as Error).message}`, { host, fault: "external" });
    }
    if (response.status >= 300 && response.status < 400 && response.status !== 304) {
      if (hop >= maxRedirects) throw new RunnerError("HTTP_REDIRECT_REFUSED", `more than ${maxRedirects} redirects`);
      if (response.location === undefined) throw new RunnerError("HTTP_REDIRECT_REFUSED", `status ${response.status} without a Location`);
      url = new URL(response.location, url);
      // 303 (and, as browsers do, 301/302 after POST) continue as GET without a body.
      if (response.status === 303 || ((response.status === 301 || response.status === 302) && current.method === "POST"))
        current = { method: "GET", url: url.href, ...(current.headers === undefined ? {} : { headers: current.headers }) };
      continue;
    }
    if (response.status < 200 || response.status >= 300)
      throw new RunnerError("HTTP_STATUS", `${host} answered ${response.status}`, { status: response.status, ...(response.status >= 500 ? { fault: "external" } : {}) });
    try {
      return JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(response.body));
    } catch {
      throw new RunnerError("HTTP_NOT_JSON", `the response body of ${host} is not JSON`);
    }
  }
}
