// @cowboy/cbfs — the CBFS format (cips/cbfs.md). The off-chain client lives in the ./client subpath,
// which @cowboy/execution never imports.
export { CbfsError, type CbfsErrorCode } from "./errors.js";
export * from "./params.js";
export { gfMul, gfInv, gfPow } from "./gf256.js";
export { createReedSolomon, type ReedSolomon } from "./reed-solomon.js";
export { encryptSegments, decryptSegments, segmentCount, ciphertextLength, segmentNonce } from "./segments.js";
export { shardRoot, chunkProof, verifyChunkProof, chunkCount, leafHash, nodeHash } from "./merkle.js";
export { type Manifest, type CodingParams, checkParams, encodeManifest, decodeManifest, manifestRoot } from "./manifest.js";
export { stripeCount, stripeLayout } from "./layout.js";
export {
  type EncodeOptions,
  type EncodedFile,
  resolveParams,
  stripeDataBlocks,
  encodeFile,
  verifyShard,
  recoverStripe,
  decodeStripes,
  decodeFile,
} from "./file.js";
export { type EncodedStripe, stripePlainRange, encodeStripe, stripeStreamParts, StreamDecryptor } from "./stream.js";
export { sha256 } from "./hash.js";
export { type PlacementRelay, placeStripe } from "./placement.js";
export { type OwnerAction, ownerDigest, signOwnerAction, ownerOf } from "./auth.js";
export * from "./chain/index.js";
export {
  Rights,
  type Right,
  type CapToken,
  type CapTokenBody,
  type CapTokenCheck,
  CAPTOKEN_BYTES,
  rightsMask,
  signCapToken,
  encodeCapToken,
  decodeCapToken,
  capTokenHash,
  signCapTokenUse,
  capTokenRefusal,
} from "./captoken.js";
export { receiptDigest, signStorageReceipt, verifyStorageReceipt } from "./receipt.js";
export { type DelegationCheck, delegationUseDigest, signDelegationUse, delegationRefusal } from "./delegation-use.js";
