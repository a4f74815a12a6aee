import { compareBytes, toHex } from "@cowboy/codec";
import { headerHash, merkleRoot, receiptDigest, transactionsRoot, type Block, type Header, type Receipt, type Transaction } from "@cowboy/types";
import { effectiveFee, keyedHashOrdering, laneCapacity, vrfOrder, type LaneId, type OrderingVrf } from "@cowboy/fee-market";
import { beaconOf, nextBlockBasefees, runEndOfBlockHooks, withTimerUsage, type BlockExecution } from "./block.js";
import type { ActorEngine } from "./actors/engine.js";
import { markActors, newActorBlockContext, rewindActors } from "./actors/run.js";
import { TxRejection } from "./errors.js";
import { intrinsicCosts } from "./intrinsic.js";
import type { ChainParams } from "./params.js";
import { applyTransaction, laneOf, type BlockEnv } from "./transaction.js";
import type { StateAccess } from "./world.js";

export interface BuildOptions {
  readonly proposer: Uint8Array;
  readonly timestampMs: bigint;
  readonly round?: bigint;
  /** The proposer's VRF for the §6.5 order key; default: the keyed hash over the proposer address. */
  readonly ordering?: OrderingVrf;
  /** The node's interpreter copies for actor code (actors/engine.ts); default: a fresh single one. */
  readonly engine?: ActorEngine;
}

/** Applies transactions one by one under checkpoints, keeping the block's usage and receipts. */
class Accumulator {
  readonly included: Transaction[] = [];
  readonly receipts: Receipt[] = [];
  laneUsage = { system: 0n, timer: 0n, runner: 0n, user: 0n };
  cyclesUsed = 0n;
  cellsUsed = 0n;
  burned = 0n;
  tipped = 0n;

  constructor(
    private readonly state: StateAccess,
    readonly env: BlockEnv,
    private readonly params: ChainParams,
  ) {}

  readonly #full = new Map<LaneId, TxRejection>();

  /** Whether `cycles` fit what is left of `lane` and `cells` what is left of the block's Cells cap. */
  #fits(lane: LaneId, cycles: bigint, cells: bigint): boolean {
    return cycles <= laneCapacity(lane, this.laneUsage, this.params.feeMarket) && this.cellsUsed + cells <= this.params.feeMarket.cellsCap;
  }

  #laneFull(lane: LaneId): TxRejection {
    let rejection = this.#full.get(lane);
    if (rejection === undefined) this.#full.set(lane, (rejection = new TxRejection("LANE_FULL", `the ${lane} lane has no room left in this block`)));
    return rejection;
  }

  /** Applies `tx`, or reverts it and says why it cannot be included here. */
  tryApply(tx: Transaction): TxRejection | undefined {
    // A transaction uses at least its intrinsic costs: once those do not fit, executing it is moot.
    const lane = laneOf(tx);
    const intrinsic = intrinsicCosts(tx, this.params.costTable);
    if (!this.#fits(lane, intrinsic.cycles, intrinsic.cells)) return this.#laneFull(lane);
    const checkpoint = this.state.checkpoint();
    const mark = markActors(this.env.actors);
    let outcome;
    try {
      outcome = applyTransaction(this.state, tx, this.env, this.params);
    } catch (error) {
      this.state.revertTo(checkpoint);
      rewindActors(this.env.actors, mark);
      if (error instanceof TxRejection) return error;
      throw error;
    }
    const { receipt } = outcome;
    if (!this.#fits(lane, receipt.cycles_used, receipt.cells_used)) {
      this.state.revertTo(checkpoint);
      rewindActors(this.env.actors, mark);
      return this.#laneFull(lane);
    }
    this.state.commitCheckpoint(checkpoint);
    this.laneUsage = { ...this.laneUsage, [lane]: this.laneUsage[lane] + receipt.cycles_used };
    this.cyclesUsed += receipt.cycles_used;
    this.cellsUsed += receipt.cells_used;
    this.burned += receipt.fee_burned;
    this.tipped += receipt.fee_tipped;
    this.included.push(tx);
    this.receipts.push(receipt);
    return undefined;
  }
}

/**
 * The VRF order of §6.5 over `txs`, then each sender's transactions placed, in nonce order, into
 * the positions that sender holds, so nonces stay ascending within the block.
 */
export function vrfOrderKeepingNonces(txs: readonly Transaction[], ordering: OrderingVrf, height: bigint): Transaction[] {
  const ordered = vrfOrder(txs.map((tx) => ({ hash: tx.digest(), tx })), ordering, height).map((x) => x.tx);
  const queues = new Map<string, Transaction[]>();
  for (const tx of txs) {
    const key = toHex(tx.from);
    const list = queues.get(key) ?? [];
    list.push(tx);
    queues.set(key, list);
  }
  for (const list of queues.values()) list.sort((a, b) => (a.nonce < b.nonce ? -1 : a.nonce > b.nonce ? 1 : 0));
  return ordered.map((tx) => queues.get(toHex(tx.from))!.shift()!);
}

export interface BuiltBlock {
  readonly block: Block;
  readonly execution: BlockExecution;
  /** Candidates left out, with the reason (nonce gaps, fees below basefee, full lanes, …). */
  readonly skipped: ReadonlyArray<readonly [Transaction, TxRejection]>;
}

interface Candidate {
  readonly tx: Transaction;
  readonly digest: Uint8Array;
  /** Per-unit price the proposer earns plus burns, on intrinsic costs (§6.4): the ordering key. */
  readonly score: bigint;
}

/** effective_fee of §6.4 on intrinsic costs (@cowboy/fee-market), at this block's basefees. */
function score(tx: Transaction, env: BlockEnv, params: ChainParams): bigint {
  const intrinsic = intrinsicCosts(tx, params.costTable);
  return effectiveFee(
    { hash: tx.digest(), intrinsicCycles: intrinsic.cycles, intrinsicCells: intrinsic.cells, ...tx },
    { cycle: env.cycleBasefee, cell: env.cellBasefee },
  );
}

/** Higher score first; ties by digest ascending (§6.4). */
function before(a: Candidate, b: Candidate): boolean {
  if (a.score !== b.score) return a.score > b.score;
  return compareBytes(a.digest, b.digest) < 0;
}

/** A binary heap of each sender's next transaction, best first. */
class Heap {
  readonly #items: Candidate[] = [];
  get size(): number {
    return this.#items.length;
  }
  push(item: Candidate): void {
    const a = this.#items;
    a.push(item);
    let i = a.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!before(a[i]!, a[p]!)) break;
      [a[i], a[p]] = [a[p]!, a[i]!];
      i = p;
    }
  }
  pop(): Candidate | undefined {
    const a = this.#items;
    const top = a[0];
    const last = a.pop();
    if (a.length > 0 && last !== undefined) {
      a[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < a.length && before(a[l]!, a[m]!)) m = l;
        if (r < a.length && before(a[r]!, a[m]!)) m = r;
        if (m === i) break;
        [a[i], a[m]] = [a[m]!, a[i]!];
        i = m;
      }
    }
    return top;
  }
}

/**
 * Builds a child of `parent` on `state` (a fresh fork of the parent's state) from `candidates`,
 * which must already have passed the stateless checks and signature verification (the mempool
 * does this on admission). Transactions are taken best-paying first, each sender's in nonce
 * order; one that is not includable or does not fit its lane is skipped with the reason, and so
 * are the later transactions of its sender.
 */
export function buildBlock(state: StateAccess, parent: Header, candidates: readonly Transaction[], options: BuildOptions, params: ChainParams): BuiltBlock {
  const basefees = nextBlockBasefees(parent, params);
  const env: BlockEnv = {
    height: parent.height + 1n,
    timestampMs: options.timestampMs,
    proposer: options.proposer,
    cycleBasefee: basefees.cycle,
    cellBasefee: basefees.cell,
    beacon: beaconOf(new Uint8Array(0), headerHash(parent)),
    actors: newActorBlockContext(options.engine === undefined ? {} : { engine: options.engine }),
  };

  // Each sender's transactions in nonce order; only the lowest is eligible at a time.
  const bySender = new Map<string, Transaction[]>();
  for (const tx of candidates) {
    const key = toHex(tx.from);
    const list = bySender.get(key);
    if (list === undefined) bySender.set(key, [tx]);
    else list.push(tx);
  }
  const heap = new Heap();
  const toCandidate = (tx: Transaction): Candidate => ({ tx, digest: tx.digest(), score: score(tx, env, params) });
  for (const list of bySender.values()) {
    list.sort((a, b) => (a.nonce < b.nonce ? -1 : a.nonce > b.nonce ? 1 : compareBytes(a.digest(), b.digest())));
    heap.push(toCandidate(list.shift()!));
  }

  const skipped: Array<readonly [Transaction, TxRejection]> = [];
  const dropSender = (tx: Transaction, reason: TxRejection): void => {
    skipped.push([tx, reason]);
    const rest = bySender.get(toHex(tx.from)) ?? [];
    for (const later of rest.splice(0)) skipped.push([later, new TxRejection("NONCE_TOO_HIGH", "follows a skipped transaction of the same sender")]);
  };

  // Pass 1, selection (§6.4): best effective fee first, each sender in nonce order, up to the lanes.
  const outer = state.checkpoint();
  const selection = new Accumulator(state, env, params);
  for (let next = heap.pop(); next !== undefined; next = heap.pop()) {
    const { tx } = next;
    const rejection = selection.tryApply(tx);
    if (rejection !== undefined) {
      dropSender(tx, rejection);
      continue;
    }
    const following = bySender.get(toHex(tx.from))?.shift();
    if (following !== undefined) heap.push(toCandidate(following));
  }

  // Pass 2, order (§6.5): the selected set by VRF order key, each sender's nonces kept ascending,
  // executed again from the parent state. A transaction that no longer applies in the new order
  // (it depended on another's transfer) is skipped with the rest of its sender's.
  const ordering = options.ordering ?? keyedHashOrdering(options.proposer, params.hashes.keccak256);
  const ordered = vrfOrderKeepingNonces(selection.included, ordering, env.height);
  state.revertTo(outer);
  const final = new Accumulator(state, { ...env, actors: newActorBlockContext(options.engine === undefined ? {} : { engine: options.engine }) }, params);
  const dropped = new Set<string>();
  for (const tx of ordered) {
    const sender = toHex(tx.from);
    if (dropped.has(sender)) {
      skipped.push([tx, new TxRejection("NONCE_TOO_HIGH", "follows a skipped transaction of the same sender")]);
      continue;
    }
    const rejection = final.tryApply(tx);
    if (rejection !== undefined) {
      skipped.push([tx, rejection]);
      dropped.add(sender);
    }
  }
  const { included, receipts } = final;
  const execution = withTimerUsage(
    { receipts, laneUsage: final.laneUsage, cyclesUsed: final.cyclesUsed, cellsUsed: final.cellsUsed, burned: final.burned, tipped: final.tipped, timers: null },
    runEndOfBlockHooks(state, final.env, params),
  );
  const { laneUsage, cyclesUsed, cellsUsed } = execution;

  const header: Header = {
    parent_hash: headerHash(parent),
    height: env.height,
    round: options.round ?? 0n,
    proposer: options.proposer,
    timestamp_ms: options.timestampMs,
    state_root: state.computeRoot(),
    transactions_root: transactionsRoot(included, params.hashes.keccak256),
    receipts_root: merkleRoot(receipts.map((r) => receiptDigest(r, params.hashes.keccak256)), params.hashes.keccak256),
    cycle_basefee: env.cycleBasefee,
    cell_basefee: env.cellBasefee,
    lane_usage: laneUsage,
    cycles_used: cyclesUsed,
    cells_used: cellsUsed,
    certificate: new Uint8Array(0),
    beacon: new Uint8Array(0),
  };
  return { block: { header, transactions: included }, execution, skipped };
}
