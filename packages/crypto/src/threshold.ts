import { bls12381Curve as bls12_381, lazyProxy } from "./lazy.js";
import { BLS_R, checkBlsSecretKey, decodeG1, decodeG2, type Bls } from "./bls.js";
import { CryptoError } from "./errors.js";
import { abytes, aint, bigintToBytes, bytesToBigint, concatBytes } from "./guards.js";
import { hkdf } from "./hkdf.js";
import { activeG2Combiner } from "./threshold-backend.js";
import type { G2Combiner } from "./threshold-combine.js";

/** Largest committee a dealing may have; indices are u16-sized in practice, stored as u32. */
export const MAX_PARTICIPANTS = 65_535;
const SHARE_LENGTH = 36;
const PARTIAL_LENGTH = 100;
const COEFF_SALT = new TextEncoder().encode("cowboy/threshold-bls/v1/coefficients");

/** Participant i's share of the group secret: f(i), with i in [1, n]. */
export interface SecretShare {
  readonly index: number;
  /** 32-byte big-endian scalar f(index). */
  readonly secretKey: Uint8Array;
}

/** A signature by one share over a message. */
export interface PartialSignature {
  readonly index: number;
  /** 96-byte compressed G2 point. */
  readonly signature: Uint8Array;
}

/** The output of a trusted dealing. */
export interface ThresholdDealing {
  readonly threshold: number;
  /** 48-byte G1 key f(0)·G that group signatures verify against. */
  readonly groupPublicKey: Uint8Array;
  /** Feldman commitments a_j·G (48 bytes each), j = 0..t-1; commitment 0 is the group key. */
  readonly commitments: readonly Uint8Array[];
  readonly shares: readonly SecretShare[];
}

const Fr = lazyProxy(() => bls12_381.fields.Fr);
const G1 = lazyProxy(() => bls12_381.G1.Point);

/**
 * Splits `secretKey` into `n` Shamir shares, any `threshold` of which rebuild it. The polynomial's
 * other coefficients come from HKDF-SHA256(ikm = secretKey‖seed, salt = COEFF_SALT,
 * info = u32be(j)), 48 bytes reduced mod r (bias below 2^-128). Binding the secret into the ikm
 * means reusing a seed for a different secret still yields unrelated coefficients.
 */
export function dealShares(secretKey: Uint8Array, threshold: number, n: number, seed: Uint8Array): ThresholdDealing {
  const s = bytesToBigint(checkBlsSecretKey(secretKey));
  aint(n, "n", 1, MAX_PARTICIPANTS);
  aint(threshold, "threshold", 1, n);
  abytes(seed, "seed");
  if (seed.length < 32) throw new CryptoError("INVALID_LENGTH", `seed: expected at least 32 bytes, got ${seed.length}`);
  const ikm = concatBytes(secretKey, seed);
  const coeffs: bigint[] = [s];
  for (let j = 1; j < threshold; j++) {
    const wide = hkdf(ikm, COEFF_SALT, u32be(j), 48);
    coeffs.push(Fr.create(bytesToBigint(wide)));
  }
  const shares: SecretShare[] = [];
  for (let i = 1; i <= n; i++) {
    const v = evalPoly(coeffs, BigInt(i));
    // f(i) = 0 has probability ~n/r; a zero key cannot sign, so refuse the dealing rather than emit it.
    if (v === 0n) throw new CryptoError("INVALID_SCALAR", "seed: dealing produced a zero share; use another seed");
    shares.push({ index: i, secretKey: bigintToBytes(v, 32) });
  }
  const commitments = coeffs.map((c) => (c === 0n ? G1.ZERO : G1.BASE.multiply(c)).toBytes(true));
  return { threshold, groupPublicKey: commitments[0] as Uint8Array, commitments, shares };
}

/** Public key of share `index`: Σ C_j·index^j over the Feldman commitments (48 bytes). */
export function sharePublicKey(commitments: readonly Uint8Array[], index: number): Uint8Array {
  if (!Array.isArray(commitments) || commitments.length === 0) {
    throw new CryptoError("INVALID_ARGUMENT", "commitments: expected a non-empty array");
  }
  aint(index, "index", 1, MAX_PARTICIPANTS);
  const x = BigInt(index);
  let acc = G1.ZERO;
  let pow = 1n;
  commitments.forEach((c, j) => {
    // Non-constant coefficients may legitimately be zero (the identity), so decode them leniently.
    const p = j === 0 ? decodeG1(`commitments[${j}]`, c) : decodeCommitment(`commitments[${j}]`, c);
    acc = acc.add(p.multiplyUnsafe(pow));
    pow = Fr.mul(pow, x);
  });
  return acc.toBytes(true);
}

/** A partial signature by one share (uses `bls` for the pairing-free sign). */
export function partialSign(bls: Bls, share: SecretShare, message: Uint8Array): PartialSignature {
  checkShare("share", share);
  return { index: share.index, signature: bls.sign(message, share.secretKey) };
}

/** Checks a partial against the signing share's public key (see sharePublicKey). */
export function partialVerify(bls: Bls, sharePublicKeyBytes: Uint8Array, partial: PartialSignature, message: Uint8Array): boolean {
  checkPartial("partial", partial);
  return bls.verify(partial.signature, message, sharePublicKeyBytes);
}

/**
 * Recombines partials into the group signature by Lagrange interpolation at 0 on G2. Uses the
 * `threshold` partials with the lowest indices; needs at least `threshold` distinct indices. Runs on
 * @noble/curves, or on mcl-wasm (about 10x faster, same bytes and errors) once `loadFastThreshold()`
 * has resolved; `thresholdBackend()` says which.
 *
 * Checked: the array, every partial's index (integer in [1, 65535], no repeats) and signature length
 * (96 bytes); then each of the `threshold` chosen signatures must be a canonical compressed G2 point
 * (flags, both x coordinates below p), on the curve, in the r-order subgroup and not infinity
 * (INVALID_POINT otherwise), and the result must not be infinity (INVALID_SIGNATURE). Not checked:
 * that a partial is a valid signature by its share (that needs the share's key and a pairing), nor
 * the signatures of the partials beyond the chosen ones. A well-formed but wrong partial therefore
 * gives a well-formed wrong signature: verify the partials first, or verify the result against the
 * group key (one pairing).
 */
export function recoverSignature(partials: readonly PartialSignature[], threshold: number): Uint8Array {
  return recoverSignatureWith(activeG2Combiner(), partials, threshold);
}

/** recoverSignature with an explicit G2 combiner (internal: tests and benchmarks compare the two). */
export function recoverSignatureWith(g2: G2Combiner, partials: readonly PartialSignature[], threshold: number): Uint8Array {
  if (!Array.isArray(partials)) throw new CryptoError("INVALID_TYPE", "partials: expected an array");
  aint(threshold, "threshold", 1, MAX_PARTICIPANTS);
  partials.forEach((p, i) => {
    checkPartial(`partials[${i}]`, p);
  });
  const seen = new Set<number>();
  for (const p of partials) {
    if (seen.has(p.index)) throw new CryptoError("DUPLICATE_INDEX", `partials: index ${p.index} appears twice`);
    seen.add(p.index);
  }
  if (partials.length < threshold) {
    throw new CryptoError("THRESHOLD_NOT_MET", `partials: need ${threshold}, got ${partials.length}`);
  }
  const chosen = [...partials].sort((a, b) => a.index - b.index).slice(0, threshold);
  const xs = chosen.map((p) => BigInt(p.index));
  return g2.combine(
    chosen,
    chosen.map((_, k) => lagrangeAtZero(xs, k)),
  );
}

/** λ_k(0) = Π_{m≠k} x_m / (x_m − x_k) mod r. */
export function lagrangeAtZero(xs: readonly bigint[], k: number): bigint {
  const xk = xs[k] as bigint;
  let num = 1n;
  let den = 1n;
  xs.forEach((xm, m) => {
    if (m === k) return;
    num = Fr.mul(num, xm);
    den = Fr.mul(den, Fr.sub(xm, xk));
  });
  return Fr.div(num, den);
}

/** Share wire format: u32 big-endian index ‖ 32-byte big-endian scalar (36 bytes). */
export function encodeShare(share: SecretShare): Uint8Array {
  checkShare("share", share);
  return concatBytes(u32be(share.index), share.secretKey);
}

export function decodeShare(bytes: Uint8Array): SecretShare {
  abytes(bytes, "bytes", SHARE_LENGTH);
  const share = { index: readU32(bytes), secretKey: bytes.slice(4) };
  checkShare("bytes", share);
  return share;
}

/** Partial wire format: u32 big-endian index ‖ 96-byte compressed G2 signature (100 bytes). */
export function encodePartial(partial: PartialSignature): Uint8Array {
  checkPartial("partial", partial);
  return concatBytes(u32be(partial.index), partial.signature);
}

export function decodePartial(bytes: Uint8Array): PartialSignature {
  abytes(bytes, "bytes", PARTIAL_LENGTH);
  const partial = { index: readU32(bytes), signature: bytes.slice(4) };
  checkPartial("bytes", partial);
  decodeG2("bytes.signature", partial.signature);
  return partial;
}

function checkShare(arg: string, share: SecretShare): void {
  if (typeof share !== "object" || share === null) throw new CryptoError("INVALID_TYPE", `${arg}: expected a share`);
  aint(share.index, `${arg}.index`, 1, MAX_PARTICIPANTS);
  abytes(share.secretKey, `${arg}.secretKey`, 32);
  if (bytesToBigint(share.secretKey) >= BLS_R || bytesToBigint(share.secretKey) === 0n) {
    throw new CryptoError("INVALID_SCALAR", `${arg}.secretKey: must be in [1, r-1]`);
  }
}

function checkPartial(arg: string, partial: PartialSignature): void {
  if (typeof partial !== "object" || partial === null) throw new CryptoError("INVALID_TYPE", `${arg}: expected a partial signature`);
  aint(partial.index, `${arg}.index`, 1, MAX_PARTICIPANTS);
  abytes(partial.signature, `${arg}.signature`, 96);
}

function decodeCommitment(arg: string, bytes: Uint8Array): ReturnType<typeof G1.fromBytes> {
  abytes(bytes, arg, 48);
  try {
    const p = G1.fromBytes(bytes);
    if (!p.is0()) p.assertValidity();
    return p;
  } catch {
    throw new CryptoError("INVALID_POINT", `${arg}: not a valid compressed G1 point`);
  }
}

function evalPoly(coeffs: readonly bigint[], x: bigint): bigint {
  let acc = 0n;
  for (let j = coeffs.length - 1; j >= 0; j--) acc = Fr.add(Fr.mul(acc, x), coeffs[j] as bigint);
  return acc;
}

function u32be(n: number): Uint8Array {
  return new Uint8Array([(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff]);
}

function readU32(b: Uint8Array): number {
  return (((b[0] ?? 0) << 24) >>> 0) + ((b[1] ?? 0) << 16) + ((b[2] ?? 0) << 8) + (b[3] ?? 0);
}
