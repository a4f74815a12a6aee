// @cowboy/cbss: the Cowboy Secret Service (spec §9 0x04 Secrets Manager, "Off-Chain Compute"; cips/cbss.md).
export { CbssError, type CbssErrorCode } from "./errors.js";
export { CBSS_IBE_DST, secretIdentity, checkSecretName, type SecretRef } from "./crypto/identity.js";
export { ibeEncrypt, ibeDecrypt, gtToBytes, h3, identityPoint, type IbeCiphertext, type IbeOptions } from "./crypto/ibe.js";
export { signShare, verifyShare, verifyDecryptionKey, combineShares } from "./crypto/threshold.js";
export { sealSecret, openSecret, parseEnvelope, envelopeValueLength, ENVELOPE_VERSION, type SealOptions } from "./crypto/envelope.js";
