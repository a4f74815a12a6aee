export {
  createClient,
  CowboyClient,
  encodeArgs,
  type ActiveTimer,
  type ActorArgs,
  type QueryOutcome,
  type SendOptions,
  type WaitOptions,
  type IncludedReceipt,
  type BlockSummary,
} from "./client.js";
export { ClientError, type ClientErrorCode } from "./errors.js";
export { httpTransport, type TransportOptions, type Request } from "./transport.js";
export { subscribe, type Subscription, type SubscribeOptions } from "./subscribe.js";
export {
  decodeCertificate,
  METHOD_NOT_FOUND,
  NOT_FOUND,
  UNAVAILABLE,
  optional,
  type AccountProof,
  type BlockTransaction,
  type ConsensusStatus,
  type DecodedCertificate,
  type DropReason,
  type FullBlock,
  type StorageEntry,
  type TransactionInfo,
  type ValidatorInfo,
} from "./reads.js";
export { jobFromJson, type JobFilter, type JobInfo, type JobSettlement, type RunnerInfo } from "./runner-reads.js";
export type { ChamberTally, ParamAmendment, ParamGroupInfo, ProposalInfo } from "./governance-reads.js";
export type { OrphanVolume, RelayInfo, VolumeDetail, VolumeInfo } from "./storage-reads.js";
export type { RentInfo, ValidatorRecord } from "./standing-reads.js";
export type { ActorInterface, BlockRef, FinishedTimer, Log, LogFilter, Trace } from "./optional-methods.js";
export { privateKeyToAccount, accountAddress, normalizeSignature, resolveSigner, type CowboyAccount, type Signer } from "./account.js";
export type { BridgeAsset, EthOracle, EthSubscription, UnlockRequest } from "./interop.js";
