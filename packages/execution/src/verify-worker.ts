// A signature-verification worker: receives batches of encoded transactions, answers with the
// failures as [index, reason]. Runs the same code as the main thread's verifier.
import { parentPort } from "node:worker_threads";
import { createTransactionFromBytes } from "@cowboy/types";
import { verifySignaturesHere } from "./verify.js";

interface Request {
  readonly id: number;
  readonly offset: number;
  readonly transactions: readonly Uint8Array[];
}

parentPort!.on("message", ({ id, offset, transactions }: Request) => {
  try {
    const decoded = transactions.map((bytes) => createTransactionFromBytes(bytes));
    const failures = verifySignaturesHere(decoded).map(([index, reason]) => [index + offset, reason] as const);
    parentPort!.postMessage({ id, failures });
  } catch (error) {
    parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
