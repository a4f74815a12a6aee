// @cowboy/governance: the parameter registry at 0x09, proposals, bicameral voting, timelocks, the Security
// Council and the Treasury 0x08 (spec §11, §13.1; cips/governance.md). See README.md.
export { GovernanceError, type GovernanceErrorCode } from "./errors.js";
export { encodeJson, decodeJson, canonicalJson, configToJson, configFromJson, MAX_JSON_DEPTH, type Json } from "./json.js";
export { DEFAULT_GOVERNANCE_CONFIG, TIERS, createGovernanceConfig, validateGovernanceConfig, type GovernanceConfig, type Tier, type TierRule } from "./config.js";
export * from "./keys.js";
export type { GovernanceState, GovernanceAccounts, StateReader } from "./store.js";
export { getParam, setParam, listParamKeys, amendedParamKeys, paramHistory, aparamKey, type ParamHistoryEntry } from "./registry.js";
export type { Electorate, GovernanceHost } from "./host.js";
export { checkInflationChange, noteInflationChange, INFLATION_CAP_BPS, INFLATION_MAX_CHANGE_BPS, type InflationRates } from "./inflation.js";
export {
  parseProposalBody,
  proposalToJson,
  proposalFromJson,
  VOTE_CHOICES,
  type Proposal,
  type ProposalBody,
  type ProposalStatus,
  type VoteChoice,
  type ChamberTally,
} from "./proposal.js";
export {
  submitProposal,
  topUpDeposit,
  castVote,
  advanceGovernance,
  cancelProposal,
  fastTrackProposal,
  councilCircuitBreak,
  isCircuitBroken,
  getProposal,
  proposalCount,
  chamberPasses,
} from "./proposals.js";
export { proposalTopUps, settleDeposits, type TopUp } from "./deposits.js";
export { councilApprove, parseCouncilAction, type CouncilAction, type CouncilOutcome } from "./council.js";
export { proposalEvent, PROPOSAL_EVENT_KINDS, type ProposalEvent } from "./events.js";
export {
  DEFAULT_SECURITY_FLOOR,
  validateSecurityFloor,
  stakedRatioBps,
  getSecurityFloor,
  evaluateSecurityFloor,
  boostedRates,
  type SecurityFloorConfig,
  type SecurityFloorStatus,
  type SecurityFloorOutcome,
} from "./securityFloor.js";
export { PROTOCOL_VERSION, getUpgradeSignal, recordUpgradeSignal, runsVersion, type UpgradeSignal } from "./upgrade.js";
