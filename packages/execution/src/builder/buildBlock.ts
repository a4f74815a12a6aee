// The proposer's side of the state transition (spec §6.4, §6.5, cips/execution.md "Building"):
// select the best-paying includable transactions into their lanes, order them by the VRF key,
// execute them again in that order and run the same end-of-block steps as applyBlock, filling the
// same BlockTally, so the header carries exactly what an importer recomputes.
import { aarray, abytesIn, aobject, au64, compareBytes, toHex } from "@cowboy/codec";
import { keyedHashOrdering, type LaneId, type OrderingVrf } from "@cowboy/fee-market";
import { headerHash, MAX_BEACON_BYTES, MAX_CERTIFICATE_BYTES, type Block, type Header, type Transaction } from "@cowboy/types";
import { markActors, newActorBlockContext, rewindActors } from "../actors/context.js";
import { processAfterTransactions } from "../block/processAfterTransactions.js";
import { beaconOf, nextBlockBasefees } from "../block/processHeader.js";
import { BlockTally } from "../block/tally.js";
import { TxRejection } from "../errors.js";
import { resolveChainParams } from "../governance/resolve.js";
import { astate } from "../guards.js";
import { intrinsicCosts } from "@cowboy/metering";
import { applyTransaction } from "../transaction/applyTransaction.js";
import { laneOf } from "../transaction/lanes.js";
import type { BlockEnv, BlockExecution, ChainParams, InterpreterPool, StateAccess, TxOutcome } from "../types.js";
import { CandidateHeap, candidateOf } from "./heap.js";
import { vrfOrderKeepingNonces } from "./vrfOrder.js";

export interface BuildBlockOptions {
  /** A fresh fork of the parent's post-state; it ends holding the built block's post-state. */
  readonly state: StateAccess;
  /** The header of the block to extend. */
  readonly parent: Header;
  /** Transactions that passed the stateless checks and signature verification (a pool's admission). */
  readonly candidates: readonly Transaction[];
  /** The chain's parameters (fee market, limits, cost table, scheduler, hooks, hashes). */
  readonly params: ChainParams;
  /** The proposer's address: it receives the tips. */
  readonly proposer: Uint8Array;
  /** The block's timestamp; must be after the parent's for the block to be valid. */
  readonly timestampMs: bigint;
  /** The consensus round (the view the block is proposed in); default 0. */
  readonly round?: bigint;
  /**
   * The parent beacon (spec §3.4): the seed of the round before the proposal round, which actors'
   * randomness derives from. Default empty: R is then the parent hash (a single-node devnet only).
   */
  readonly beacon?: Uint8Array;
  /** The encoded certificate of the parent (cips/consensus.md); default empty (genesis parent, devnet). */
  readonly certificate?: Uint8Array;
  /** The proposer's VRF for the §6.5 order key; default: the keyed hash over the proposer address. */
  readonly ordering?: OrderingVrf;
  /** The interpreter copies actors run on (a node's ActorEngine). Default: this package's interpreter. */
  readonly interpreters?: InterpreterPool;
}

export interface BuiltBlock {
  readonly block: Block;
  readonly execution: BlockExecution;
  /** Candidates left out, with the reason (nonce gaps, fees below basefee, full lanes, …). */
  readonly skipped: ReadonlyArray<readonly [Transaction, TxRejection]>;
}

const followsSkipped = (): TxRejection => new TxRejection("NONCE_TOO_HIGH", "follows a skipped transaction of the same sender");

/** Applies transactions one by one under checkpoints into a tally; a refused one leaves no trace. */
class Assembly {
  readonly tally: BlockTally;
  readonly #full = new Map<LaneId, TxRejection>();

  constructor(
    private readonly state: StateAccess,
    readonly env: BlockEnv,
    private readonly params: ChainParams,
  ) {
    this.tally = new BlockTally(params.feeMarket);
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
    if (this.tally.misfit(lane, intrinsic.cycles, intrinsic.cells) !== null) return this.#laneFull(lane);
    const checkpoint = this.state.checkpoint();
    const mark = markActors(this.env.actors);
    const undo = (): void => {
      this.state.revertTo(checkpoint);
      rewindActors(this.env.actors, mark);
    };
    let outcome: TxOutcome;
    try {
      outcome = applyTransaction(this.state, tx, this.env, this.params);
    } catch (error) {
      undo();
      if (error instanceof TxRejection) return error;
      throw error;
    }
    if (this.tally.add(tx, outcome.lane, outcome.receipt) !== null) {
      undo();
      return this.#laneFull(lane);
    }
    this.state.commitCheckpoint(checkpoint);
    return undefined;
  }
}

/**
 * Builds a child of `parent` from `candidates`. Transactions are taken best-paying first, each
 * sender's in nonce order; one that is not includable or does not fit its lane is skipped with the
 * reason, and so are the later transactions of its sender.
 */
export function buildBlock(options: BuildBlockOptions): BuiltBlock {
  const { state, parent, candidates, proposer, timestampMs } = aobject(options, "buildBlock: options");
  astate(state, "buildBlock: state");
  aobject(parent, "buildBlock: parent");
  // The parameters in force: the node's, overlaid with the registry of the parent state (as applyBlock does).
  const params = resolveChainParams(state, aobject(options.params, "buildBlock: params"));
  au64(timestampMs, "buildBlock: timestampMs");
  const beacon = abytesIn(options.beacon ?? new Uint8Array(0), "buildBlock: beacon", 0, MAX_BEACON_BYTES);
  const certificate = abytesIn(options.certificate ?? new Uint8Array(0), "buildBlock: certificate", 0, MAX_CERTIFICATE_BYTES);
  aarray(candidates, "buildBlock: candidates");
  const basefees = nextBlockBasefees(parent, params);
  const actors = (): BlockEnv["actors"] => newActorBlockContext(options.interpreters === undefined ? {} : { interpreters: options.interpreters });
  const env: BlockEnv = {
    height: parent.height + 1n,
    timestampMs,
    round: options.round ?? 0n,
    proposer,
    cycleBasefee: basefees.cycle,
    cellBasefee: basefees.cell,
    beacon: beaconOf(beacon, headerHash(parent)),
    certificate,
    actors: actors(),
  };

  // Each sender's transactions in nonce order; only the lowest is eligible at a time.
  const bySender = new Map<string, Transaction[]>();
  for (const tx of candidates) {
    const key = toHex(tx.from);
    const list = bySender.get(key);
    if (list === undefined) bySender.set(key, [tx]);
    else list.push(tx);
  }
  const heap = new CandidateHeap();
  for (const list of bySender.values()) {
    list.sort((a, b) => (a.nonce < b.nonce ? -1 : a.nonce > b.nonce ? 1 : compareBytes(a.digest(), b.digest())));
    heap.push(candidateOf(list.shift()!, env, params));
  }

  const skipped: Array<readonly [Transaction, TxRejection]> = [];
  // Pass 1, selection (§6.4): best effective fee first, each sender in nonce order, up to the lanes.
  const outer = state.checkpoint();
  const selection = new Assembly(state, env, params);
  for (let next = heap.pop(); next !== undefined; next = heap.pop()) {
    const { tx } = next;
    const rejection = selection.tryApply(tx);
    if (rejection !== undefined) {
      skipped.push([tx, rejection]);
      for (const later of (bySender.get(toHex(tx.from)) ?? []).splice(0)) skipped.push([later, followsSkipped()]);
      continue;
    }
    const following = bySender.get(toHex(tx.from))?.shift();
    if (following !== undefined) heap.push(candidateOf(following, env, params));
  }

  // Pass 2, order (§6.5): the selected set by VRF order key, each sender's nonces kept ascending,
  // executed again from the parent state. A transaction that no longer applies in the new order
  // (it depended on another's transfer) is skipped with the rest of its sender's.
  const ordering = options.ordering ?? keyedHashOrdering(proposer, params.hashes.keccak256);
  const ordered = vrfOrderKeepingNonces(selection.tally.transactions, ordering, env.height);
  state.revertTo(outer);
  const finalEnv: BlockEnv = { ...env, actors: actors() };
  const final = new Assembly(state, finalEnv, params);
  const dropped = new Set<string>();
  for (const tx of ordered) {
    const sender = toHex(tx.from);
    if (dropped.has(sender)) {
      skipped.push([tx, followsSkipped()]);
      continue;
    }
    const rejection = final.tryApply(tx);
    if (rejection !== undefined) {
      skipped.push([tx, rejection]);
      dropped.add(sender);
    }
  }
  // The steps after the transactions: the same list applyBlock runs.
  const { tally } = final;
  processAfterTransactions(state, finalEnv, params, tally);

  const header: Header = {
    parent_hash: headerHash(parent),
    height: env.height,
    round: options.round ?? 0n,
    proposer,
    timestamp_ms: timestampMs,
    state_root: state.computeRoot(),
    transactions_root: tally.transactionsRoot(params.hashes.keccak256),
    receipts_root: tally.receiptsRoot(params.hashes.keccak256),
    cycle_basefee: env.cycleBasefee,
    cell_basefee: env.cellBasefee,
    lane_usage: tally.laneUsage,
    cycles_used: tally.cyclesUsed,
    cells_used: tally.cellsUsed,
    certificate: certificate.slice(),
    beacon: beacon.slice(),
  };
  return { block: { header, transactions: tally.transactions }, execution: tally.execution(finalEnv.actors.journal), skipped };
}
