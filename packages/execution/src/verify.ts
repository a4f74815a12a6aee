import { checkTransaction, verifyTransactionSignatures, TransactionError, type Transaction } from "@cowboy/types";
import type { ChainParams } from "./params.js";

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
export function verifyAll(
  transactions: readonly Transaction[],
  params: ChainParams,
  verifier: SignatureVerifier = verifySignaturesHere,
): ReadonlyArray<readonly [number, string]> {
  const failures: Array<readonly [number, string]> = [];
  transactions.forEach((tx, index) => {
    const problems = checkTransaction(tx, { chainId: params.chainId, limits: params.txLimits });
    if (problems.length > 0) failures.push([index, `${problems[0]!.code}: ${problems[0]!.message}`]);
  });
  if (failures.length > 0) return failures;
  return verifier(transactions);
}
