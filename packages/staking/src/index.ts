// @cowboy/staking: the validator set (spec §6, §13; cips/staking.md).
export { StakingError, type StakingErrorCode } from "./errors.js";
export { DEFAULT_STAKING_CONFIG, createStakingConfig, validateStakingConfig, type StakingConfig, type SlashDistribution } from "./config.js";
export {
  BLS_PUBLIC_KEY_LENGTH,
  BLS_POP_LENGTH,
  ValidatorStatus,
  VALIDATOR_STATUS_NAMES,
  validatorRecordCodec,
  encodeValidatorRecord,
  decodeValidatorRecord,
  type ValidatorRecord,
  type ValidatorStatusName,
} from "./validator.js";
export { MAX_SET_SIZE, epochSetCodec, encodeEpochSet, decodeEpochSet, type EpochSet, type SetMember } from "./epochSet.js";
export { STAKING_REGISTRY, StakingKeyKind, validatorKey, validatorIndexKey, epochSetKey, blsKeyOwnerKey } from "./keys.js";
export { getValidator, validatorAddresses, blsKeyOwner, getEpochSet, type StakingState, type StakingAccounts } from "./store.js";
export { register, addStake, exit, withdraw, unjail, jail, jailLength, checkBlsKey, type StakingContext, type RegisterRequest } from "./lifecycle.js";
export { epochOf, isEpochEnd, epochSetAt, processEpochBoundary } from "./epoch.js";
export { applyStakingGenesis, type GenesisValidator, type GenesisGroupKey } from "./genesis.js";
export { validatorToJson, epochSetToJson, type ValidatorJson, type EpochSetJson } from "./json.js";
export { supplyKey } from "./keys.js";
export { supplyRecordCodec, totalSupply, getSupply, initSupply, recordBurn, type SupplyRecord } from "./supply.js";
export { inflationBps, blockIssuance, processRewards, type RewardReport } from "./rewards.js";
export { vestingKey } from "./keys.js";
export { vestingRecordCodec, unlockedAt, lockedAt, getVesting, lockVesting, claimVested, checkSchedule, type VestingSchedule, type VestingRecord } from "./vesting.js";
export { splitSlash, punishEquivocation, type SlashOutcome } from "./slashing.js";
export { groupKeyKey } from "./keys.js";
export {
  MAX_GROUP_SIZE,
  GroupKeyOutcome,
  GROUP_KEY_OUTCOME_NAMES,
  epochGroupKeyCodec,
  checkEpochGroupKey,
  encodeEpochGroupKey,
  decodeEpochGroupKey,
  epochGroupKey,
  putEpochGroupKey,
  deleteEpochGroupKey,
  type EpochGroupKey,
} from "./groupKey.js";
export * from "./dkg/index.js";
export { consensusSetFor, type ConsensusSet, type HandoverStatus } from "./handover.js";
export { evidenceKey } from "./keys.js";
export { VoteKind, voteMessage, checkDoubleVote, reportDoubleVote, type SignedVote, type DoubleVoteEvidence } from "./evidence.js";
export {
  INVALID_PROPOSAL_EVIDENCE_KIND,
  proposalDefect,
  checkInvalidProposal,
  reportInvalidProposal,
  type InvalidProposalEvidence,
} from "./invalidProposal.js";
export { downtimeKey } from "./keys.js";
export { recordDowntime, missedVotes, missedVotesAll, type MissedVotes, type DowntimeReport } from "./downtime.js";
export { networkKeyKey, networkKeyOwnerKey } from "./keys.js";
export { NETWORK_KEY_LENGTH, NETWORK_KEY_SIGNATURE_LENGTH, networkKeyMessage, validatorNetworkKey, setNetworkKey } from "./networkKey.js";
export { clearNetworkKey } from "./store.js";
