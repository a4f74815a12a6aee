import { ed25519Curve as nobleEd } from "./lazy.js";
import { CryptoError } from "./errors.js";
import { abytes } from "./guards.js";

/**
 * Ed25519 (RFC 8032, pure, no prehash). Verification follows ZIP-215 (noble's default), the rule
 * commonware's ed25519 scheme uses: it accepts exactly the signatures a batch verifier accepts,
 * so single and batch verification can never disagree across nodes.
 */
export interface Ed25519 {
  readonly name: string;
  getPublicKey(secretKey: Uint8Array): Uint8Array;
  sign(message: Uint8Array, secretKey: Uint8Array): Uint8Array;
  /**
   * Wrong lengths and a public key that is not a curve point throw CryptoError; a well-formed
   * signature that does not verify (including a non-canonical S or R) is `false`.
   */
  verify(signature: Uint8Array, message: Uint8Array, publicKey: Uint8Array): boolean;
}

export const nobleEd25519: Ed25519 = Object.freeze({
  name: "noble",
  getPublicKey(secretKey: Uint8Array): Uint8Array {
    return nobleEd.getPublicKey(abytes(secretKey, "secretKey", 32));
  },
  sign(message: Uint8Array, secretKey: Uint8Array): Uint8Array {
    return nobleEd.sign(abytes(message, "message"), abytes(secretKey, "secretKey", 32));
  },
  verify(signature: Uint8Array, message: Uint8Array, publicKey: Uint8Array): boolean {
    abytes(signature, "signature", 64);
    abytes(message, "message");
    abytes(publicKey, "publicKey", 32);
    try {
      nobleEd.Point.fromBytes(publicKey, true);
    } catch {
      throw new CryptoError("INVALID_POINT", "publicKey: not a point on edwards25519");
    }
    try {
      return nobleEd.verify(signature, message, publicKey, { zip215: true });
    } catch (e) {
      // noble throws on an undecodable R or S >= L: for a verifier that is an invalid signature.
      if (e instanceof CryptoError) throw e;
      return false;
    }
  },
});
