import { blake3 as nobleBlake3 } from "@noble/hashes/blake3.js";
import { sha256 as nobleSha256 } from "@noble/hashes/sha2.js";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { abytes } from "./guards.js";

/** The three 32-byte hash functions Cowboy's consensus uses, behind one interface. */
export interface Hashes {
  /** Which implementation this is, for logs and benchmarks. */
  readonly name: string;
  /** Keccak-256 (Ethereum's pre-standard SHA-3 padding): tx/receipt roots, addresses, signing hashes. */
  keccak256(data: Uint8Array): Uint8Array;
  /** SHA-256 (FIPS 180-4). */
  sha256(data: Uint8Array): Uint8Array;
  /** BLAKE3 with its default 32-byte output: the state root. */
  blake3(data: Uint8Array): Uint8Array;
}

/** Keccak-256 of `data` (portable @noble implementation). */
export function keccak256(data: Uint8Array): Uint8Array {
  return keccak_256(abytes(data, "data"));
}

/** SHA-256 of `data` (portable @noble implementation). */
export function sha256(data: Uint8Array): Uint8Array {
  return nobleSha256(abytes(data, "data"));
}

/** BLAKE3 of `data`, 32-byte output (portable @noble implementation). */
export function blake3(data: Uint8Array): Uint8Array {
  return nobleBlake3(abytes(data, "data"));
}

/** The portable reference: pure JS, synchronous, available everywhere. */
export const nobleHashes: Hashes = Object.freeze({ name: "noble", keccak256, sha256, blake3 });
