// Segment encryption (cips/cbfs.md §2): a file's plaintext is cut into segments of `segmentSize` bytes
// (the last may be shorter; an empty file is one empty segment), each sealed with AES-256-GCM under the
// per-file key. The 96-bit nonce is the segment index (u64 BE) ‖ a final flag (u32 BE: 1 on the last
// segment, else 0) — the STREAM construction — so reordering, dropping or appending segments, or
// truncating the stream at a segment boundary, fails authentication.
import { createCipheriv, createDecipheriv } from "node:crypto";
import { CbfsError } from "./errors.js";
import { GCM_TAG_BYTES } from "./params.js";

const AAD = new TextEncoder().encode("cowboy/cbfs/segment/v1");

/** Segments in a plaintext of `length` bytes. */
export function segmentCount(length: number, segmentSize: number): number {
  return Math.max(1, Math.ceil(length / segmentSize));
}

/** Ciphertext bytes of a plaintext of `length` bytes: each segment grows by its tag. */
export function ciphertextLength(length: number, segmentSize: number): number {
  return length + segmentCount(length, segmentSize) * GCM_TAG_BYTES;
}

export function segmentNonce(index: number, final: boolean): Uint8Array {
  const nonce = new Uint8Array(12);
  const view = new DataView(nonce.buffer);
  view.setBigUint64(0, BigInt(index));
  view.setUint32(8, final ? 1 : 0);
  return nonce;
}

export function checkKey(key: Uint8Array): void {
  if (!(key instanceof Uint8Array) || key.length !== 32) throw new CbfsError("INVALID_PARAMS", "a CBFS file key is 32 bytes");
}

/** Seals segment `index` (ciphertext ‖ tag) into `out` at `at`; `final` marks the file's last segment. */
export function encryptSegmentInto(key: Uint8Array, plaintext: Uint8Array, index: number, final: boolean, out: Uint8Array, at: number): void {
  const cipher = createCipheriv("aes-256-gcm", key, segmentNonce(index, final));
  cipher.setAAD(AAD);
  const body = cipher.update(plaintext);
  cipher.final();
  out.set(body, at);
  out.set(cipher.getAuthTag(), at + plaintext.length);
}

/** Opens one sealed segment (ciphertext ‖ tag) into `out` at `at`; throws DECRYPT_FAILED naming it. */
export function decryptSegmentInto(key: Uint8Array, sealed: Uint8Array, index: number, count: number, out: Uint8Array, at: number): void {
  const decipher = createDecipheriv("aes-256-gcm", key, segmentNonce(index, index === count - 1));
  decipher.setAAD(AAD);
  decipher.setAuthTag(sealed.subarray(sealed.length - GCM_TAG_BYTES));
  try {
    out.set(decipher.update(sealed.subarray(0, sealed.length - GCM_TAG_BYTES)), at);
    decipher.final();
  } catch (cause) {
    throw new CbfsError("DECRYPT_FAILED", `segment ${index} of ${count} does not authenticate (wrong key, tampered, reordered or truncated)`, { cause });
  }
}

/** Encrypts a whole plaintext into its segment stream (ciphertext ‖ tag per segment). */
export function encryptSegments(key: Uint8Array, plaintext: Uint8Array, segmentSize: number): Uint8Array {
  checkKey(key);
  const count = segmentCount(plaintext.length, segmentSize);
  const out = new Uint8Array(ciphertextLength(plaintext.length, segmentSize));
  for (let i = 0; i < count; i++) {
    encryptSegmentInto(key, plaintext.subarray(i * segmentSize, (i + 1) * segmentSize), i, i === count - 1, out, i * (segmentSize + GCM_TAG_BYTES));
  }
  return out;
}

/**
 * Decrypts a segment stream. Its length fixes the segment boundaries; the last segment must carry the
 * final flag, so a stream cut at any boundary fails. Throws DECRYPT_FAILED naming the first bad segment.
 */
export function decryptSegments(key: Uint8Array, ciphertext: Uint8Array, segmentSize: number): Uint8Array {
  checkKey(key);
  const sealed = segmentSize + GCM_TAG_BYTES;
  const count = Math.max(1, Math.ceil(ciphertext.length / sealed));
  const lastLength = ciphertext.length - (count - 1) * sealed;
  if (lastLength < GCM_TAG_BYTES) throw new CbfsError("DECRYPT_FAILED", `a ${ciphertext.length}-byte stream ends inside a tag: truncated`);
  const out = new Uint8Array(ciphertext.length - count * GCM_TAG_BYTES);
  for (let i = 0; i < count; i++) decryptSegmentInto(key, ciphertext.subarray(i * sealed, (i + 1) * sealed), i, count, out, i * segmentSize);
  return out;
}
