import { RpcError, RpcErrorCode } from "./errors.js";
/** Anything that can run a method by name: the registry, or a connection-scoped wrapper around it. */
export interface MethodCaller {
  call(method: string, params: unknown): Promise<unknown>;
}

export const MAX_BATCH = 100;
/** Milliseconds of a batch's handler work between two yields to the event loop. */
const BATCH_SLICE_MS = 5;

type Id = string | number | null;

interface Response {
  jsonrpc: "2.0";
  id: Id;
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
}

/** Called when a handler fails with something other than an RpcError (a bug): logged, never leaked. */
export type InternalErrorSink = (method: string, error: unknown) => void;

// JSON has no bigint: every bigint becomes a decimal string, the form the JSON types use for u64.
export function toJson(value: unknown): string {
  return JSON.stringify(value, (_key, v) => (typeof v === "bigint" ? v.toString() : v));
}

function errorResponse(id: Id, error: RpcError): Response {
  return { jsonrpc: "2.0", id, error: error.toJson() };
}

function isId(value: unknown): value is Id {
  return value === null || typeof value === "string" || (typeof value === "number" && Number.isFinite(value));
}

async function handleOne(registry: MethodCaller, request: unknown, onInternal: InternalErrorSink): Promise<Response | undefined> {
  if (request === null || typeof request !== "object" || Array.isArray(request)) {
    return errorResponse(null, new RpcError(RpcErrorCode.InvalidRequest, "a request must be a JSON object"));
  }
  const { jsonrpc, method, params, id } = request as Record<string, unknown>;
  const hasId = Object.hasOwn(request, "id");
  if (hasId && !isId(id)) return errorResponse(null, new RpcError(RpcErrorCode.InvalidRequest, "id must be a string, a number or null"));
  const replyId: Id = hasId ? (id as Id) : null;
  if (jsonrpc !== "2.0") return errorResponse(replyId, new RpcError(RpcErrorCode.InvalidRequest, 'jsonrpc must be "2.0"'));
  if (typeof method !== "string") return errorResponse(replyId, new RpcError(RpcErrorCode.InvalidRequest, "method must be a string"));
  let response: Response;
  try {
    response = { jsonrpc: "2.0", id: replyId, result: (await registry.call(method, params)) ?? null };
  } catch (error) {
    if (error instanceof RpcError) {
      response = errorResponse(replyId, error);
    } else {
      onInternal(method, error);
      response = errorResponse(replyId, new RpcError(RpcErrorCode.InternalError, "internal error"));
    }
  }
  // A notification (no id) gets no response, whatever happened.
  return hasId ? response : undefined;
}

/**
 * Handles one JSON-RPC 2.0 payload (a request or a batch) given as text; returns the response
 * text, or undefined when nothing is to be sent back (notifications only).
 */
export async function handlePayload(registry: MethodCaller, text: string, onInternal: InternalErrorSink = () => {}): Promise<string | undefined> {
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch {
    return toJson(errorResponse(null, new RpcError(RpcErrorCode.ParseError, "the request is not valid JSON")));
  }
  if (Array.isArray(payload)) {
    if (payload.length === 0) return toJson(errorResponse(null, new RpcError(RpcErrorCode.InvalidRequest, "a batch must not be empty")));
    if (payload.length > MAX_BATCH) {
      return toJson(errorResponse(null, new RpcError(RpcErrorCode.LimitExceeded, `a batch holds at most ${MAX_BATCH} requests, got ${payload.length}`)));
    }
    // Requests of a batch run concurrently (JSON-RPC 2.0 allows it); responses keep request order.
    // Every few milliseconds of handler work the batch yields to the event loop, so a batch of
    // cheap-but-not-free calls cannot hold off block production or other clients (issue 18).
    const started: Array<Promise<Response | undefined>> = [];
    let slice = performance.now();
    for (const request of payload) {
      if (performance.now() - slice >= BATCH_SLICE_MS) {
        await new Promise((resolve) => setImmediate(resolve));
        slice = performance.now();
      }
      started.push(handleOne(registry, request, onInternal));
    }
    const settled = await Promise.all(started);
    const responses = settled.filter((r): r is Response => r !== undefined);
    return responses.length === 0 ? undefined : toJson(responses);
  }
  const response = await handleOne(registry, payload, onInternal);
  return response === undefined ? undefined : toJson(response);
}
