// The G2 step of threshold recombination (cips/crypto.md, "Threshold BLS": σ = Σ λ_i σ_i), as an
// interface with two implementations: this file's @noble reference and mcl-wasm's multi-scalar
// multiplication (threshold-mcl.ts). recoverSignature validates its arguments, computes the λ_i in
// bigint and hands the chosen partials to whichever combiner is active (threshold-backend.ts).
import { bls12381Curve as bls12_381, lazyProxy } from "./lazy.js";
import { decodeG2 } from "./bls.js";
import { CryptoError } from "./errors.js";

/** A partial reduced to what the combination needs; its index only names it in error messages. */
export interface IndexedSignature {
  readonly index: number;
  readonly signature: Uint8Array;
}

/**
 * Σ scalars[k]·decode(chosen[k].signature) on G2, compressed to 96 bytes. Every implementation must
 * return the same bytes and throw the same errors as `nobleG2Combiner`: INVALID_POINT (message
 * naming `partials[index i].signature`) for the first signature, in order, that is not a canonical
 * compressed G2 point of the r-order subgroup other than infinity, and INVALID_SIGNATURE when the sum
 * is the point at infinity. Scalars are in [1, r-1]; lengths are already checked (96 bytes).
 */
export interface G2Combiner {
  readonly name: "noble" | "mcl";
  combine(chosen: readonly IndexedSignature[], scalars: readonly bigint[]): Uint8Array;
}

const G2 = lazyProxy(() => bls12_381.G2.Point);

export function partialLabel(index: number): string {
  return `partials[index ${index}].signature`;
}

export function infinityError(): CryptoError {
  return new CryptoError("INVALID_SIGNATURE", "partials: recombined to the point at infinity");
}

/** The reference: decodeG2 (canonical, on curve, torsion-free, not infinity) then double-and-add per point. */
export const nobleG2Combiner: G2Combiner = Object.freeze({
  name: "noble",
  combine(chosen: readonly IndexedSignature[], scalars: readonly bigint[]): Uint8Array {
    let acc = G2.ZERO;
    chosen.forEach((p, k) => {
      const point = decodeG2(partialLabel(p.index), p.signature);
      acc = acc.add(point.multiplyUnsafe(scalars[k] as bigint));
    });
    if (acc.is0()) throw infinityError();
    return bls12_381.longSignatures.Signature.toBytes(acc);
  },
});
