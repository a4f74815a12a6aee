// JSON-RPC 2.0 errors. The five standard codes, plus Cowboy's application codes in the range
// JSON-RPC reserves for servers (-32000 to -32099), documented in apps/node/README.md.
import { CowboyError } from "@cowboy/codec";

export const RpcErrorCode = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
  /** A transaction was refused by the mempool (bad signature, nonce too low, fee too low, …). */
  TransactionRejected: -32000,
  /** The block, transaction, receipt or actor asked for does not exist. */
  NotFound: -32001,
  /** A read-only call failed inside the PVM (the Python exception is in `data`). */
  ExecutionFailed: -32002,
  /** The method exists but not on this network (e.g. the faucet outside a devnet). */
  Unavailable: -32003,
  /** The transaction left the mempool without a block (`data` holds the drop reason: code, message, rejection?). */
  TransactionDropped: -32004,
  /** The request is too large or asks for too much (batch size, range). */
  LimitExceeded: -32005,
} as const;
export type RpcErrorCode = (typeof RpcErrorCode)[keyof typeof RpcErrorCode];

/** An error a method handler throws to answer with a specific JSON-RPC error. */
export class RpcError extends CowboyError<RpcErrorCode, { readonly data?: unknown }> {
  override readonly name = "RpcError";
  readonly data: unknown;
  constructor(code: RpcErrorCode, message: string, data?: unknown) {
    super(code, message, data === undefined ? {} : { data });
    this.data = data;
  }

  toJson(): { code: number; message: string; data?: unknown } {
    return this.data === undefined ? { code: this.code, message: this.message } : { code: this.code, message: this.message, data: this.data };
  }
}
