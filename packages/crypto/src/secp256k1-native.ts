import { createRequire } from "node:module";
import { CryptoError } from "./errors.js";
import { abytes } from "./guards.js";
import { checkMsgHash, checkPrivateKey, checkSignature } from "./secp256k1-checks.js";
import { checkPublicKeyBytes, verifyManyWith, type Secp256k1 } from "./secp256k1.js";

/** The subset of the `secp256k1` package's API (v5, libsecp256k1 addon) that we call. */
interface NativeBinding {
  publicKeyCreate(seckey: Uint8Array, compressed?: boolean): Uint8Array;
  publicKeyConvert(pubkey: Uint8Array, compressed?: boolean): Uint8Array;
  ecdsaSign(msg32: Uint8Array, seckey: Uint8Array): { signature: Uint8Array; recid: number };
  ecdsaVerify(sig: Uint8Array, msg32: Uint8Array, pubkey: Uint8Array): boolean;
  ecdsaRecover(sig: Uint8Array, recid: number, msg32: Uint8Array, compressed?: boolean): Uint8Array;
}

/**
 * Loads libsecp256k1 through the `secp256k1` package's `bindings` entry, which requires the native
 * addon and never falls back to its pure-JS `elliptic` path (that fallback is slower than noble).
 * Returns undefined when the optional dependency or its prebuilt binary is missing.
 */
export function loadNativeSecp256k1Binding(): NativeBinding | undefined {
  try {
    const require = createRequire(import.meta.url);
    return require("secp256k1/bindings") as NativeBinding;
  } catch {
    return undefined;
  }
}

/** Wraps a native binding in the Secp256k1 interface, with the same argument checks as noble. */
export function createNativeSecp256k1(binding: NativeBinding): Secp256k1 {
  function toPoint(publicKey: Uint8Array): Uint8Array {
    checkPublicKeyBytes(publicKey);
    try {
      // Parsing (and re-serialising) validates that the bytes are a point on the curve.
      return binding.publicKeyConvert(publicKey, true);
    } catch {
      throw new CryptoError("INVALID_POINT", "publicKey: not a point on secp256k1");
    }
  }
  const self: Secp256k1 = {
    name: "native",
    getPublicKey(privateKey, compressed = false) {
      return Uint8Array.from(binding.publicKeyCreate(checkPrivateKey(privateKey), compressed === true));
    },
    sign(msgHash, privateKey) {
      const h = checkMsgHash(msgHash);
      const sk = checkPrivateKey(privateKey);
      // libsecp256k1's default nonce function is RFC 6979 and it always emits low-S.
      const { signature, recid } = binding.ecdsaSign(h, sk);
      if (recid > 1) {
        throw new CryptoError("INVALID_SIGNATURE", "sign: recovery id above 1 is not representable");
      }
      const out = new Uint8Array(65);
      out.set(signature, 0);
      out[64] = recid;
      return out;
    },
    recoverPublicKey(msgHash, signature) {
      const h = checkMsgHash(msgHash);
      const sig = abytes(signature, "signature", 65);
      const v = checkSignature("signature", sig) ?? 0;
      try {
        return Uint8Array.from(binding.ecdsaRecover(sig.subarray(0, 64), v, h, false));
      } catch {
        throw new CryptoError("INVALID_SIGNATURE", "signature: no public key recovers from it");
      }
    },
    verify(signature, msgHash, publicKey) {
      const sig = abytes(signature, "signature", 64, 65);
      const h = checkMsgHash(msgHash);
      checkSignature("signature", sig);
      return binding.ecdsaVerify(sig.subarray(0, 64), h, toPoint(publicKey));
    },
    verifyMany(items) {
      return verifyManyWith(self.verify, items);
    },
  };
  return Object.freeze(self);
}
