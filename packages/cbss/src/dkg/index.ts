// The proxy committee's DKG / reshare (cips/cbss.md "DKG").
export { CbssDkgKeyKind, dkgRunKey, dkgDealingKey, dkgComplaintKey, dkgQualifiedKey, dkgFailureKey } from "./keys.js";
export {
  DEFAULT_CBSS_DKG_WINDOW,
  committeeDkgContext,
  minimumCommitteeThreshold,
  plannedRun,
  getDkgRun,
  qualifiedDealers,
  dkgFailure,
  type DkgRun,
  type DkgRecipient,
} from "./run.js";
export { submitCommitteeDealing, submitCommitteeComplaint, finalizeCommitteeDkg, type FinalizeOutcome } from "./committeeDkg.js";
export { openCommitteeShare, combineCommitteeShare, type CommitteeShareInput } from "./share.js";
export { dkgStatusToJson, dealingsFromJson, type DkgStatusJson, type DkgRunJson } from "./json.js";
