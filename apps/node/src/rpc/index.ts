export { RpcError, RpcErrorCode } from "./errors.js";
export { MethodRegistry, defineMethod, type RpcMethod } from "./registry.js";
export { handlePayload, toJson, MAX_BATCH, type MethodCaller } from "./dispatch.js";
export { RpcServer, DEFAULT_MAX_BODY_BYTES, DEFAULT_RPC_LIMITS, type RpcServerOptions, type RpcLimits, type RouteResponse, type RpcServerStats } from "./server.js";
export { SubscriptionHub, type SubscriptionLimits, type SubscriptionFilter } from "./subscriptions.js";
