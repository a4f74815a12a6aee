// A DKG / reshare dealing (cips/crypto.md "DKG and reshare"): dealer i shares a secret (a fresh
// random scalar in a DKG, its own share s_i in a reshare) with a degree t−1 polynomial, publishes
// Feldman commitments C_k = a_k·G1 and one encrypted evaluation per recipient (encrypt.ts).
// Wire: u32 dealer ‖ u16 t ‖ u16 n ‖ t × 48-byte C_k ‖ 48-byte R ‖ n × 32-byte e_j.
import { checkBlsSecretKey } from "../bls.js";
import { CryptoError } from "../errors.js";
import { abytes, aint, bytesToBigint, concatBytes, equalBytes } from "../guards.js";
import { sharePad, xorScalar } from "./encrypt.js";
import { G1, type G1Point, POINT_LENGTH, decodePointOrZero, derivedScalar, evalPoly, readU16, readU32, u16be, u32be } from "./field.js";

/** Largest committee (recipients) and threshold a dealing may have. */
export const MAX_DKG_PARTICIPANTS = 1_024;
const HEADER = 8;
const COEFF_SALT = new TextEncoder().encode("cowboy/dkg/coefficients/v1");
const EPHEMERAL_INFO = new TextEncoder().encode("ephemeral");

export interface Dealing {
  /** The dealer's index: its index in the old committee (reshare) or in the dealer list (fresh DKG). */
  readonly dealer: number;
  /** t Feldman commitments (48-byte compressed G1); commitment 0 commits to the dealt secret. */
  readonly commitments: readonly Uint8Array[];
  /** R = r·G1, the ephemeral key every share is encrypted under (48 bytes). */
  readonly ephemeral: Uint8Array;
  /** Recipient j's (j = position + 1) share f(j), XOR-encrypted (32 bytes each). */
  readonly encryptedShares: readonly Uint8Array[];
}

export interface CreateDealingOptions {
  /** Bytes binding the run (chain, committee, epoch): every pad depends on them. */
  readonly context: Uint8Array;
  readonly dealer: number;
  /** The 32-byte scalar in [1, r−1] to share: the dealer's old share, or a fresh random secret. */
  readonly secret: Uint8Array;
  /** The new committee's threshold t (polynomial degree t − 1). */
  readonly threshold: number;
  /** The new committee's 48-byte G1 BLS public keys; recipient j is at position j − 1. */
  readonly recipients: readonly Uint8Array[];
  /** At least 32 random bytes; with the secret, they determine the polynomial and R. */
  readonly seed: Uint8Array;
}

/** Deals `secret` t-of-n to `recipients`. Deterministic in its options (tests pass fixed seeds). */
export function createDealing(opts: CreateDealingOptions): Dealing {
  const secret = bytesToBigint(checkBlsSecretKey(opts.secret));
  abytes(opts.context, "context");
  aint(opts.dealer, "dealer", 1, MAX_DKG_PARTICIPANTS);
  if (!Array.isArray(opts.recipients)) throw new CryptoError("INVALID_TYPE", "recipients: expected an array");
  aint(opts.recipients.length, "recipients.length", 1, MAX_DKG_PARTICIPANTS);
  aint(opts.threshold, "threshold", 1, opts.recipients.length);
  abytes(opts.seed, "seed");
  if (opts.seed.length < 32) throw new CryptoError("INVALID_LENGTH", `seed: expected at least 32 bytes, got ${opts.seed.length}`);
  const keys = opts.recipients.map((pk, i) => decodeRecipient(`recipients[${i}]`, pk));
  const ikm = concatBytes(opts.secret, opts.seed);
  const coeffs = [secret];
  for (let k = 1; k < opts.threshold; k++) coeffs.push(derivedScalar(ikm, COEFF_SALT, u32be(k)));
  const r = derivedScalar(ikm, COEFF_SALT, EPHEMERAL_INFO);
  const ephemeral = G1.BASE.multiply(r).toBytes(true);
  const encryptedShares = keys.map((pk, i) => {
    const j = i + 1;
    return xorScalar(evalPoly(coeffs, BigInt(j)), sharePad(pk.multiply(r), opts.context, opts.dealer, j, ephemeral));
  });
  return { dealer: opts.dealer, commitments: coeffs.map((c) => G1.BASE.multiply(c).toBytes(true)), ephemeral, encryptedShares };
}

export function encodeDealing(d: Dealing): Uint8Array {
  checkShape("dealing", d);
  return concatBytes(u32be(d.dealer), u16be(d.commitments.length), u16be(d.encryptedShares.length), ...d.commitments, d.ephemeral, ...d.encryptedShares);
}

/** Decodes a dealing; the bytes must be exactly one dealing. Points are checked by checkDealing. */
export function decodeDealing(bytes: Uint8Array): Dealing {
  abytes(bytes, "bytes");
  if (bytes.length < HEADER) throw new CryptoError("INVALID_LENGTH", `bytes: a dealing has at least ${HEADER} bytes`);
  const t = readU16(bytes, 4);
  const n = readU16(bytes, 6);
  const want = HEADER + t * POINT_LENGTH + POINT_LENGTH + n * 32;
  if (bytes.length !== want) throw new CryptoError("INVALID_LENGTH", `bytes: a dealing with t = ${t}, n = ${n} has ${want} bytes, got ${bytes.length}`);
  let at = HEADER;
  const take = (len: number) => bytes.slice(at, (at += len));
  const commitments = Array.from({ length: t }, () => take(POINT_LENGTH));
  const ephemeral = take(POINT_LENGTH);
  const encryptedShares = Array.from({ length: n }, () => take(32));
  const d = { dealer: readU32(bytes, 0), commitments, ephemeral, encryptedShares };
  checkShape("bytes", d);
  return d;
}

/** What a committee expects of every dealing in a run. */
export interface DealingExpectation {
  readonly threshold: number;
  readonly recipients: number;
  /** Reshare: the dealer's old share public key, which commitment 0 must equal. Absent in a fresh DKG. */
  readonly constantTerm?: Uint8Array;
}

export type DealingVerdict = { readonly ok: true } | { readonly ok: false; readonly reason: string };

/**
 * The public checks anyone (the chain) can run: sizes, every commitment and R a valid G1 point,
 * commitment 0 not infinity and, in a reshare, equal to the dealer's old share key. Whether each
 * encrypted share matches the commitments only its recipient can tell (openShare / complaints).
 */
export function checkDealing(d: Dealing, expect: DealingExpectation): DealingVerdict {
  try {
    checkShape("dealing", d);
  } catch (e) {
    return { ok: false, reason: (e as Error).message };
  }
  if (d.commitments.length !== expect.threshold) return { ok: false, reason: `expected ${expect.threshold} commitments, got ${d.commitments.length}` };
  if (d.encryptedShares.length !== expect.recipients) return { ok: false, reason: `expected ${expect.recipients} shares, got ${d.encryptedShares.length}` };
  try {
    const c0 = decodePointOrZero("commitments[0]", d.commitments[0] as Uint8Array);
    if (c0.is0()) return { ok: false, reason: "commitment 0 is the point at infinity" };
    for (const [k, c] of d.commitments.entries()) decodePointOrZero(`commitments[${k}]`, c);
    if (decodePointOrZero("ephemeral", d.ephemeral).is0()) return { ok: false, reason: "ephemeral key is the point at infinity" };
  } catch (e) {
    return { ok: false, reason: (e as Error).message };
  }
  if (expect.constantTerm !== undefined && !equalBytes(d.commitments[0] as Uint8Array, expect.constantTerm)) {
    return { ok: false, reason: "commitment 0 is not the dealer's old share public key" };
  }
  return { ok: true };
}

/** Decoded commitments of a dealing that passed checkDealing. */
export function commitmentPoints(d: Dealing): G1Point[] {
  return d.commitments.map((c, k) => decodePointOrZero(`commitments[${k}]`, c));
}

function decodeRecipient(arg: string, pk: Uint8Array): G1Point {
  const p = decodePointOrZero(arg, pk);
  if (p.is0()) throw new CryptoError("INVALID_POINT", `${arg}: the point at infinity is not a key`);
  return p;
}

function checkShape(arg: string, d: Dealing): void {
  if (typeof d !== "object" || d === null) throw new CryptoError("INVALID_TYPE", `${arg}: expected a dealing`);
  aint(d.dealer, `${arg}.dealer`, 1, MAX_DKG_PARTICIPANTS);
  if (!Array.isArray(d.commitments) || !Array.isArray(d.encryptedShares)) throw new CryptoError("INVALID_TYPE", `${arg}: commitments and encryptedShares must be arrays`);
  aint(d.encryptedShares.length, `${arg}.encryptedShares.length`, 1, MAX_DKG_PARTICIPANTS);
  aint(d.commitments.length, `${arg}.commitments.length`, 1, d.encryptedShares.length);
  for (const [k, c] of d.commitments.entries()) abytes(c, `${arg}.commitments[${k}]`, POINT_LENGTH);
  abytes(d.ephemeral, `${arg}.ephemeral`, POINT_LENGTH);
  for (const [j, e] of d.encryptedShares.entries()) abytes(e, `${arg}.encryptedShares[${j}]`, 32);
}
