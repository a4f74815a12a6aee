// Step 2's checks that need no state, done for the whole block before any transaction executes
// (so signature recovery can run in one batch, on other threads): the stateless rules and every
// signature of §2.2, then the header's transactions_root.
import { equalBytes } from "@cowboy/codec";
import { transactionsRoot, type Block } from "@cowboy/types";
import { BlockError } from "../errors.js";
import type { ChainParams } from "../types.js";
import { verifyAll, type SignatureVerifier } from "../verify.js";

/** BlockError BAD_TRANSACTION naming the first failing transaction, or ROOT_MISMATCH. */
export function verifyTransactions(block: Block, params: ChainParams, verifier: SignatureVerifier): void {
  const failures = verifyAll(block.transactions, params, verifier);
  if (failures.length > 0) {
    const [index, reason] = failures[0]!;
    throw new BlockError("BAD_TRANSACTION", reason, { txIndex: index });
  }
  if (!equalBytes(block.header.transactions_root, transactionsRoot(block.transactions, params.hashes.keccak256))) {
    throw new BlockError("ROOT_MISMATCH", "transactions_root does not match the transactions");
  }
}
