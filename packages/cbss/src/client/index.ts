// @cowboy/cbss/client: the off-chain side of CBSS (cips/cbss.md §8): the proxy's release handler, the
// runner's SecretSource and SecretValue, and the chain views they read. Execution never imports this.
export { SecretValue } from "./secret-value.js";
export { rpcChainView, jsonRpc, type ChainView, type CommitteeView, type SecretView, type RunnerView, type RpcRequest } from "./chain-view.js";
export { stateChainView, type StateViewOptions } from "./state-view.js";
export { createReleaseHandler, MAX_REQUEST_TTL, type ReleaseHandlerOptions } from "./proxy-handler.js";
export { createSecretSource, httpProxyTransport, type SecretSource, type SecretSourceOptions, type SecretRefInput, type ProxyTransport } from "./secret-source.js";
export { parseSecretRef, collectSecretRefs, withSecrets } from "./substitute.js";
