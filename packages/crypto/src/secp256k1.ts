import { secp256k1Curve as nobleCurve } from "./lazy.js";
import { CryptoError } from "./errors.js";
import { abytes } from "./guards.js";
import { checkMsgHash, checkPrivateKey, checkSignature } from "./secp256k1-checks.js";

/** One signature to check in a batch. */
export interface Secp256k1VerifyItem {
  readonly signature: Uint8Array;
  readonly msgHash: Uint8Array;
  readonly publicKey: Uint8Array;
}

/**
 * ECDSA over secp256k1 as Cowboy uses it (§2.5): signatures are r‖s‖v (65 bytes), v in {0, 1},
 * RFC 6979 deterministic nonces, low-S only. Messages are 32-byte hashes, never hashed again.
 */
export interface Secp256k1 {
  readonly name: string;
  /** 33-byte compressed or 65-byte uncompressed (0x04-prefixed) public key. */
  getPublicKey(privateKey: Uint8Array, compressed?: boolean): Uint8Array;
  /** 65-byte r‖s‖v signature of a 32-byte hash. */
  sign(msgHash: Uint8Array, privateKey: Uint8Array): Uint8Array;
  /** The 65-byte uncompressed public key that produced `signature` over `msgHash`. */
  recoverPublicKey(msgHash: Uint8Array, signature: Uint8Array): Uint8Array;
  /**
   * True when the 64- or 65-byte signature is valid for `publicKey` (33 or 65 bytes).
   * Malformed input (lengths, r/s out of range, high-S, bad v, not-a-point keys) throws CryptoError.
   */
  verify(signature: Uint8Array, msgHash: Uint8Array, publicKey: Uint8Array): boolean;
  /**
   * Verifies many signatures; one result per item. Unlike `verify`, content errors in an item
   * (high-S, out-of-range r/s, invalid point) yield `false` for that item instead of throwing,
   * so one bad transaction cannot hide the verdicts on the rest. Wrong types/lengths still throw.
   */
  verifyMany(items: readonly Secp256k1VerifyItem[]): boolean[];
}

export function checkPublicKeyBytes(publicKey: unknown): Uint8Array {
  const pk = abytes(publicKey, "publicKey", 33, 65);
  const prefix = pk[0];
  const ok = pk.length === 33 ? prefix === 2 || prefix === 3 : prefix === 4;
  if (!ok) throw new CryptoError("INVALID_POINT", `publicKey: bad SEC1 prefix 0x${(prefix ?? 0).toString(16)}`);
  return pk;
}

type Point = ReturnType<typeof nobleCurve.Point.fromBytes>;

function parsePoint(publicKey: Uint8Array): Point {
  try {
    return nobleCurve.Point.fromBytes(checkPublicKeyBytes(publicKey));
  } catch (e) {
    if (e instanceof CryptoError) throw e;
    throw new CryptoError("INVALID_POINT", "publicKey: not a point on secp256k1");
  }
}

/** Runs verifyMany over any `verify`, mapping content errors of an item to `false`. */
export function verifyManyWith(verify: Secp256k1["verify"], items: readonly Secp256k1VerifyItem[]): boolean[] {
  if (!Array.isArray(items)) throw new CryptoError("INVALID_TYPE", "items: expected an array");
  return items.map((item, i) => {
    if (typeof item !== "object" || item === null) {
      throw new CryptoError("INVALID_TYPE", `items[${i}]: expected { signature, msgHash, publicKey }`);
    }
    abytes(item.signature, `items[${i}].signature`, 64, 65);
    abytes(item.msgHash, `items[${i}].msgHash`, 32);
    abytes(item.publicKey, `items[${i}].publicKey`, 33, 65);
    try {
      return verify(item.signature, item.msgHash, item.publicKey);
    } catch (e) {
      if (e instanceof CryptoError) return false;
      throw e;
    }
  });
}

function createNoble(): Secp256k1 {
  const self: Secp256k1 = {
    name: "noble",
    getPublicKey(privateKey, compressed = false) {
      return nobleCurve.getPublicKey(checkPrivateKey(privateKey), compressed === true);
    },
    sign(msgHash, privateKey) {
      const h = checkMsgHash(msgHash);
      const sk = checkPrivateKey(privateKey);
      // noble's "recovered" layout is v‖r‖s; Cowboy's wire layout is r‖s‖v.
      const rec = nobleCurve.sign(h, sk, { prehash: false, lowS: true, format: "recovered" });
      const out = new Uint8Array(65);
      out.set(rec.subarray(1, 65), 0);
      out[64] = rec[0] ?? 0;
      if ((out[64] ?? 0) > 1) {
        // Only when r overflowed n (probability ~2^-127); not representable with v in {0, 1}.
        throw new CryptoError("INVALID_SIGNATURE", "sign: recovery id above 1 is not representable");
      }
      return out;
    },
    recoverPublicKey(msgHash, signature) {
      const h = checkMsgHash(msgHash);
      const sig = abytes(signature, "signature", 65);
      const v = checkSignature("signature", sig) ?? 0;
      try {
        const point = nobleCurve.Signature.fromBytes(sig.subarray(0, 64), "compact").addRecoveryBit(v).recoverPublicKey(h);
        return point.toBytes(false);
      } catch {
        throw new CryptoError("INVALID_SIGNATURE", "signature: no public key recovers from it");
      }
    },
    verify(signature, msgHash, publicKey) {
      const sig = abytes(signature, "signature", 64, 65);
      const h = checkMsgHash(msgHash);
      checkSignature("signature", sig);
      const point = parsePoint(publicKey);
      return nobleCurve.verify(sig.subarray(0, 64), h, point.toBytes(true), {
        prehash: false,
        lowS: true,
        format: "compact",
      });
    },
    verifyMany(items) {
      return verifyManyWith(self.verify, items);
    },
  };
  return Object.freeze(self);
}

/** The portable reference implementation (@noble/curves), always available. */
export const nobleSecp256k1: Secp256k1 = createNoble();
