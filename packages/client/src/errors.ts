import { CowboyError } from "@cowboy/codec";
/** How a request failed: a JSON-RPC error from the node (its numeric code), or a transport problem. */
export type ClientErrorCode = number | "HTTP" | "NETWORK" | "TIMEOUT" | "BAD_RESPONSE" | "INVALID_ACCOUNT" | "INVALID_SIGNATURE";

export class ClientError extends CowboyError<ClientErrorCode, { readonly data?: unknown }> {
  override readonly name = "ClientError";
  readonly data: unknown;
  constructor(code: ClientErrorCode, message: string, data?: unknown) {
    super(code, message, data === undefined ? {} : { data });
    this.data = data;
  }
}
