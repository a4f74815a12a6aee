// The DKG / reshare of threshold BLS keys on BLS12-381 (cips/crypto.md "DKG and reshare").
export { createDealing, encodeDealing, decodeDealing, checkDealing, MAX_DKG_PARTICIPANTS } from "./dealing.js";
export type { Dealing, CreateDealingOptions, DealingExpectation, DealingVerdict } from "./dealing.js";
export { openShare, verifyComplaint, encodeComplaint, decodeComplaint, COMPLAINT_LENGTH } from "./complaint.js";
export type { Complaint, OpenShareOptions, OpenedShare, VerifyComplaintOptions } from "./complaint.js";
export { combineCommitments, combineShare } from "./combine.js";
export type { DkgKind, CombineOptions, CombinedCommitments } from "./combine.js";
