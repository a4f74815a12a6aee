import { secp256k1Curve as nobleCurve } from "./lazy.js";
import { CryptoError } from "./errors.js";
import { keccak256 } from "./hashes.js";
import { checkPublicKeyBytes, type Secp256k1 } from "./secp256k1.js";

/**
 * Cowboy (like Ethereum) derives a 20-byte address as the last 20 bytes of keccak256(X‖Y), where
 * X‖Y is the 64-byte uncompressed public key without its 0x04 prefix.
 * Accepts 33-byte compressed or 65-byte uncompressed keys; a compressed key is decompressed first.
 */
export function addressFromPublicKey(publicKey: Uint8Array): Uint8Array {
  let uncompressed = checkPublicKeyBytes(publicKey);
  try {
    uncompressed = nobleCurve.Point.fromBytes(uncompressed).toBytes(false);
  } catch {
    throw new CryptoError("INVALID_POINT", "publicKey: not a point on secp256k1");
  }
  return keccak256(uncompressed.subarray(1)).slice(12);
}

/** Address of the key pair whose private key is `privateKey` (32 bytes, in [1, n-1]). */
export function addressFromPrivateKey(privateKey: Uint8Array, curve: Secp256k1): Uint8Array {
  return keccak256(curve.getPublicKey(privateKey, false).subarray(1)).slice(12);
}

/** Address of whoever produced the 65-byte r‖s‖v `signature` over `msgHash`. */
export function recoverAddress(msgHash: Uint8Array, signature: Uint8Array, curve: Secp256k1): Uint8Array {
  return keccak256(curve.recoverPublicKey(msgHash, signature).subarray(1)).slice(12);
}

/**
 * EIP-55 mixed-case checksum form of a 20-byte address ("0x" + 40 hex digits): the i-th letter is
 * upper case when the i-th nibble of keccak256(lowercase hex) is 8 or more. Same bytes on Cowboy and Ethereum.
 */
export function checksumAddress(address: Uint8Array): string {
  if (!(address instanceof Uint8Array) || address.length !== 20) throw new CryptoError("INVALID_LENGTH", "address: expected 20 bytes");
  const lower = Array.from(address, (b) => b.toString(16).padStart(2, "0")).join("");
  const hash = keccak256(new TextEncoder().encode(lower));
  let out = "0x";
  for (let i = 0; i < 40; i++) {
    const nibble = (hash[i >> 1]! >> (i % 2 === 0 ? 4 : 0)) & 0xf;
    out += nibble >= 8 ? lower[i]!.toUpperCase() : lower[i]!;
  }
  return out;
}
