import { CryptoError } from "./errors.js";
import { abytes, bytesToBigint } from "./guards.js";

/** Group order n of secp256k1. */
export const SECP256K1_N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const HALF_N = SECP256K1_N >> 1n;

/** Shared argument checks, so the noble and native backends reject exactly the same inputs. */
export function checkPrivateKey(privateKey: unknown): Uint8Array {
  const sk = abytes(privateKey, "privateKey", 32);
  const k = bytesToBigint(sk);
  if (k === 0n || k >= SECP256K1_N) {
    throw new CryptoError("INVALID_SCALAR", "privateKey: must be in [1, n-1] of secp256k1");
  }
  return sk;
}

export function checkMsgHash(msgHash: unknown): Uint8Array {
  return abytes(msgHash, "msgHash", 32);
}

/**
 * Validates r and s of a 64- or 65-byte signature: both in [1, n-1], s at most n/2 (low-S, so a
 * signature has exactly one valid encoding), and v in {0, 1} when present.
 * Returns the recovery id, or undefined for a 64-byte signature.
 */
export function checkSignature(arg: string, sig: Uint8Array): number | undefined {
  const r = bytesToBigint(sig.subarray(0, 32));
  const s = bytesToBigint(sig.subarray(32, 64));
  if (r === 0n || r >= SECP256K1_N) throw new CryptoError("INVALID_SIGNATURE", `${arg}: r out of range`);
  if (s === 0n || s >= SECP256K1_N) throw new CryptoError("INVALID_SIGNATURE", `${arg}: s out of range`);
  if (s > HALF_N) throw new CryptoError("HIGH_S", `${arg}: s is above n/2 (high-S is not accepted)`);
  if (sig.length === 64) return undefined;
  const v = sig[64] ?? 255;
  if (v !== 0 && v !== 1) {
    throw new CryptoError("INVALID_RECOVERY_ID", `${arg}: recovery id v must be 0 or 1, got ${v}`);
  }
  return v;
}
