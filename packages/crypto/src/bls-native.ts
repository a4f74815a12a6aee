import { createRequire } from "node:module";
import type * as Blst from "@chainsafe/blst";
import { checkBlsSecretKey, checkNonEmpty, checkSets, resolvePublicKeys, type Bls } from "./bls.js";
import { CryptoError } from "./errors.js";
import { abytes } from "./guards.js";

type BlstModule = typeof Blst;

/** Loads @chainsafe/blst's prebuilt native module, or undefined when it is not available here. */
export function loadBlstModule(): BlstModule | undefined {
  try {
    return createRequire(import.meta.url)("@chainsafe/blst") as BlstModule;
  } catch {
    return undefined;
  }
}

/** Wraps blst in the Bls interface, with the same input rules as the noble backend. */
export function createNativeBls(blst: BlstModule): Bls {
  function pk(arg: string, bytes: Uint8Array): Blst.PublicKey {
    abytes(bytes, arg, 48);
    try {
      // pkValidate = true: infinity and subgroup checks.
      return blst.PublicKey.fromBytes(bytes, true);
    } catch {
      throw new CryptoError("INVALID_POINT", `${arg}: not a valid compressed G1 point`);
    }
  }
  function sig(arg: string, bytes: Uint8Array): Blst.Signature {
    abytes(bytes, arg, 96);
    try {
      // sigValidate = true (subgroup), sigInfcheck = true (infinity rejected).
      return blst.Signature.fromBytes(bytes, true, true);
    } catch {
      throw new CryptoError("INVALID_POINT", `${arg}: not a valid compressed G2 point`);
    }
  }
  const self: Bls = {
    name: "native",
    getPublicKey(secretKey) {
      return blst.SecretKey.fromBytes(checkBlsSecretKey(secretKey)).toPublicKey().toBytes(true);
    },
    sign(message, secretKey) {
      abytes(message, "message");
      return blst.SecretKey.fromBytes(checkBlsSecretKey(secretKey)).sign(message).toBytes(true);
    },
    verify(signature, message, publicKey) {
      const s = sig("signature", signature);
      abytes(message, "message");
      const p = pk("publicKey", publicKey);
      // Points were validated while decoding; skip blst's repeated checks.
      return blst.verify(message, p, s, false, false);
    },
    aggregateSignatures(signatures) {
      const list = checkNonEmpty("signatures", signatures, 96).map((s, i) => sig(`signatures[${i}]`, s));
      return blst.aggregateSignatures(list, false).toBytes(true);
    },
    aggregatePublicKeys(publicKeys) {
      const list = checkNonEmpty("publicKeys", publicKeys, 48).map((p, i) => pk(`publicKeys[${i}]`, p));
      return blst.aggregatePublicKeys(list, false).toBytes(true);
    },
    fastAggregateVerify(signature, message, publicKeys) {
      const s = sig("signature", signature);
      abytes(message, "message");
      const list = resolvePublicKeys("native", publicKeys, pk);
      try {
        return blst.fastAggregateVerify(message, list, s, false);
      } catch {
        // blst refuses an aggregate key at infinity (cancelling keys): invalid, like noble.
        return false;
      }
    },
    preparePublicKey(publicKey) {
      const point = pk("publicKey", publicKey);
      return Object.freeze({ backend: "native", bytes: publicKey.slice(), point });
    },
    verifyBatch(sets) {
      const list = checkSets(sets).map((s, i) => ({
        sig: sig(`sets[${i}].signature`, s.signature),
        msg: s.message,
        pk: pk(`sets[${i}].publicKey`, s.publicKey),
      }));
      return blst.verifyMultipleAggregateSignatures(list, false, false);
    },
  };
  return Object.freeze(self);
}
