import { bls12381Curve as bls12_381, lazyProxy } from "./lazy.js";
import { CryptoError } from "./errors.js";
import { abytes, abytesArray, bytesToBigint } from "./guards.js";

/** Ethereum's BLS ciphersuite (min-pk, proof of possession): the DST for message signatures. */
export const BLS_DST = "BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_";
/** DST for proofs of possession (signatures over one's own public key). */
export const BLS_POP_DST = "BLS_POP_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_";
/** Order r of the BLS12-381 scalar field (and of G1, G2). */
export const BLS_R = 0x73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001n;

/** One (signature, message, public key) triple for batch verification. */
export interface BlsSignatureSet {
  readonly signature: Uint8Array;
  readonly message: Uint8Array;
  readonly publicKey: Uint8Array;
}

/**
 * A public key parsed and validated once by one backend (see `Bls.preparePublicKey`), so hot paths
 * such as QC verification skip decompression and the subgroup check on every call. Only the backend
 * that made it accepts it.
 */
export interface BlsPreparedPublicKey {
  readonly backend: string;
  /** The 48-byte compressed encoding it was parsed from. */
  readonly bytes: Uint8Array;
  /** Backend-specific parsed point; opaque to callers. */
  readonly point: unknown;
}

/** A public key as bytes, or prepared by the same backend. */
export type BlsPublicKeyInput = Uint8Array | BlsPreparedPublicKey;

/**
 * BLS12-381 signatures, min-pk variant: 32-byte secret keys (big-endian, in [1, r-1]), 48-byte
 * compressed G1 public keys, 96-byte compressed G2 signatures, DST = BLS_DST.
 * Malformed input (lengths, non-canonical or off-curve or off-subgroup encodings, the point at
 * infinity as a key or signature, empty lists) throws CryptoError; a well-formed signature that
 * does not verify is `false`.
 */
export interface Bls {
  readonly name: string;
  getPublicKey(secretKey: Uint8Array): Uint8Array;
  sign(message: Uint8Array, secretKey: Uint8Array): Uint8Array;
  verify(signature: Uint8Array, message: Uint8Array, publicKey: Uint8Array): boolean;
  aggregateSignatures(signatures: readonly Uint8Array[]): Uint8Array;
  /** Plain point sum: only safe with keys whose proof of possession was checked. */
  aggregatePublicKeys(publicKeys: readonly Uint8Array[]): Uint8Array;
  /** One signature by all `publicKeys` (proofs of possession checked beforehand) over one message. */
  fastAggregateVerify(signature: Uint8Array, message: Uint8Array, publicKeys: readonly BlsPublicKeyInput[]): boolean;
  /** Parses and validates a 48-byte public key once, for repeated fastAggregateVerify calls. */
  preparePublicKey(publicKey: Uint8Array): BlsPreparedPublicKey;
  /** True iff every set verifies (the native backend uses one randomized multi-pairing). */
  verifyBatch(sets: readonly BlsSignatureSet[]): boolean;
}

export function checkBlsSecretKey(secretKey: unknown): Uint8Array {
  const sk = abytes(secretKey, "secretKey", 32);
  const k = bytesToBigint(sk);
  if (k === 0n || k >= BLS_R) throw new CryptoError("INVALID_SCALAR", "secretKey: must be in [1, r-1] of BLS12-381");
  return sk;
}

/**
 * Resolves a list of public keys (bytes or prepared by `backend`) to parsed points, using `parse`
 * for bytes. A key prepared by another backend is an INVALID_ARGUMENT.
 */
export function resolvePublicKeys<P>(backend: string, publicKeys: unknown, parse: (arg: string, bytes: Uint8Array) => P): P[] {
  if (!Array.isArray(publicKeys)) throw new CryptoError("INVALID_TYPE", "publicKeys: expected an array");
  if (publicKeys.length === 0) throw new CryptoError("INVALID_ARGUMENT", "publicKeys: must not be empty");
  return publicKeys.map((k: unknown, i) => {
    if (k instanceof Uint8Array) return parse(`publicKeys[${i}]`, k);
    const prepared = k as BlsPreparedPublicKey | null;
    if (typeof prepared !== "object" || prepared === null || !("point" in prepared)) {
      throw new CryptoError("INVALID_TYPE", `publicKeys[${i}]: expected Uint8Array or a prepared key`);
    }
    if (prepared.backend !== backend) {
      throw new CryptoError("INVALID_ARGUMENT", `publicKeys[${i}]: prepared by "${prepared.backend}", not "${backend}"`);
    }
    return prepared.point as P;
  });
}

export function checkNonEmpty(arg: string, list: unknown, length: number): Uint8Array[] {
  const arr = abytesArray(list, arg, length);
  if (arr.length === 0) throw new CryptoError("INVALID_ARGUMENT", `${arg}: must not be empty`);
  return arr;
}

const G1 = lazyProxy(() => bls12_381.G1.Point);
const G2 = lazyProxy(() => bls12_381.G2.Point);
type G1Point = ReturnType<typeof G1.fromBytes>;
type G2Point = ReturnType<typeof G2.fromBytes>;
const sigs = lazyProxy(() => bls12_381.longSignatures);

/** Decodes a 48-byte compressed G1 public key; rejects infinity and anything outside the subgroup. */
export function decodeG1(arg: string, bytes: Uint8Array): G1Point {
  abytes(bytes, arg, 48);
  let p: G1Point;
  try {
    p = G1.fromBytes(bytes);
    p.assertValidity();
  } catch {
    throw new CryptoError("INVALID_POINT", `${arg}: not a valid compressed G1 point`);
  }
  if (p.is0() || !p.isTorsionFree()) throw new CryptoError("INVALID_POINT", `${arg}: infinity or outside G1`);
  return p;
}

/** Decodes a 96-byte compressed G2 signature; rejects infinity and anything outside the subgroup. */
export function decodeG2(arg: string, bytes: Uint8Array): G2Point {
  abytes(bytes, arg, 96);
  let p: G2Point;
  try {
    p = G2.fromBytes(bytes);
    p.assertValidity();
  } catch {
    throw new CryptoError("INVALID_POINT", `${arg}: not a valid compressed G2 point`);
  }
  if (p.is0() || !p.isTorsionFree()) throw new CryptoError("INVALID_POINT", `${arg}: infinity or outside G2`);
  return p;
}

export function hashToG2(message: Uint8Array, dst: string = BLS_DST): G2Point {
  return sigs.hash(message, dst);
}

function createNobleBls(): Bls {
  const self: Bls = {
    name: "noble",
    getPublicKey(secretKey) {
      return sigs.getPublicKey(checkBlsSecretKey(secretKey)).toBytes(true);
    },
    sign(message, secretKey) {
      abytes(message, "message");
      const sk = checkBlsSecretKey(secretKey);
      return sigs.Signature.toBytes(sigs.sign(hashToG2(message), sk));
    },
    verify(signature, message, publicKey) {
      const sig = decodeG2("signature", signature);
      abytes(message, "message");
      const pk = decodeG1("publicKey", publicKey);
      return sigs.verify(sig, hashToG2(message), pk);
    },
    aggregateSignatures(signatures) {
      const list = checkNonEmpty("signatures", signatures, 96);
      let acc = G2.ZERO;
      list.forEach((s, i) => {
        acc = acc.add(decodeG2(`signatures[${i}]`, s));
      });
      return sigs.Signature.toBytes(acc);
    },
    aggregatePublicKeys(publicKeys) {
      const list = checkNonEmpty("publicKeys", publicKeys, 48);
      let acc = G1.ZERO;
      list.forEach((pk, i) => {
        acc = acc.add(decodeG1(`publicKeys[${i}]`, pk));
      });
      return acc.toBytes(true);
    },
    fastAggregateVerify(signature, message, publicKeys) {
      const sig = decodeG2("signature", signature);
      abytes(message, "message");
      let acc = G1.ZERO;
      for (const p of resolvePublicKeys("noble", publicKeys, decodeG1)) acc = acc.add(p);
      // The sum of valid keys can be infinity only if keys cancel: a rogue-key shape, never valid.
      if (acc.is0()) return false;
      return sigs.verify(sig, hashToG2(message), acc);
    },
    preparePublicKey(publicKey) {
      const point = decodeG1("publicKey", publicKey);
      return Object.freeze({ backend: "noble", bytes: publicKey.slice(), point });
    },
    verifyBatch(sets) {
      const list = checkSets(sets);
      // Decode everything first so malformed input throws regardless of position.
      const decoded = list.map((s, i) => ({
        sig: decodeG2(`sets[${i}].signature`, s.signature),
        msg: s.message,
        pk: decodeG1(`sets[${i}].publicKey`, s.publicKey),
      }));
      return decoded.every((d) => sigs.verify(d.sig, hashToG2(d.msg), d.pk));
    },
  };
  return Object.freeze(self);
}

export function checkSets(sets: unknown): BlsSignatureSet[] {
  if (!Array.isArray(sets)) throw new CryptoError("INVALID_TYPE", "sets: expected an array");
  if (sets.length === 0) throw new CryptoError("INVALID_ARGUMENT", "sets: must not be empty");
  return sets.map((s: BlsSignatureSet, i) => {
    abytes(s?.signature, `sets[${i}].signature`, 96);
    abytes(s?.message, `sets[${i}].message`);
    abytes(s?.publicKey, `sets[${i}].publicKey`, 48);
    return s;
  });
}

/** The portable reference (@noble/curves bls12_381): about 25x slower than blst. */
export const nobleBls: Bls = createNobleBls();

/**
 * Proof of possession (POP ciphersuite): a signature over one's own 48-byte public key under
 * BLS_POP_DST. Needed once per validator key at registration, so only the noble path offers it
 * (@chainsafe/blst does not take custom DSTs).
 */
export function blsPopProve(secretKey: Uint8Array): Uint8Array {
  const sk = checkBlsSecretKey(secretKey);
  const pk = sigs.getPublicKey(sk).toBytes(true);
  return sigs.Signature.toBytes(sigs.sign(hashToG2(pk, BLS_POP_DST), sk));
}

/** Checks a proof of possession made by blsPopProve. */
export function blsPopVerify(publicKey: Uint8Array, proof: Uint8Array): boolean {
  const pk = decodeG1("publicKey", publicKey);
  const sig = decodeG2("proof", proof);
  return sigs.verify(sig, hashToG2(publicKey, BLS_POP_DST), pk);
}
