// @cowboy/consensus: Simplex BFT (cips/consensus.md; spec §6.1, §3.4).

export type { Application, Archive, ArchivedBlock, BlockContext, ConsensusBlock } from "./application.js";
export { ConsensusError, type ConsensusErrorCode } from "./errors.js";
export {
  DEFAULT_TIMEOUTS,
  resolveEngineOptions,
  type EngineOptions,
  type Hooks,
  type LogLevel,
  type MetricEvent,
  type RefusedProposal,
  type SelfKeys,
  type Timeouts,
} from "./options.js";
export type { Consensus, ConsensusStatus } from "./status.js";
export { createValidatorSet, type Validator, type ValidatorSet, type ValidatorSetOptions } from "./validators.js";
export {
  verifyBlockCertificate,
  notarizationValid,
  nullificationValid,
  finalizationValid,
  seedValid,
} from "./certificates.js";
export { selectLeader } from "./leader.js";
export { createConsensus } from "./engine.js";
export { createEpochConsensus, epochJournalName, type EpochConsensus, type EpochConsensusOptions, type EpochPlan, type EpochSchedule } from "./epochs.js";
export { CHANNELS, MAX_PAYLOAD_BYTES } from "./wire.js";
export { EquivocationWatch, type Equivocation, type SignedProposal } from "./equivocation.js";
