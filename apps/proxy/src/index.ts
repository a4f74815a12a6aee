// @cowboy/proxy: the CBSS proxy process (cips/cbss.md §8).
export { startProxy, type ProxyOptions, type RunningProxy } from "./proxy.js";
export { serveRelease, type ReleaseServer } from "./server.js";
export { deriveProxyKeys, type ProxyKeys } from "./keys.js";
export { ProxyStore } from "./store.js";
