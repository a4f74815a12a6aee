// @cowboy/runner-market: the on-chain runner market (spec §5, §8.4, §9, §15, §17.7; cips/runner-market.md).
export { RunnerMarketError, type RunnerMarketErrorCode } from "./errors.js";
export {
  DEFAULT_RUNNER_MARKET_CONFIG,
  createRunnerMarketConfig,
  validateRunnerMarketConfig,
  requiredStake,
  type RunnerMarketConfig,
  type ContainerImage,
  type ReputationPenalties,
} from "./config.js";
export {
  RUNNER_REGISTRY,
  JOB_DISPATCHER,
  ENTITLEMENT_REGISTRY,
  runnerKey,
  runnerIndexKey,
  providesHistoryKey,
  jobKey,
  openJobsKey,
  jobNonceKey,
  recentJobsKey,
  committeeEpochKey,
  requiresKey,
} from "./keys.js";
export type { MarketState, MarketAccounts } from "./store.js";
export { JOB_KINDS, decodeCapabilities, encodeCapabilities, type Capabilities, type JobKind } from "./capabilities.js";
export { PROVIDES_HISTORY, getProvidesHistory, recordProvides, type ProvidesEntry, type ProvidesHistory } from "./history.js";
export { decayedReputation, rewarded, penalized, isqrt } from "./reputation.js";
export {
  RUNNER_REGISTRY_ADDRESS,
  RUNNER_STATUSES,
  getRunner,
  listRunners,
  runnerAddresses,
  reputationAt,
  registerRunner,
  addRunnerStake,
  updateRunner,
  unbondRunner,
  withdrawRunner,
  type RunnerRecord,
  type RunnerStatus,
  type RunnerDeclaration,
  type RegistryContext,
} from "./runner.js";
export {
  KIND_ENTITLEMENT,
  SECRET_ENTITLEMENT,
  TEE_ENTITLEMENT,
  VOLUME_ENTITLEMENT,
  getRequires,
  setRequires,
  inheritRequires,
  KNOWN_ENTITLEMENTS,
  MAX_REQUIRES,
  encodeDeployManifest,
  parseDeployManifest,
  jobRequirements,
  entitlementsMatch,
  missingEntitlements,
  type Requirement,
} from "./entitlements.js";
export { allowedImage, SMALL_CONTAINER_CLASS } from "./containers.js";
export { ATTESTATION_DOMAIN, attestedOutput, encodeAttestationDocument, openAttestedOutput, type AttestationDocument, type TeeMeasurement } from "./attestation.js";
export { checkSchema, schemaViolation, MAX_SCHEMA_DEPTH, MAX_SCHEMA_NODES } from "./schema.js";
export {
  VERIFICATION_MODES,
  SUPPORTED_MODES,
  decodeJobRequest,
  parseJobRequest,
  encodeJobRequest,
  urlHost,
  domainAllowed,
  JOB_PRICINGS,
  type JobPricing,
  type JobRequest,
  type VerificationMode,
} from "./request.js";
export {
  JOB_DISPATCHER_ADDRESS,
  JOB_STATUSES,
  FINAL_STATUSES,
  isFinal,
  jobIdOf,
  jobCanary,
  getJob,
  openJobIds,
  recentJobIds,
  type JobRecord,
  type JobStatus,
  type FailureReason,
  type Commit,
  type Reveal,
  type Failure,
  type Challenge,
} from "./job.js";
export {
  SELECTION_DOMAIN,
  AGGREGATOR_DOMAIN,
  log2Micros,
  hhiMicros,
  committeeSize,
  committeeSizeOf,
  defaultQuorum,
  selectionWeight,
  drawCommittee,
  drawAggregator,
  type Candidate,
} from "./selection.js";
export { objectiveFailure, verifyReveals, validReveals, type VerificationOutcome } from "./verification.js";
export { FULL_SCORE, outputTokens, similarityBps, computeAggregate, encodeAggregate, decodeAggregate, aggregateFor, type SemanticAggregate } from "./semantic.js";
export { splitPayment, type SettlementSplit } from "./settlement.js";
export { jobGross } from "./pricing.js";
export { FAULT_CLASSES, MAX_FAULT_DETAIL_BYTES, faultReportOutput, openFaultReport, faultVerdict, type FaultClass, type FaultReport } from "./fault.js";
export { MAX_USAGE_UNITS, openUsageOutput, usageOutput, usageGross, usageAnomalies, type Usage } from "./usage.js";
export { TREASURY_ADDRESS, grossOf, payoutOf, type MarketContext, type Delivery } from "./market.js";
export { postJob, selectCommittee, eligibleRunners, runnerServes, requireJob, type PostJob } from "./post.js";
export { ackJob, commitJob, revealJob, aggregateJob, challengeJob, commitmentOf, outputStatementHash, MAX_SALT_BYTES, type ChallengeOutcome } from "./phases.js";
export { processJobs } from "./step.js";
export { getCommitteeEpoch, encodeCommitteeEpoch, nextCommitteeEpoch, committeeEpochOf, currentCommitteeSize, type CommitteeEpoch } from "./committee.js";
export { runnerToJson, jobToJson, type RunnerJson, type JobJson } from "./json.js";
