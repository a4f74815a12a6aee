import { addressFromPrivateKey as addrFromPriv, recoverAddress as recAddr } from "./address.js";
import { secp256k1 } from "./defaults.js";
import { nobleEd25519, type Ed25519 } from "./ed25519.js";
import { type TypedData, verifyTypedDataWith } from "./eip712.js";

export { CryptoError, type CryptoErrorCode } from "./errors.js";
export { keccak256, sha256, blake3, nobleHashes, type Hashes } from "./hashes.js";
export { loadFastHashes } from "./fast-hashes.js";
export { nobleSecp256k1, type Secp256k1, type Secp256k1VerifyItem } from "./secp256k1.js";
export { createNativeSecp256k1, loadNativeSecp256k1Binding } from "./secp256k1-native.js";
export { addressFromPublicKey, checksumAddress } from "./address.js";

// The native back-ends load on first use (defaults.ts): `secp256k1` and `bls` forward to them.
export { getNativeSecp256k1, getNativeBls, secp256k1, bls } from "./defaults.js";

/** Address (20 bytes) of the key pair with this 32-byte private key. */
export function addressFromPrivateKey(privateKey: Uint8Array): Uint8Array {
  return addrFromPriv(privateKey, secp256k1);
}

/** Address (20 bytes) of the signer of `msgHash` with the 65-byte r‖s‖v `signature`. */
export function recoverAddress(msgHash: Uint8Array, signature: Uint8Array): Uint8Array {
  return recAddr(msgHash, signature, secp256k1);
}

export { hkdf, hkdfExtract, hkdfExpand, deriveRandomness, RANDOMNESS_SALT } from "./hkdf.js";
export { nobleEd25519, type Ed25519 } from "./ed25519.js";
export {
  nobleBls,
  blsPopProve,
  blsPopVerify,
  BLS_DST,
  BLS_POP_DST,
  BLS_R,
  type Bls,
  type BlsSignatureSet,
  type BlsPreparedPublicKey,
  type BlsPublicKeyInput,
} from "./bls.js";
export { createNativeBls, loadBlstModule } from "./bls-native.js";
export {
  dealShares,
  sharePublicKey,
  partialSign,
  partialVerify,
  recoverSignature,
  lagrangeAtZero,
  encodeShare,
  decodeShare,
  encodePartial,
  decodePartial,
  MAX_PARTICIPANTS,
  type SecretShare,
  type PartialSignature,
  type ThresholdDealing,
} from "./threshold.js";
export { loadFastThreshold, thresholdBackend } from "./threshold-backend.js";

/** The default Ed25519 implementation (noble; verification only sits on cold paths). */
export const ed25519: Ed25519 = nobleEd25519;

export {
  hashTypedData,
  typedDataDigest,
  domainTypeFor,
  normalizeRecoverableSignature,
  EIP712_LIMITS,
  type TypedData,
  type TypedDataDomain,
  type TypedDataField,
  type TypedDataTypes,
  type TypedDataValue,
} from "./eip712.js";

/** True when `signature` (65 bytes, v 27/28 or 0/1) over the EIP-712 digest of `data` recovers to `address`. */
export function verifyTypedData(data: TypedData, signature: Uint8Array, address: Uint8Array): boolean {
  return verifyTypedDataWith(secp256k1, data, signature, address);
}
export * from "./dkg/index.js";
