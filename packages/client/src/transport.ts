import { ClientError } from "./errors.js";

export interface TransportOptions {
  readonly url: string;
  /** Per-request timeout; default 30 s. */
  readonly timeoutMs?: number;
  readonly fetch?: typeof fetch;
}

export type Request = <T = unknown>(method: string, params?: readonly unknown[]) => Promise<T>;

/** JSON-RPC 2.0 over HTTP POST. Errors become ClientErrors carrying the node's code and message. */
export function httpTransport(options: TransportOptions): Request {
  const doFetch = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? 30_000;
  let nextId = 1;
  return async <T>(method: string, params: readonly unknown[] = []): Promise<T> => {
    const id = nextId++;
    let response: Response;
    try {
      response = await doFetch(options.url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id, method, params }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const name = (error as Error).name;
      if (name === "TimeoutError" || name === "AbortError") throw new ClientError("TIMEOUT", `${method}: no answer from ${options.url} within ${timeoutMs} ms`);
      throw new ClientError("NETWORK", `${method}: cannot reach ${options.url} (${(error as Error).message})`);
    }
    const text = await response.text();
    let body: { result?: unknown; error?: { code: number; message: string; data?: unknown } };
    try {
      body = JSON.parse(text);
    } catch {
      throw new ClientError(response.ok ? "BAD_RESPONSE" : "HTTP", `${method}: HTTP ${response.status} with a body that is not JSON`);
    }
    if (body.error !== undefined) throw new ClientError(body.error.code, body.error.message, body.error.data);
    if (!response.ok) throw new ClientError("HTTP", `${method}: HTTP ${response.status}`);
    if (!("result" in body)) throw new ClientError("BAD_RESPONSE", `${method}: the response has neither result nor error`);
    return body.result as T;
  };
}
