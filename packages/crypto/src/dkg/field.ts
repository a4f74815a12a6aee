// Shared arithmetic of the DKG / reshare (cips/crypto.md "DKG and reshare"): the scalar field Fr,
// G1 points (the beacon's public keys live in G1), polynomial evaluation and Feldman commitment
// evaluation, and the fixed-width integers of the wire formats.
import { bls12381Curve as bls12_381, lazyProxy } from "../lazy.js";
import { CryptoError } from "../errors.js";
import { abytes, bytesToBigint } from "../guards.js";
import { hkdf } from "../hkdf.js";

export const Fr = lazyProxy(() => bls12_381.fields.Fr);
export const G1 = lazyProxy(() => bls12_381.G1.Point);
export type G1Point = InstanceType<typeof G1>;

export const POINT_LENGTH = 48;
export const SCALAR_LENGTH = 32;

/** Decodes a compressed G1 point; infinity is allowed (a zero coefficient commits to it). */
export function decodePointOrZero(arg: string, bytes: Uint8Array): G1Point {
  abytes(bytes, arg, POINT_LENGTH);
  try {
    const p = G1.fromBytes(bytes);
    if (!p.is0()) p.assertValidity();
    return p;
  } catch {
    throw new CryptoError("INVALID_POINT", `${arg}: not a valid compressed G1 point`);
  }
}

/** HKDF-SHA256 output of 48 bytes reduced mod r (bias below 2^-128); never zero. */
export function derivedScalar(ikm: Uint8Array, salt: Uint8Array, info: Uint8Array): bigint {
  const v = Fr.create(bytesToBigint(hkdf(ikm, salt, info, 48)));
  return v === 0n ? 1n : v;
}

/** f(x) by Horner's rule over Fr. */
export function evalPoly(coeffs: readonly bigint[], x: bigint): bigint {
  let acc = 0n;
  for (let j = coeffs.length - 1; j >= 0; j--) acc = Fr.add(Fr.mul(acc, x), coeffs[j] as bigint);
  return acc;
}

/** Σ_k C_k·x^k: the public key of the share at x under Feldman commitments C. */
export function evalCommitments(commitments: readonly G1Point[], x: bigint): G1Point {
  let acc = G1.ZERO;
  for (let k = commitments.length - 1; k >= 0; k--) acc = acc.multiplyUnsafe(x).add(commitments[k] as G1Point);
  return acc;
}

/** Scalar multiplication that accepts 0 (multiplyUnsafe refuses nothing, multiply refuses 0). */
export function mulPoint(p: G1Point, s: bigint): G1Point {
  return s === 0n ? G1.ZERO : p.multiplyUnsafe(s);
}

export function u16be(n: number): Uint8Array {
  return new Uint8Array([(n >>> 8) & 0xff, n & 0xff]);
}

export function u32be(n: number): Uint8Array {
  return new Uint8Array([(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff]);
}

export function readU16(b: Uint8Array, at: number): number {
  return ((b[at] ?? 0) << 8) + (b[at + 1] ?? 0);
}

export function readU32(b: Uint8Array, at: number): number {
  return (((b[at] ?? 0) << 24) >>> 0) + ((b[at + 1] ?? 0) << 16) + ((b[at + 2] ?? 0) << 8) + (b[at + 3] ?? 0);
}
