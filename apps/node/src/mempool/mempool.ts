// The node's transaction pool (apps/node/README.md "Mempool"; issue 18). Admission is execution's
// predicate (`checkIncludable`, spec §2.2); the pool's policy is geth's txpool design: executable
// (pending: nonce-contiguous from the account nonce) and queued (nonce-gapped) transactions with
// their own limits, a lifetime for queued ones, the sender's balance covering all it has pooled,
// and a recorded reason for every transaction that leaves without a block.
import { compareBytes, toHex } from "@cowboy/codec";
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
  type TxRejection,
} from "@cowboy/execution";
import { effectiveFee, type LaneId } from "@cowboy/fee-market";
import type { Transaction } from "@cowboy/types";
import { DropLog, type DropCode, type Dropped, type DropReason } from "./drops.js";
import { MempoolError, POOL_CODE } from "./errors.js";
import type { TxJournal } from "./journal.js";

/** What the mempool needs to know of the head state. */
export interface AccountView {
  nonce(address: Uint8Array): bigint;
  /** The head state, read by execution's admission predicate. */
  readonly state: StateAccess;
  /**
   * The parameters in force at the head: the node's overlaid with the governance registry's (cips/governance.md
   * "Resolution"; `Chain.params`, cached per head). Absent: the pool's own `params`.
   */
  readonly params?: ChainParams;
}

export interface MempoolOptions {
  /** The node's parameters, used when an AccountView carries none of the head's. */
  readonly params: ChainParams;
  /** Most executable (pending) transactions held in all (default 10,000). */
  readonly maxPending?: number;
  /** Most queued (nonce-gapped) transactions held in all (default 1,024). */
  readonly maxQueued?: number;
  /** Most transactions held per sender, pending and queued (default 64). */
  readonly maxPerSender?: number;
  /** Most queued transactions held per sender (default 16). */
  readonly maxQueuedPerSender?: number;
  /** How far ahead of the account nonce a transaction may be (a gap this large is refused; default 64). */
  readonly maxNonceGap?: bigint;
  /** A sender's queued transactions are dropped when it has made no progress (admission, inclusion) for this long (default 1 h). */
  readonly queuedLifetimeMs?: number;
  /** A replacement must raise every max fee and tip by this many percent (default 10). */
  readonly replacementBumpPercent?: bigint;
  /** How many recent drop reasons are remembered (default 10,000). */
  readonly maxDropReasons?: number;
  /** Where admitted transactions are recorded, to survive a crash (none by default). */
  readonly journal?: TxJournal;
  /** The clock of lifetimes and drop times (default Date.now). */
  readonly now?: () => number;
  readonly verifier?: SignatureVerifier;
}

/** What a block did, for `reset`. */
export interface BlockOutcome {
  /** The transactions the block included (they leave the pool without a drop reason). */
  readonly included?: readonly Transaction[];
  /** What the builder skipped and why: the permanent refusals leave the pool. */
  readonly skipped?: ReadonlyArray<readonly [Transaction, TxRejection]>;
}

interface Entry {
  readonly tx: Transaction;
  readonly hash: string;
  readonly lane: LaneId;
  /** The §6.4 ordering key at the floor basefee (the eviction order). */
  readonly score: bigint;
  /** The most it can take from the sender: maximum fees plus the value moved. */
  readonly cost: bigint;
}

interface Sender {
  readonly address: Uint8Array;
  readonly key: string;
  readonly byNonce: Map<bigint, Entry>;
  /** The account nonce at the last look at the head. */
  accountNonce: bigint;
  /** Length of the run of nonces from `accountNonce` (the executable ones), as last counted in the totals. */
  pending: number;
  /** The rest (nonce-gapped), as last counted in the totals. */
  queued: number;
  /** Last admission or inclusion: queued transactions expire `queuedLifetimeMs` after it. */
  beat: number;
}

/** The §6.4 effective fee at the floor basefee: a stable key for eviction (never changes with the head). */
function score(tx: Transaction, params: ChainParams): bigint {
  const intrinsic = intrinsicCosts(tx, params.costTable);
  const floor = params.feeMarket.minBasefee;
  return effectiveFee({ hash: tx.digest(), intrinsicCycles: intrinsic.cycles, intrinsicCells: intrinsic.cells, ...tx }, { cycle: floor, cell: floor });
}

/** Lower score first; then the higher nonce, then the higher hash (the one to evict first). */
function cheaper(a: Entry, b: Entry): boolean {
  if (a.score !== b.score) return a.score < b.score;
  if (a.tx.nonce !== b.tx.nonce) return a.tx.nonce > b.tx.nonce;
  return compareBytes(a.tx.digest(), b.tx.digest()) > 0;
}

const sortedEntries = (s: Sender): Entry[] => [...s.byNonce.values()].sort((a, b) => (a.tx.nonce < b.tx.nonce ? -1 : 1));

/**
 * Pending and queued transactions per sender in nonce order. Admission verifies the stateless rules
 * and signatures once (the builder trusts them); a sender may replace a transaction by raising its
 * fees; when a part is full, the cheapest transaction there makes room for a better one.
 */
export class Mempool {
  readonly #o: Required<Omit<MempoolOptions, "verifier" | "journal">> & { readonly verifier?: SignatureVerifier; journal?: TxJournal | undefined };
  readonly #senders = new Map<string, Sender>();
  readonly #byHash = new Map<string, Entry>();
  readonly #drops: DropLog;
  #pending = 0;
  #queued = 0;

  constructor(options: MempoolOptions) {
    this.#o = {
      maxPending: 10_000,
      maxQueued: 1_024,
      maxPerSender: 64,
      maxQueuedPerSender: 16,
      maxNonceGap: 64n,
      queuedLifetimeMs: 3_600_000,
      replacementBumpPercent: 10n,
      maxDropReasons: 10_000,
      now: Date.now,
      ...options,
    };
    this.#drops = new DropLog(this.#o.maxDropReasons);
  }

  /**
   * Re-admits what a journal held when the node stopped (in the order it was written), each
   * checked again against the head; `signatureFailures` are their verification results by index.
   * Refusals are counted, not thrown (most are transactions a block included meanwhile). Then the
   * journal is rewritten with what the pool holds.
   */
  restore(txs: readonly Transaction[], accounts: AccountView, signatureFailures: ReadonlyArray<readonly [number, string]> = []): { restored: number; refused: number } {
    const failed = new Map(signatureFailures.map(([i, reason]) => [i, reason]));
    const journal = this.#o.journal;
    this.#o.journal = undefined;
    let restored = 0;
    try {
      txs.forEach((tx, i) => {
        const reason = failed.get(i);
        try {
          this.add(tx, accounts, reason === undefined ? [] : [[0, reason]]);
          restored++;
        } catch (error) {
          if (!(error instanceof MempoolError)) throw error;
        }
      });
    } finally {
      this.#o.journal = journal;
    }
    journal?.rotate(this.transactions());
    return { restored, refused: txs.length - restored };
  }

  /** Transactions held, pending and queued. */
  get size(): number {
    return this.#byHash.size;
  }

  /** Executable (pending) and nonce-gapped (queued) transactions held. */
  get counts(): { readonly pending: number; readonly queued: number } {
    return { pending: this.#pending, queued: this.#queued };
  }

  has(hash: Uint8Array): boolean {
    return this.#byHash.has(toHex(hash));
  }

  get(hash: Uint8Array): Transaction | undefined {
    return this.#byHash.get(toHex(hash))?.tx;
  }

  /** Why `hash` left the pool without a block, while the record is recent enough to be kept. */
  dropReason(hash: Uint8Array): DropReason | undefined {
    return this.#drops.get(hash)?.reason;
  }

  /** The transaction `hash` names and why it left the pool, while the record is kept. */
  dropped(hash: Uint8Array): Dropped | undefined {
    return this.#drops.get(hash);
  }

  /** Every held transaction, sender by sender in nonce order (what a journal rotation writes). */
  *transactions(): Generator<Transaction> {
    for (const s of this.#senders.values()) for (const e of sortedEntries(s)) yield e.tx;
  }

  /**
   * Admits `tx` or throws a MempoolError saying why not. Returns its hash. `signatureFailures`,
   * when given, is the result of verifying `tx`'s signatures elsewhere (a worker thread), so the
   * recovery does not run here again.
   */
  add(tx: Transaction, accounts: AccountView, signatureFailures?: ReadonlyArray<readonly [number, string]>): Uint8Array {
    // Admission follows the registry at the head: a passed fee floor or size limit applies from its activation.
    const params = accounts.params ?? this.#o.params;
    const failures = verifyAll([tx], params, signatureFailures === undefined ? this.#o.verifier : () => signatureFailures);
    if (failures.length > 0) throw new MempoolError("INVALID", failures[0]![1]);
    const hash = toHex(tx.digest());
    if (this.#byHash.has(hash)) throw new MempoolError("ALREADY_KNOWN", `transaction 0x${hash} is already pending`);

    const accountNonce = accounts.nonce(tx.from);
    if (tx.nonce - accountNonce > this.#o.maxNonceGap) {
      throw new MempoolError("NONCE_TOO_FAR", `nonce ${tx.nonce} is more than ${this.#o.maxNonceGap} ahead of the account nonce ${accountNonce}`);
    }
    const key = toHex(tx.from);
    const sender = this.#senders.get(key) ?? { address: tx.from, key, byNonce: new Map(), accountNonce, pending: 0, queued: 0, beat: this.#o.now() };
    if (sender.accountNonce !== accountNonce) {
      sender.accountNonce = accountNonce;
      this.#reclassify(sender);
    }
    const existing = sender.byNonce.get(tx.nonce);
    // The rule is execution's (one owner): asked with the floor basefee (a transaction paying less
    // can never be included) and with the maximum cost of every other transaction the sender has
    // pooled, which its balance must cover too (a replaced one no longer counts).
    let others = 0n;
    for (const e of sender.byNonce.values()) if (e !== existing) others += e.cost;
    const floor = params.feeMarket.minBasefee;
    const rejection = checkIncludable({
      state: accounts.state,
      tx,
      basefees: { cycle: floor, cell: floor },
      params,
      verifySignatures: false,
      pendingNonce: tx.nonce > accountNonce ? tx.nonce : accountNonce,
      pendingCost: others,
    });
    if (rejection !== undefined) throw new MempoolError(POOL_CODE[rejection.code], rejection.message, rejection.code);

    const entry: Entry = { tx, hash, lane: laneOf(tx), score: score(tx, params), cost: maxFeeOf(tx) + valueMoved(tx) };
    if (existing !== undefined) {
      if (!this.#outbids(tx, existing.tx)) {
        throw new MempoolError("REPLACEMENT_UNDERPRICED", `replacing nonce ${tx.nonce} needs every max fee and tip raised by ${this.#o.replacementBumpPercent}%`);
      }
    } else {
      if (sender.byNonce.size >= this.#o.maxPerSender) throw new MempoolError("SENDER_LIMIT", `a sender may have at most ${this.#o.maxPerSender} pooled transactions`);
      this.#makeRoom(sender, entry);
    }
    if (existing !== undefined) this.#drop(existing, "REPLACED", `replaced by 0x${hash}, which pays at least ${this.#o.replacementBumpPercent}% more`);
    sender.byNonce.set(tx.nonce, entry);
    this.#senders.set(key, sender);
    this.#byHash.set(hash, entry);
    sender.beat = this.#o.now();
    this.#reclassify(sender);
    this.#drops.forget(hash);
    this.#o.journal?.append(tx);
    return tx.digest();
  }

  /** Refuses `entry` (a new nonce of `sender`) when its part is full of better ones, or evicts the cheapest there. */
  #makeRoom(sender: Sender, entry: Entry): void {
    const executable = entry.tx.nonce === sender.accountNonce + BigInt(sender.pending);
    if (!executable) {
      if (sender.queued >= this.#o.maxQueuedPerSender) {
        throw new MempoolError("SENDER_LIMIT", `a sender may have at most ${this.#o.maxQueuedPerSender} queued (nonce-gapped) transactions`);
      }
      if (this.#queued < this.#o.maxQueued) return;
      const victim = this.#cheapestQueued();
      if (victim === undefined || victim.score >= entry.score)
        throw new MempoolError("POOL_FULL", "the queued (nonce-gapped) part of the pool is full and this transaction pays no more than the cheapest one there");
      this.#drop(victim, "EVICTED", "the queued part of the pool was full and a better-paying transaction took its place");
      return;
    }
    if (this.#pending < this.#o.maxPending) return;
    const victim = this.#cheapestPendingTail(sender);
    if (victim === undefined || victim.score >= entry.score) throw new MempoolError("POOL_FULL", "the mempool is full and this transaction pays no more than the cheapest one");
    this.#drop(victim, "EVICTED", "the pool was full and a better-paying transaction took its place");
  }

  /**
   * Transactions a block could include now, per lane: each sender's run of consecutive nonces
   * from its account nonce (a gap hides the rest until it is filled).
   */
  executable(accounts: Pick<AccountView, "nonce">): Map<LaneId, Transaction[]> {
    const lanes = new Map<LaneId, Transaction[]>();
    for (const sender of this.#senders.values()) {
      let nonce = accounts.nonce(sender.address);
      for (let entry = sender.byNonce.get(nonce); entry !== undefined; entry = sender.byNonce.get(++nonce)) {
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
    const sender = this.#senders.get(toHex(address));
    if (sender === undefined) return nonce;
    while (sender.byNonce.has(nonce)) nonce++;
    return nonce;
  }

  /** Drops one transaction with the reason given (e.g. one the builder found can never be included). */
  remove(hash: Uint8Array, code: DropCode, message: string, rejection?: TxRejection): boolean {
    const entry = this.#byHash.get(toHex(hash));
    if (entry === undefined) return false;
    this.#drop(entry, code, message, rejection);
    return true;
  }

  /**
   * After a block: included transactions leave; the builder's permanent refusals, nonces the
   * sender used otherwise, transactions the balance no longer covers and queued ones past their
   * lifetime leave with a reason; then each part is cut back to its limit, cheapest first.
   */
  reset(accounts: AccountView, block: BlockOutcome = {}): void {
    const now = this.#o.now();
    const included = new Set((block.included ?? []).map((tx) => toHex(tx.digest())));
    for (const [tx, rejection] of block.skipped ?? []) {
      if (rejection.permanent) this.remove(tx.digest(), "REJECTED", `${rejection.code}: ${rejection.message}`, rejection);
    }
    const state = accounts.state;
    const params = accounts.params ?? this.#o.params;
    for (const sender of [...this.#senders.values()]) {
      const nonce = accounts.nonce(sender.address);
      if (nonce > sender.accountNonce) sender.beat = now;
      for (const entry of [...sender.byNonce.values()]) {
        if (entry.tx.nonce >= nonce) continue;
        if (included.has(entry.hash)) this.#forget(entry);
        else this.#drop(entry, "NONCE_USED", `the sender's nonce ${entry.tx.nonce} was used by another transaction`);
      }
      sender.accountNonce = nonce;
      this.#dropUncovered(sender, state, params);
      this.#reclassify(sender);
      if (sender.queued > 0 && now - sender.beat > this.#o.queuedLifetimeMs) {
        for (const entry of sortedEntries(sender).slice(sender.pending))
          this.#drop(entry, "EXPIRED", `queued (nonce-gapped) for more than ${this.#o.queuedLifetimeMs} ms without progress`);
      }
    }
    for (
      let victim = this.#queued > this.#o.maxQueued ? this.#cheapestQueued() : undefined;
      victim !== undefined;
      victim = this.#queued > this.#o.maxQueued ? this.#cheapestQueued() : undefined
    ) {
      this.#drop(victim, "EVICTED", "the queued part of the pool was over its limit and this was its cheapest");
    }
    for (
      let victim = this.#pending > this.#o.maxPending ? this.#cheapestPendingTail() : undefined;
      victim !== undefined;
      victim = this.#pending > this.#o.maxPending ? this.#cheapestPendingTail() : undefined
    ) {
      this.#drop(victim, "EVICTED", "the pool was over its limit and this was its cheapest executable transaction");
    }
    const journal = this.#o.journal;
    if (journal !== undefined && journal.records > 2 * this.size + 1_024) journal.rotate(this.transactions());
  }

  /**
   * Drops `sender`'s transactions from the first its balance no longer covers (with those before
   * it) onwards. Execution's predicate decides, asked once for the whole set and, only when that
   * fails, nonce by nonce to find where.
   */
  #dropUncovered(sender: Sender, state: StateAccess, params: ChainParams): void {
    const entries = sortedEntries(sender);
    if (entries.length === 0) return;
    const floor = params.feeMarket.minBasefee;
    const uncovered = (entry: Entry, before: bigint): TxRejection | undefined => {
      const r = checkIncludable({
        state,
        tx: entry.tx,
        basefees: { cycle: floor, cell: floor },
        params,
        verifySignatures: false,
        pendingNonce: entry.tx.nonce,
        pendingCost: before,
      });
      return r?.code === "INSUFFICIENT_BALANCE" ? r : undefined;
    };
    const last = entries[entries.length - 1]!;
    let total = 0n;
    for (const e of entries) total += e.cost;
    if (uncovered(last, total - last.cost) === undefined) return;
    let before = 0n;
    for (let i = 0; i < entries.length; i++) {
      const rejection = uncovered(entries[i]!, before);
      if (rejection !== undefined) {
        for (const e of entries.slice(i)) this.#drop(e, "INSUFFICIENT_BALANCE", `${rejection.message} (the sender's pooled transactions up to nonce ${e.tx.nonce})`, rejection);
        return;
      }
      before += entries[i]!.cost;
    }
  }

  /** Recomputes `sender`'s executable run and queued count, and with them the pool's totals. */
  #reclassify(sender: Sender): void {
    let nonce = sender.accountNonce;
    while (sender.byNonce.has(nonce)) nonce++;
    const pending = Number(nonce - sender.accountNonce);
    const queued = sender.byNonce.size - pending;
    this.#pending += pending - sender.pending;
    this.#queued += queued - sender.queued;
    sender.pending = pending;
    sender.queued = queued;
    if (sender.byNonce.size === 0) this.#senders.delete(sender.key);
  }

  /** The cheapest queued transaction of all. */
  #cheapestQueued(): Entry | undefined {
    let worst: Entry | undefined;
    for (const s of this.#senders.values()) {
      if (s.queued === 0) continue;
      for (const e of s.byNonce.values()) if (e.tx.nonce >= s.accountNonce + BigInt(s.pending) && (worst === undefined || cheaper(e, worst))) worst = e;
    }
    return worst;
  }

  /** The cheapest last transaction of a sender's executable run (evicting it demotes nothing), `except` one sender. */
  #cheapestPendingTail(except?: Sender): Entry | undefined {
    let worst: Entry | undefined;
    for (const s of this.#senders.values()) {
      if (s.pending === 0 || s === except) continue;
      const tail = s.byNonce.get(s.accountNonce + BigInt(s.pending) - 1n)!;
      if (worst === undefined || cheaper(tail, worst)) worst = tail;
    }
    return worst;
  }

  /** A replacement raises all four prices (both max fees, both tips) by the bump percentage. */
  #outbids(next: Transaction, current: Transaction): boolean {
    const bump = 100n + this.#o.replacementBumpPercent;
    const raised = (a: bigint, b: bigint): boolean => a * 100n >= b * bump;
    return (
      raised(next.maxFeePerCycle, current.maxFeePerCycle) &&
      raised(next.maxFeePerCell, current.maxFeePerCell) &&
      raised(next.maxPriorityFeePerCycle, current.maxPriorityFeePerCycle) &&
      raised(next.maxPriorityFeePerCell, current.maxPriorityFeePerCell)
    );
  }

  /** Removes `entry` and records why. */
  #drop(entry: Entry, code: DropCode, message: string, rejection?: TxRejection): void {
    this.#forget(entry);
    this.#drops.record(entry.tx, { code, message, atMs: this.#o.now(), ...(rejection === undefined ? {} : { rejection: rejection.code }) });
  }

  /** Removes `entry` (no reason: it was included, or is being dropped by #drop). */
  #forget(entry: Entry): void {
    this.#byHash.delete(entry.hash);
    const sender = this.#senders.get(toHex(entry.tx.from));
    if (sender === undefined) return;
    sender.byNonce.delete(entry.tx.nonce);
    this.#reclassify(sender);
  }
}
