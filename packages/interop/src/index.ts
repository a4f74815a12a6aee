// @cowboy/interop: Ethereum event subscriptions (spec §16.3), the EventListener system actor 0x14 and its oracle
// registry, as a state machine over an InteropStore that @cowboy/execution backs with the chain state.
// The oracle's Ethereum watcher (off-chain) is the "./oracle" subpath, which execution never imports.
export { DEFAULT_INTEROP_CONFIG, quorumOf, validateInteropConfig, type InteropConfig } from "./config.js";
export { InteropError, type InteropErrorCode } from "./errors.js";
export { EVENT_LISTENER_ADDRESS, MemoryInteropStore, keys as interopKeys, type InteropStore } from "./store.js";
export {
  checkEthLog,
  decodeSubscription,
  deliveryPayload,
  encodeEthLog,
  encodeSubscription,
  ethLogId,
  type EthLog,
  type OracleRecord,
  type Subscription,
} from "./records.js";
export { getOracle, oracles, registerOracle, unregisterOracle } from "./oracles.js";
export { cancel, getSubscription, matches, subscribe, subscriptionId, topUp, type SubscribeRequest } from "./subscriptions.js";
export { reportEvent, type Delivery, type ReportOutcome } from "./reports.js";
