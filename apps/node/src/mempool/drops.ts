// Why a transaction left the pool without a block (issue 18: "every transaction that leaves the pool
// without a block gets a reason"). A bounded record of the most recent drops, which the RPC
// (`cowboy_getTransaction`, `cowboy_getReceipt`) and `cowboy tx status` show.
import { toHex } from "@cowboy/codec";
import type { TxRejectionCode } from "@cowboy/execution";
import type { Transaction } from "@cowboy/types";

export type DropCode =
  /** A transaction of the same sender and nonce paying at least the bump more took its place. */
  | "REPLACED"
  /** The pool was full and a better-paying transaction took its slot. */
  | "EVICTED"
  /** It waited in the queued (nonce-gapped) part longer than the queued lifetime. */
  | "EXPIRED"
  /** The sender's balance no longer covers its pooled transactions up to this one. */
  | "INSUFFICIENT_BALANCE"
  /** The sender's nonce moved past it without it (another transaction used the nonce). */
  | "NONCE_USED"
  /** The block builder found it can never be included (execution's code in `rejection`). */
  | "REJECTED";

export interface DropReason {
  readonly code: DropCode;
  readonly message: string;
  /** Execution's refusal, when execution decided. */
  readonly rejection?: TxRejectionCode;
  /** When it was dropped (milliseconds since the epoch, the node's clock). */
  readonly atMs: number;
}

/** A dropped transaction and why. */
export interface Dropped {
  readonly tx: Transaction;
  readonly reason: DropReason;
}

/** The most recent `capacity` drops by transaction hash; the oldest is forgotten first. */
export class DropLog {
  readonly #entries = new Map<string, Dropped>();

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`DropLog: capacity must be a positive integer, got ${capacity}`);
  }

  get size(): number {
    return this.#entries.size;
  }

  record(tx: Transaction, reason: DropReason): void {
    const key = toHex(tx.digest());
    this.#entries.delete(key);
    this.#entries.set(key, { tx, reason });
    if (this.#entries.size > this.capacity) this.#entries.delete(this.#entries.keys().next().value as string);
  }

  get(hash: Uint8Array): Dropped | undefined {
    return this.#entries.get(toHex(hash));
  }

  /** A transaction admitted again (e.g. resubmitted) is no longer dropped. */
  forget(hash: string): void {
    this.#entries.delete(hash);
  }
}
