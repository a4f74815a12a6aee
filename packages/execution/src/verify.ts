import { secp256k1 as defaultCurve, type Secp256k1 } from "@cowboy/crypto";
import { checkTransaction, verifyTransactionSignatures, TransactionError, type Transaction } from "@cowboy/types";
import type { ChainParams } from "./types.js";

/**
 * Verifies the stateless validity and every signature of a list of transactions, returning the
 * failures as [index, reason]. The default verifies on this thread; a node plugs in a verifier
 * that spreads the signatures over worker threads (signature recovery dominates block import).
 */
export type SignatureVerifier = (transactions: readonly Transaction[]) => ReadonlyArray<readonly [number, string]>;

export function verifySignaturesHere(transactions: readonly Transaction[]): Array<readonly [number, string]> {
  const failures: Array<readonly [number, string]> = [];
  transactions.forEach((tx, index) => {
    try {
      verifyTransactionSignatures(tx);
    } catch (error) {
      if (!(error instanceof TransactionError)) throw error;
      failures.push([index, `${error.code}: ${error.message}`]);
    }
  });
  return failures;
}

/** Stateless checks (§2.2 a, d, e, f) then signatures (c), for every transaction. */
export function verifyAll(transactions: readonly Transaction[], params: ChainParams, verifier: SignatureVerifier = verifySignaturesHere): ReadonlyArray<readonly [number, string]> {
  const failures: Array<readonly [number, string]> = [];
  transactions.forEach((tx, index) => {
    const problems = checkTransaction(tx, { chainId: params.chainId, limits: params.txLimits });
    if (problems.length > 0) failures.push([index, `${problems[0]!.code}: ${problems[0]!.message}`]);
  });
  if (failures.length > 0) return failures;
  return verifier(transactions);
}

// Packed signature checks, the form the verify pool ships to its workers: per transaction, only
// what recovery needs (the signing hash, each signature and the address it must recover to), in
// one transferable buffer. The worker then neither decodes transactions nor hashes preimages;
// the main thread's signing hashes are cached in the transactions, where transactionsRoot reuses
// them. Layout: u32 LE count, then per transaction: hash[32] ‖ u16 LE signers ‖ signers ×
// (address[20] ‖ signature[65]), the primary signer first, then the additional ones in order.

const ADDRESS = 20;
const SIGNATURE = 65;
const SIGNER = ADDRESS + SIGNATURE;

/** Packs the signature checks of `transactions` (computing and caching their signing hashes). */
export function packSignatureChecks(transactions: readonly Transaction[]): Uint8Array {
  let size = 4;
  for (const tx of transactions) size += 32 + 2 + (1 + tx.additionalSigners.length) * SIGNER;
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  view.setUint32(0, transactions.length, true);
  let at = 4;
  for (const tx of transactions) {
    out.set(tx.signingHash(), at);
    at += 32;
    view.setUint16(at, 1 + tx.additionalSigners.length, true);
    at += 2;
    at = putSigner(out, at, tx.from, tx.signature);
    for (const signer of tx.additionalSigners) at = putSigner(out, at, signer.address, signer.signature);
  }
  return out;
}

function putSigner(out: Uint8Array, at: number, address: Uint8Array, signature: Uint8Array): number {
  // A Transaction's addresses and signatures are fixed-size by construction; refuse anything else.
  if (address.length !== ADDRESS || signature.length !== SIGNATURE) throw new TypeError("packSignatureChecks: a signer is not a 20-byte address with a 65-byte signature");
  out.set(address, at);
  out.set(signature, at + ADDRESS);
  return at + SIGNER;
}

/** What checking packed signatures needs: a secp256k1 and a keccak-256 (any implementation). */
export interface PackedVerifierDeps {
  readonly curve?: Secp256k1;
  readonly keccak256: (data: Uint8Array) => Uint8Array;
}

/**
 * Checks packed signatures exactly as `verifyTransactionSignatures` does (same order, same codes
 * and messages): failures as [index + offset, reason], ascending.
 */
export function verifyPackedSignatures(packed: Uint8Array, deps: PackedVerifierDeps, offset = 0): Array<readonly [number, string]> {
  const curve = deps.curve ?? defaultCurve;
  const view = new DataView(packed.buffer, packed.byteOffset, packed.byteLength);
  const count = view.getUint32(0, true);
  const failures: Array<readonly [number, string]> = [];
  let at = 4;
  for (let index = 0; index < count; index++) {
    const hash = packed.subarray(at, at + 32);
    const signers = view.getUint16(at + 32, true);
    at += 34;
    for (let i = 0; i < signers; i++, at += SIGNER) {
      const field = i === 0 ? "signature" : `additional_signers[${i - 1}].signature`;
      const problem = checkOne(curve, deps.keccak256, hash, packed.subarray(at + ADDRESS, at + SIGNER), packed, at, field);
      if (problem !== undefined) {
        failures.push([index + offset, `${problem.code}: ${problem.message}`]);
        at += (signers - i) * SIGNER;
        break;
      }
    }
  }
  if (at !== packed.length) throw new TypeError("verifyPackedSignatures: the packed checks are malformed");
  return failures;
}

function checkOne(
  curve: Secp256k1,
  keccak: (data: Uint8Array) => Uint8Array,
  hash: Uint8Array,
  signature: Uint8Array,
  packed: Uint8Array,
  addressAt: number,
  field: string,
): TransactionError | undefined {
  let publicKey: Uint8Array;
  try {
    publicKey = curve.recoverPublicKey(hash, signature);
  } catch (err) {
    return new TransactionError("INVALID_SIGNATURE", err instanceof Error ? err.message : "unrecoverable signature", field);
  }
  // The address is the last 20 bytes of keccak256 of the uncompressed key without its 04 prefix.
  const digest = keccak(publicKey.subarray(1));
  for (let i = 0; i < ADDRESS; i++) {
    if (digest[12 + i] !== packed[addressAt + i]) return new TransactionError("SIGNER_MISMATCH", "signature recovers to a different address", field);
  }
  return undefined;
}
