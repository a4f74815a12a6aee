// @cowboy/cbss: the Cowboy Secret Service (spec §9 0x04 Secrets Manager, "Off-Chain Compute"; cips/cbss.md).
export { CbssError, type CbssErrorCode } from "./errors.js";
export { CBSS_IBE_DST, secretIdentity, checkSecretName, type SecretRef } from "./crypto/identity.js";
export { ibeEncrypt, ibeDecrypt, gtToBytes, h3, identityPoint, type IbeCiphertext, type IbeOptions } from "./crypto/ibe.js";
export { signShare, verifyShare, verifyDecryptionKey, combineShares } from "./crypto/threshold.js";
export { sealSecret, openSecret, parseEnvelope, envelopeValueLength, ENVELOPE_VERSION, type SealOptions } from "./crypto/envelope.js";
export { transportKeyPair, sealTo, openFrom } from "./crypto/transport.js";
export { dealCommittee, openDealtShare, type CommitteeMember } from "./crypto/dealing.js";
export { DEFAULT_CBSS_CONFIG, createCbssConfig, validateCbssConfig, type CbssConfig } from "./chain/config.js";
export * from "./chain/keys.js";
export {
  policyCodec,
  proxyRecordCodec,
  committeeCodec,
  secretHeadCodec,
  secretVersionCodec,
  receiptCodec,
  receiptBatchCodec,
  receiptLogCodec,
  decodeInput,
  ProxyStatus,
  type SecretPolicy,
  type ProxyRecord,
  type Committee,
  type SecretHead,
  type SecretVersion,
  type ReleaseReceipt,
  type ReceiptLogEntry,
} from "./chain/records.js";
export {
  SECRETS_MANAGER_ADDRESS,
  TREASURY_ADDRESS,
  getProxy,
  proxyAddresses,
  currentEpoch,
  getCommittee,
  currentCommittee,
  memberIndex,
  getSecretHead,
  getSecretVersion,
  type CbssState,
  type CbssAccounts,
  type CbssContext,
} from "./chain/context.js";
export { registerProxy, exitProxy, withdrawProxy, type ProxyRegistration } from "./chain/proxies.js";
export { publishCommittee, dealingCodec, type CommitteeDealing } from "./chain/committee.js";
export { putSecret, rotateSecret, revokeSecret, topUpSecret, secretNames } from "./chain/secrets.js";
export { submitReceipts, receiptLog } from "./chain/receipts.js";
export { evaluatePolicy, staticVerdict, type ReleaseFacts, type PolicyVerdict } from "./chain/policy.js";
export { slashDealer, slashInvalidShare, slashUnauthorizedRelease, type JobLookup, type ProvidesLookup, type MarketLookups, type SlashOutcome } from "./chain/slashing.js";
export { jobFactsAt, providesAt, type JobHistory, type ProvidesHistoryView } from "./chain/history.js";
export { getReservation, reserveJobReleases, type ReservationOutcome } from "./chain/reservations.js";
export {
  releaseRequestCodec,
  releaseStatementCodec,
  signedCodec,
  signRequest,
  signStatement,
  openRequest,
  openStatement,
  type ReleaseRequest,
  type ReleaseStatement,
  type Signed,
} from "./release/statement.js";
export {
  policyToJson,
  policyFromJson,
  secretToJson,
  secretFromJson,
  proxyToJson,
  committeeToJson,
  committeeFromJson,
  receiptToJson,
  type PolicyJson,
  type SecretJson,
  type ProxyJson,
  type CommitteeJson,
  type ReceiptJson,
} from "./chain/json.js";
export * from "./dkg/index.js";
