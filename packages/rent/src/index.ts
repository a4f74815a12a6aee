// @cowboy/rent: state rent, eviction and restoration, storage quotas (spec §4.4, "State Rent",
// "Storage Quotas", §3.2, §17.5). See README.md and cips/rent.md.
export { RentError, type RentErrorCode } from "./errors.js";
export { DEFAULT_RENT_CONFIG, validateRentConfig, type RentConfig } from "./config.js";
export { RENT_REGISTRY, RentKeyKind, recordKey as rentRecordKey, metaKey as rentMetaKey } from "./keys.js";
export {
  RentStatus,
  RENT_STATUS_NAMES,
  MAX_DEBT_ENTRIES,
  encodeRentRecord,
  decodeRentRecord,
  encodeRentMeta,
  decodeRentMeta,
  type RentRecord,
  type RentMeta,
  type DebtEntry,
  type EvictedStorage,
  type RentStatusName,
} from "./record.js";
export { chargeableBytes, rentPerEpoch, reserveOf, catchupFee, principalPayable, nextRentRate } from "./math.js";
export { storageRoot, encodeStoragePairs, decodeStoragePairs, pairBytes, STORAGE_ROOT_DOMAIN, MAX_RESTORE_PAIRS, type StoragePair } from "./storageRoot.js";
export { getRentRecord, getRentMeta, slotsOf, storagePairsOf, type RentState } from "./store.js";
export { rentEpochOf, type RentAccounts, type RentContext } from "./context.js";
export { debtOf, debtCost } from "./debt.js";
export { assessActor, evict, type RentNotice, type TimerPruner, type AssessResult } from "./assess.js";
export { ensureTracked, trackStorage, quotaOf, isDormant, reserveFor, sponsorRent, restoreActor, setStorageQuota } from "./actions.js";
export { processRent, type RentBlockReport } from "./step.js";
export { RESTORE_SEGMENT_BYTES, storageStream, streamSegments, segmentHashes, segmentCount, streamLength, keptSegmentHashes } from "./segments.js";
export { restoreChunk, getRestoreProgress, type RestoreProgress, type ChunkOutcome } from "./restoreChunk.js";
