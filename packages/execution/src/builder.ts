import { compareBytes, toHex } from "@cowboy/codec";
import { headerHash, merkleRoot, receiptDigest, transactionsRoot, type Block, type Header, type Receipt, type Transaction } from "@cowboy/types";
import { effectiveFee, laneCapacity } from "@cowboy/fee-market";
import { nextBlockBasefees, runEndOfBlockHooks, type BlockExecution } from "./block.js";
import { TxRejection } from "./errors.js";
import { intrinsicCosts } from "./intrinsic.js";
import type { ChainParams } from "./params.js";
import { applyTransaction, type BlockEnv } from "./transaction.js";
import type { StateAccess } from "./world.js";

export interface BuildOptions {
  readonly proposer: Uint8Array;
  readonly timestampMs: bigint;
  readonly round?: bigint;
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

  const included: Transaction[] = [];
  const receipts: Receipt[] = [];
  const skipped: Array<readonly [Transaction, TxRejection]> = [];
  let laneUsage = { system: 0n, timer: 0n, runner: 0n, user: 0n };
  let cyclesUsed = 0n;
  let cellsUsed = 0n;
  let burned = 0n;
  let tipped = 0n;

  const dropSender = (tx: Transaction, reason: TxRejection): void => {
    skipped.push([tx, reason]);
    const rest = bySender.get(toHex(tx.from)) ?? [];
    for (const later of rest.splice(0)) skipped.push([later, new TxRejection("NONCE_TOO_HIGH", `follows a skipped transaction of the same sender`)]);
  };

  for (let next = heap.pop(); next !== undefined; next = heap.pop()) {
    const { tx } = next;
    const checkpoint = state.checkpoint();
    let outcome;
    try {
      outcome = applyTransaction(state, tx, env, params);
    } catch (error) {
      state.revertTo(checkpoint);
      if (error instanceof TxRejection) {
        dropSender(tx, error);
        continue;
      }
      throw error;
    }
    const { receipt, lane } = outcome;
    if (receipt.cycles_used > laneCapacity(lane, laneUsage, params.feeMarket) || cellsUsed + receipt.cells_used > params.feeMarket.cellsCap) {
      state.revertTo(checkpoint);
      dropSender(tx, new TxRejection("LANE_FULL", `the ${lane} lane has no room left in this block`));
      continue;
    }
    state.commitCheckpoint(checkpoint);
    laneUsage = { ...laneUsage, [lane]: laneUsage[lane] + receipt.cycles_used };
    cyclesUsed += receipt.cycles_used;
    cellsUsed += receipt.cells_used;
    burned += receipt.fee_burned;
    tipped += receipt.fee_tipped;
    included.push(tx);
    receipts.push(receipt);
    const following = bySender.get(toHex(tx.from))?.shift();
    if (following !== undefined) heap.push(toCandidate(following));
  }

  runEndOfBlockHooks(state, env, params);

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
  return { block: { header, transactions: included }, execution: { receipts, laneUsage, cyclesUsed, cellsUsed, burned, tipped }, skipped };
}
