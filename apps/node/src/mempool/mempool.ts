import { compareBytes, CowboyError, toHex } from "@cowboy/codec";
import {
  checkIncludable,
  intrinsicCosts,
  laneOf,
  maxFeeOf,
  valueMoved,
  verifyAll,
  type ChainParams,
  type SignatureVerifier,
  type StateAccess,
  type TxRejectionCode,
} from "@cowboy/execution";
import { effectiveFee, type LaneId } from "@cowboy/fee-market";
import type { Transaction } from "@cowboy/types";

export type MempoolErrorCode =
  | "INVALID"
  | "ALREADY_KNOWN"
  | "NONCE_TOO_LOW"
  | "NONCE_TOO_FAR"
  | "FEE_TOO_LOW"
  | "REPLACEMENT_UNDERPRICED"
  | "SENDER_LIMIT"
  | "POOL_FULL"
  | "INSUFFICIENT_BALANCE";

/** The pool's code for each refusal of execution's admission predicate (its code stays in `meta.rejection`). */
const POOL_CODE: Record<TxRejectionCode, MempoolErrorCode> = {
  STATELESS_CHECK_FAILED: "INVALID",
  INVALID_SIGNATURE: "INVALID",
  NONCE_TOO_LOW: "NONCE_TOO_LOW",
  NONCE_TOO_HIGH: "NONCE_TOO_FAR",
  INTRINSIC_CYCLES_TOO_LOW: "INVALID",
  INTRINSIC_CELLS_TOO_LOW: "INVALID",
  FEE_BELOW_BASEFEE: "FEE_TOO_LOW",
  INSUFFICIENT_BALANCE: "INSUFFICIENT_BALANCE",
  LANE_FULL: "POOL_FULL",
  UNSUPPORTED_INSTRUCTION: "INVALID",
};

/** Why the mempool refused a transaction; the RPC returns the message as is. */
export class MempoolError extends CowboyError<MempoolErrorCode, { readonly rejection?: TxRejectionCode }> {
  override readonly name = "MempoolError";
  constructor(code: MempoolErrorCode, message: string, rejection?: TxRejectionCode) {
    super(code, message, rejection === undefined ? {} : { rejection });
  }
}

/** What the mempool needs to know of the head state. */
export interface AccountView {
  nonce(address: Uint8Array): bigint;
  /** The head state, read by execution's admission predicate. */
  readonly state: StateAccess;
}

export interface MempoolOptions {
  readonly params: ChainParams;
  /** Most transactions held in all. */
  readonly maxSize?: number;
  /** Most transactions held per sender. */
  readonly maxPerSender?: number;
  /** How far ahead of the account nonce a transaction may be (a gap this large is refused). */
  readonly maxNonceGap?: bigint;
  /** A replacement must raise every max fee and tip by this many percent. */
  readonly replacementBumpPercent?: bigint;
  readonly verifier?: SignatureVerifier;
}

interface Entry {
  readonly tx: Transaction;
  readonly hash: string;
  readonly lane: LaneId;
  /** The §6.4 ordering key at the floor basefee (the eviction order). */
  readonly score: bigint;
}

/** The §6.4 effective fee at the floor basefee: a stable key for eviction (never changes with the head). */
function score(tx: Transaction, params: ChainParams): bigint {
  const intrinsic = intrinsicCosts(tx, params.costTable);
  const floor = params.feeMarket.minBasefee;
  return effectiveFee({ hash: tx.digest(), intrinsicCycles: intrinsic.cycles, intrinsicCells: intrinsic.cells, ...tx }, { cycle: floor, cell: floor });
}

/**
 * Pending transactions, per lane and per sender in nonce order. Admission verifies the stateless
 * rules and signatures once (the builder trusts them); nonce gaps wait until filled; a sender may
 * replace a transaction by raising its fees; when full, the cheapest transaction makes room for a
 * better one.
 */
export class Mempool {
  readonly #options: Required<Omit<MempoolOptions, "verifier">> & { verifier?: SignatureVerifier };
  /** sender hex → nonce → entry */
  readonly #bySender = new Map<string, Map<bigint, Entry>>();
  readonly #byHash = new Map<string, Entry>();

  constructor(options: MempoolOptions) {
    this.#options = {
      maxSize: 10_000,
      maxPerSender: 64,
      maxNonceGap: 64n,
      replacementBumpPercent: 10n,
      ...options,
    };
  }

  get size(): number {
    return this.#byHash.size;
  }

  has(hash: Uint8Array): boolean {
    return this.#byHash.has(toHex(hash));
  }

  get(hash: Uint8Array): Transaction | undefined {
    return this.#byHash.get(toHex(hash))?.tx;
  }

  /**
   * Admits `tx` or throws a MempoolError saying why not. Returns its hash. `signatureFailures`,
   * when given, is the result of verifying `tx`'s signatures elsewhere (a worker thread), so the
   * recovery does not run here again.
   */
  add(tx: Transaction, accounts: AccountView, signatureFailures?: ReadonlyArray<readonly [number, string]>): Uint8Array {
    const { params } = this.#options;
    const failures = verifyAll([tx], params, signatureFailures === undefined ? this.#options.verifier : () => signatureFailures);
    if (failures.length > 0) throw new MempoolError("INVALID", failures[0]![1]);
    const hash = toHex(tx.digest());
    if (this.#byHash.has(hash)) throw new MempoolError("ALREADY_KNOWN", `transaction 0x${hash} is already pending`);

    const accountNonce = accounts.nonce(tx.from);
    if (tx.nonce - accountNonce > this.#options.maxNonceGap) {
      throw new MempoolError("NONCE_TOO_FAR", `nonce ${tx.nonce} is more than ${this.#options.maxNonceGap} ahead of the account nonce ${accountNonce}`);
    }
    // The rule is execution's (one owner): the pool asks it with the floor basefee (a transaction
    // paying less can never be included) and with the sender's earlier pending transactions, whose
    // maximum cost (fees plus value) the balance must cover too.
    const floor = params.feeMarket.minBasefee;
    const earlier = this.#pendingBefore(tx.from, tx.nonce);
    const rejection = checkIncludable({
      state: accounts.state,
      tx,
      basefees: { cycle: floor, cell: floor },
      params,
      verifySignatures: false,
      pendingNonce: tx.nonce > accountNonce ? tx.nonce : accountNonce,
      pendingCost: earlier,
    });
    if (rejection !== undefined) throw new MempoolError(POOL_CODE[rejection.code], rejection.message, rejection.code);

    const sender = toHex(tx.from);
    const queue = this.#bySender.get(sender) ?? new Map<bigint, Entry>();
    const entry: Entry = { tx, hash, lane: laneOf(tx), score: score(tx, params) };
    const existing = queue.get(tx.nonce);
    if (existing !== undefined) {
      if (!this.#outbids(tx, existing.tx)) {
        throw new MempoolError("REPLACEMENT_UNDERPRICED", `replacing nonce ${tx.nonce} needs every max fee and tip raised by ${this.#options.replacementBumpPercent}%`);
      }
      this.#remove(existing);
    } else if (queue.size >= this.#options.maxPerSender) {
      throw new MempoolError("SENDER_LIMIT", `a sender may have at most ${this.#options.maxPerSender} pending transactions`);
    }
    if (this.#byHash.size >= this.#options.maxSize) {
      const cheapest = this.#cheapest();
      if (cheapest === undefined || cheapest.score >= entry.score) {
        throw new MempoolError("POOL_FULL", "the mempool is full and this transaction pays no more than the cheapest one");
      }
      this.#remove(cheapest);
    }
    queue.set(tx.nonce, entry);
    this.#bySender.set(sender, queue);
    this.#byHash.set(hash, entry);
    return tx.digest();
  }

  /**
   * Transactions a block could include now, per lane: each sender's run of consecutive nonces
   * from its account nonce (a gap hides the rest until it is filled).
   */
  executable(accounts: Pick<AccountView, "nonce">): Map<LaneId, Transaction[]> {
    const lanes = new Map<LaneId, Transaction[]>();
    for (const queue of this.#bySender.values()) {
      const first = queue.values().next().value as Entry;
      let nonce = accounts.nonce(first.tx.from);
      for (let entry = queue.get(nonce); entry !== undefined; entry = queue.get(++nonce)) {
        const list = lanes.get(entry.lane) ?? [];
        list.push(entry.tx);
        lanes.set(entry.lane, list);
      }
    }
    return lanes;
  }

  /** Every executable transaction, all lanes together (the builder's candidates). */
  candidates(accounts: Pick<AccountView, "nonce">): Transaction[] {
    return [...this.executable(accounts).values()].flat();
  }

  /**
   * The nonce `address`'s next transaction should carry: its account nonce plus its run of
   * consecutive pending nonces from there (what `cowboy_getNonce(…, "pending")` answers).
   */
  pendingNonce(address: Uint8Array, accounts: Pick<AccountView, "nonce">): bigint {
    let nonce = accounts.nonce(address);
    const queue = this.#bySender.get(toHex(address));
    if (queue === undefined) return nonce;
    while (queue.has(nonce)) nonce++;
    return nonce;
  }

  /** The summed maximum cost (fees plus value) of `sender`'s pending transactions below `nonce`. */
  #pendingBefore(sender: Uint8Array, nonce: bigint): bigint {
    let total = 0n;
    for (const entry of this.#bySender.get(toHex(sender))?.values() ?? []) if (entry.tx.nonce < nonce) total += maxFeeOf(entry.tx) + valueMoved(entry.tx);
    return total;
  }

  /** Drops one transaction (e.g. one the builder found can never be included). */
  remove(hash: Uint8Array): boolean {
    const entry = this.#byHash.get(toHex(hash));
    if (entry === undefined) return false;
    this.#remove(entry);
    return true;
  }

  /** After a block: drops every transaction whose nonce its sender has used. */
  prune(accounts: Pick<AccountView, "nonce">): number {
    let dropped = 0;
    for (const queue of [...this.#bySender.values()]) {
      const first = queue.values().next().value as Entry;
      const nonce = accounts.nonce(first.tx.from);
      for (const entry of [...queue.values()]) {
        if (entry.tx.nonce < nonce) {
          this.#remove(entry);
          dropped++;
        }
      }
    }
    return dropped;
  }

  /** A replacement raises all four prices (both max fees, both tips) by the bump percentage. */
  #outbids(next: Transaction, current: Transaction): boolean {
    const bump = 100n + this.#options.replacementBumpPercent;
    const raised = (a: bigint, b: bigint): boolean => a * 100n >= b * bump;
    return (
      raised(next.maxFeePerCycle, current.maxFeePerCycle) &&
      raised(next.maxFeePerCell, current.maxFeePerCell) &&
      raised(next.maxPriorityFeePerCycle, current.maxPriorityFeePerCycle) &&
      raised(next.maxPriorityFeePerCell, current.maxPriorityFeePerCell)
    );
  }

  /** The entry to evict: lowest score, then the highest nonce of its sender, ties by hash. */
  #cheapest(): Entry | undefined {
    let worst: Entry | undefined;
    for (const entry of this.#byHash.values()) {
      if (
        worst === undefined ||
        entry.score < worst.score ||
        (entry.score === worst.score && (entry.tx.nonce > worst.tx.nonce || (entry.tx.nonce === worst.tx.nonce && compareBytes(entry.tx.digest(), worst.tx.digest()) > 0)))
      ) {
        worst = entry;
      }
    }
    return worst;
  }

  #remove(entry: Entry): void {
    this.#byHash.delete(entry.hash);
    const sender = toHex(entry.tx.from);
    const queue = this.#bySender.get(sender);
    queue?.delete(entry.tx.nonce);
    if (queue !== undefined && queue.size === 0) this.#bySender.delete(sender);
  }
}
