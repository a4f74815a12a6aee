// The validator set's threshold-key reshare / DKG (cips/staking.md "Reshare").
export { DEFAULT_RESHARE_WINDOW, reshareWindow, windowStart, committeeThreshold } from "./config.js";
export { ReshareKeyKind, reshareTargetKey, dealingKey, complaintKey, reshareFailureKey } from "./keys.js";
export { groupKeyInForce, getReshareTarget, reshareFailure, reshareTargetCodec, type ReshareRecipient } from "./records.js";
export { reshareContext, reshareRun, projectNextSet, type ReshareRun } from "./run.js";
export { submitDealing, submitComplaint, type ReshareContext } from "./submit.js";
export { processReshare, standingDealings, runDealerCount, type ReshareReport } from "./boundary.js";
export { openEpochShare } from "./share.js";
