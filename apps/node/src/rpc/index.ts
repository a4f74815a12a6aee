export { RpcError, RpcErrorCode } from "./errors.js";
export { MethodRegistry, defineMethod, type RpcMethod } from "./registry.js";
export { handlePayload, toJson, MAX_BATCH, type MethodCaller } from "./dispatch.js";
export { RpcServer, DEFAULT_MAX_BODY_BYTES, type RpcServerOptions } from "./server.js";
