// Opening a dealing and complaining about it (cips/crypto.md "DKG and reshare", "Complaints"):
// recipient j decrypts e_j with K_j = sk_j·R and checks f(j)·G1 = Σ C_k·j^k. When it does not hold
// (or the decrypted value is not below r) j publishes K_j with a Chaum–Pedersen proof; anyone then
// recomputes the share and sees the dealer cheated. A false complaint cannot be made: the proof
// pins K_j, and with the true K_j the share verifies.
// Wire: u32 dealer ‖ u32 recipient ‖ 48-byte K_j ‖ 64-byte proof (c ‖ z) = 120 bytes.
import { checkBlsSecretKey } from "../bls.js";
import { CryptoError } from "../errors.js";
import { abytes, aint, bytesToBigint, concatBytes } from "../guards.js";
import { type Dealing, MAX_DKG_PARTICIPANTS, commitmentPoints } from "./dealing.js";
import { decodeProof, encodeProof, proveSharedPoint, sharePad, unxorScalar, verifySharedPoint } from "./encrypt.js";
import { G1, type G1Point, decodePointOrZero, evalCommitments, mulPoint, readU32, u32be } from "./field.js";

export const COMPLAINT_LENGTH = 120;

export interface Complaint {
  readonly dealer: number;
  readonly recipient: number;
  /** K_j = sk_j·R, 48-byte compressed G1. */
  readonly shared: Uint8Array;
  /** Chaum–Pedersen proof that log_G1(PK_j) = log_R(K_j): c ‖ z, 64 bytes. */
  readonly proof: Uint8Array;
}

export interface OpenShareOptions {
  /** The dealing; it must have passed checkDealing. */
  readonly dealing: Dealing;
  readonly context: Uint8Array;
  /** This recipient's index j (position + 1 in the new committee). */
  readonly recipient: number;
  /** This recipient's 32-byte BLS secret key. */
  readonly secretKey: Uint8Array;
}

export type OpenedShare = { readonly ok: true; readonly share: bigint } | { readonly ok: false; readonly complaint: Complaint };

/** Decrypts and verifies this recipient's share; on a bad share returns the complaint to publish. */
export function openShare(opts: OpenShareOptions): OpenedShare {
  const sk = bytesToBigint(checkBlsSecretKey(opts.secretKey));
  abytes(opts.context, "context");
  aint(opts.recipient, "recipient", 1, opts.dealing.encryptedShares.length);
  const ephemeral = decodePointOrZero("dealing.ephemeral", opts.dealing.ephemeral);
  const share = recoverShare(opts.dealing, opts.context, opts.recipient, ephemeral.multiply(sk));
  if (share !== undefined) return { ok: true, share };
  // Only a bad share needs the proof (three more scalar multiplications).
  const { shared, proof } = proveSharedPoint(sk, ephemeral);
  return {
    ok: false,
    complaint: { dealer: opts.dealing.dealer, recipient: opts.recipient, shared: shared.toBytes(true), proof: encodeProof(proof) },
  };
}

export interface VerifyComplaintOptions {
  readonly dealing: Dealing;
  readonly context: Uint8Array;
  readonly complaint: Complaint;
  /** The complaining recipient's 48-byte BLS public key. */
  readonly recipientPublicKey: Uint8Array;
}

/** True iff the complaint is for this dealing, its proof holds, and the share it reveals is bad. */
export function verifyComplaint(opts: VerifyComplaintOptions): boolean {
  const { dealing, complaint } = opts;
  if (complaint.dealer !== dealing.dealer) return false;
  if (!Number.isInteger(complaint.recipient) || complaint.recipient < 1 || complaint.recipient > dealing.encryptedShares.length) return false;
  let pk: G1Point;
  let shared: G1Point;
  let ephemeral: G1Point;
  try {
    pk = decodePointOrZero("recipientPublicKey", opts.recipientPublicKey);
    shared = decodePointOrZero("complaint.shared", complaint.shared);
    ephemeral = decodePointOrZero("dealing.ephemeral", dealing.ephemeral);
    if (pk.is0() || ephemeral.is0()) return false;
    if (!verifySharedPoint(pk, ephemeral, shared, decodeProof("complaint.proof", complaint.proof))) return false;
  } catch {
    return false;
  }
  return recoverShare(dealing, opts.context, complaint.recipient, shared) === undefined;
}

export function encodeComplaint(c: Complaint): Uint8Array {
  aint(c.dealer, "complaint.dealer", 1, MAX_DKG_PARTICIPANTS);
  aint(c.recipient, "complaint.recipient", 1, MAX_DKG_PARTICIPANTS);
  abytes(c.shared, "complaint.shared", 48);
  abytes(c.proof, "complaint.proof", 64);
  return concatBytes(u32be(c.dealer), u32be(c.recipient), c.shared, c.proof);
}

export function decodeComplaint(bytes: Uint8Array): Complaint {
  abytes(bytes, "bytes", COMPLAINT_LENGTH);
  const c = { dealer: readU32(bytes, 0), recipient: readU32(bytes, 4), shared: bytes.slice(8, 56), proof: bytes.slice(56) };
  if (c.dealer < 1 || c.dealer > MAX_DKG_PARTICIPANTS || c.recipient < 1 || c.recipient > MAX_DKG_PARTICIPANTS) {
    throw new CryptoError("INVALID_ARGUMENT", `bytes: dealer and recipient must be in [1, ${MAX_DKG_PARTICIPANTS}]`);
  }
  return c;
}

/** The share for `recipient` given K, or undefined when it does not match the commitments. */
function recoverShare(d: Dealing, context: Uint8Array, recipient: number, shared: G1Point): bigint | undefined {
  const pad = sharePad(shared, context, d.dealer, recipient, d.ephemeral);
  const value = unxorScalar(d.encryptedShares[recipient - 1] as Uint8Array, pad);
  if (value === undefined) return undefined;
  const expected = evalCommitments(commitmentPoints(d), BigInt(recipient));
  return mulPoint(G1.BASE, value).equals(expected) ? value : undefined;
}
