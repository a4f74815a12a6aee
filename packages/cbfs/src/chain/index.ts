// The on-chain half of CBFS (cips/cbfs.md §7): 0x0B Relay Registry and 0x0A Storage Manager as pure state
// machines over a ChainStore; @cowboy/execution calls them from the System-lane instructions 96–109 and moves
// the balances they name.
export { DEFAULT_CBFS_CHAIN_CONFIG, STORAGE_MANAGER_ADDRESS, RELAY_REGISTRY_ADDRESS, type CbfsChainConfig, type ChainStore } from "./config.js";
export { CbfsChainError, type CbfsChainErrorCode } from "./errors.js";
export {
  RelayStatus,
  type RelayRecord,
  type RegisterRelay,
  registerRelay,
  heartbeat,
  exitRelay,
  withdrawRelay,
  getRelay,
  listRelays,
  isLive,
  placementSet,
  slashRelayStake,
} from "./relay-registry.js";
export {
  type RelayStanding,
  type PorChallenge,
  type OpenChallenge,
  type PorAnswer,
  porChallengeId,
  porChunkIndex,
  getStanding,
  porState,
  getChallenge,
  openChallenges,
  openPorChallenge,
  answerPorChallenge,
  expirePorChallenges,
} from "./por.js";
export {
  type VolumeRecord,
  type AnchorVolume,
  storedMiB,
  rentFor,
  getVolume,
  anchorVolume,
  topUpRent,
  replaceVolume,
  deleteVolume,
  orphanReleaseAt,
  revokeCapToken,
  isRevoked,
  recordRepair,
} from "./storage-manager.js";
export { type Holding, type HoldingRequest, getHolding, heldVolumes, holdingAt, holdingCount, volumeHoldings, recordHolding, dropHolding } from "./holdings.js";
export { type ScheduledPor, scheduledHoldingIndex, scheduledPorChallenge } from "./por-schedule.js";
export { type RentPayment, RENT_PAYOUT_VOLUMES_PER_BLOCK, rentPaidOutTo, rentPayoutCursor, payVolumeRent, closeVolumeRent, scheduledRentPayout } from "./rent-payout.js";
export { type Delegation, type JobVolumes, getDelegation, activeDelegation, delegateVolume, revokeDelegation, recordJobDelegations } from "./delegation.js";
