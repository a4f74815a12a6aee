// @cowboy/scheduler: native timers (spec §5.1a, §5.1b; CIP-1). See README.md and cips/scheduler.md.
export const SCHEDULER_VERSION = 1;
export { SchedulerError, type SchedulerErrorCode } from "./errors.js";
export { DEFAULT_SCHEDULER_CONFIG, createSchedulerConfig, validateConfig, type SchedulerConfig } from "./config.js";
export {
  PriorityTier,
  MAX_HANDLER_BYTES,
  TIMER_RECORD_VERSION,
  TIMER_ID_DOMAIN,
  encodeTimerRecord,
  decodeTimerRecord,
  timerId,
  type TimerRecord,
} from "./timerRecord.js";
export { scheduleTimer, cancelTimer, sysCancelTimer, getTimer, activeTimers, auctionActive, type ScheduleRequest, type Scheduled } from "./schedule.js";
export type { TimerAccounts, TimerFire, FireResult, GasBidContext, GasBid, TimerHost, BlockFees } from "./host.js";
export { processTimers } from "./processTimers.js";
export type { TimerBlockContext, TimerBlockReport, FiredTimer, DestroyedTimer } from "./report.js";
export { timersOf } from "./owners.js";
export {
  nextLaneBasefee,
  decayLaneBasefee,
  defaultGasBid,
  effectiveTip,
  fairnessWeight,
  lowerMedian,
  LANE_BASEFEE_CHANGE_DENOMINATOR,
  TIER_MULTIPLIER_TENTHS,
  WEIGHT_ONE,
} from "./pricing.js";
export { currentLaneBasefee } from "./auction.js";
export { firesInWindow, RATE_SUBWINDOW, RATE_SUBWINDOWS } from "./rates.js";
export { timerToJson } from "./json.js";
