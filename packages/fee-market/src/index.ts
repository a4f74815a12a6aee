export { FeeMarketError, type FeeMarketErrorCode } from "./errors.js";
export { U64_MAX } from "./guards.js";
export {
  DEFAULT_FEE_MARKET_CONFIG,
  createFeeMarketConfig,
  validateFeeMarketConfig,
  LANES,
  BPS,
  MAX_LANE_MULTIPLIER_BPS,
  type FeeMarketConfig,
  type FeeMarketConfigOverrides,
  type LaneId,
} from "./config.js";
export { nextBasefee, nextBasefees, genesisBasefees, type Basefees, type BasefeeParams, type MeterUsage } from "./basefee.js";
export { settle, precharge, effectiveTip, type Settlement, type MeterSettlement, type MeterBid, type Bids } from "./settle.js";
export { laneCapacity, blockCycleCapacity, allocateLanes, laneBasefee, laneBasefees, EMPTY_LANE_USAGE, LENDING_LANES, type LaneUsage, type LaneAllocation } from "./lanes.js";
export {
  effectiveFee,
  compareByFee,
  compareBytes,
  selectForLane,
  keyedHashOrdering,
  vrfOrder,
  ORDER_KEY_TAG,
  type OrderingVrf,
  type OrderingCandidate,
  type SelectionCandidate,
} from "./ordering.js";
export {
  estimateFees,
  basefeeCeiling,
  tipPercentile,
  DEFAULT_ESTIMATE_BLOCKS,
  DEFAULT_LIMIT_MARGIN_PERCENT,
  DEFAULT_TIP_PERCENTILE,
  type FeeEstimate,
  type FeeEstimateInput,
  type TipPolicy,
} from "./estimate.js";
export { feeFieldsOf, type TransactionFees } from "./adapter.js";
export {
  encodeFeeMarketConfig,
  decodeFeeMarketConfig,
  BASEFEE_CONFIG_KEY,
  LANE_FEE_MULTIPLIERS_KEY,
  type EncodedFeeMarketConfig,
} from "./registry.js";
