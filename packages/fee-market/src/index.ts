export { FeeMarketError, type FeeMarketErrorCode } from "./errors.js";
export { DEFAULT_FEE_MARKET_CONFIG, validateFeeMarketConfig, LANES, BPS, type FeeMarketConfig, type LaneId } from "./config.js";
export { nextBasefee, nextBasefees, genesisBasefees, type Basefees } from "./basefee.js";
export { settle, precharge, effectiveTip, type Settlement, type MeterBid } from "./settle.js";
export { laneCapacity, laneBasefee, EMPTY_LANE_USAGE, type LaneUsage } from "./lanes.js";
export { effectiveFee, compareByFee, keyedHashOrdering, vrfOrder, type OrderingVrf, type OrderingCandidate } from "./ordering.js";
export { estimateFees, basefeeCeiling, type FeeEstimate, type FeeEstimateInput } from "./estimate.js";
