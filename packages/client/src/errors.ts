/** How a request failed: a JSON-RPC error from the node (its numeric code), or a transport problem. */
export type ClientErrorCode = number | "HTTP" | "NETWORK" | "TIMEOUT" | "BAD_RESPONSE";

export class ClientError extends Error {
  override readonly name = "ClientError";
  constructor(
    readonly code: ClientErrorCode,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}
