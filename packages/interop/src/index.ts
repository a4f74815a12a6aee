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
export { forfeitOracle, getOracle, isActiveOracle, oracles, registerOracle, unregisterOracle, withdrawOracle } from "./oracles.js";
export { checkEquivocation, slashEquivocation, type SlashOutcome } from "./evidence.js";
export {
  assetOfSubscription,
  assetOfToken,
  BRIDGE_MINT_HANDLER,
  checkAssetRequest,
  decodeLock,
  decodeUnlock,
  encodeUnlock,
  getUnlock,
  LOCKED_TOPIC,
  MAX_ETH_DECIMALS,
  NATIVE_ETH,
  recordMint,
  registerAsset,
  requestUnlock,
  unlockCount,
  wrappedAssets,
  type RegisterAssetRequest,
  type UnlockRequest,
  type WrappedAsset,
} from "./bridge.js";
export { cancel, getSubscription, listSubscriptions, matches, subscribe, subscriptionId, topUp, type SubscribeRequest } from "./subscriptions.js";
export { reportEvent, type Delivery, type ReportOutcome } from "./reports.js";
export {
  ASSET_ENTITLEMENT,
  declareManifest,
  getManifest,
  manifestEntitlements,
  permitsAsset,
  permitsContract,
  SUBSCRIBE_ENTITLEMENT,
  type InteropManifest,
} from "./manifest.js";
