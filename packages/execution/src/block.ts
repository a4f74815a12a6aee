import { equalBytes, toHex } from "@cowboy/codec";
import {
  headerHash, merkleRoot, receiptDigest, transactionsRoot, type Block, type Header, type LaneUsage, type Receipt, type Transaction,
} from "@cowboy/types";
import { BlockError, TxRejection } from "./errors.js";
import { LANES, laneCapacity, nextBasefees, type LaneId } from "@cowboy/fee-market";
import type { ChainParams } from "./params.js";
import { applyTransaction, type BlockEnv } from "./transaction.js";
import { verifyAll, type SignatureVerifier } from "./verify.js";
import type { StateAccess } from "./world.js";
import { recordDeliveriesAndPrune } from "./actors/dedup.js";
import type { ActorEngine } from "./actors/engine.js";
import { newActorBlockContext, type ActorBlockContext } from "./actors/run.js";
import { runTimers, type TimerUsage } from "./actors/fire.js";
import type { TimerBlockReport } from "@cowboy/scheduler";

/** The result of executing a block's transactions on a state fork. */
export interface BlockExecution {
  readonly receipts: readonly Receipt[];
  readonly laneUsage: LaneUsage;
  readonly cyclesUsed: bigint;
  readonly cellsUsed: bigint;
  readonly burned: bigint;
  readonly tipped: bigint;
  /** The end-of-block timer work (null on a chain without the scheduler). */
  readonly timers: TimerBlockReport | null;
}

function addUsage(usage: LaneUsage, lane: LaneId, cycles: bigint): LaneUsage {
  return { ...usage, [lane]: usage[lane] + cycles };
}

const ZERO_USAGE: LaneUsage = { system: 0n, timer: 0n, runner: 0n, user: 0n };

/** The basefees a child of `parent` must carry (spec §4.2, through @cowboy/fee-market). */
export function nextBlockBasefees(parent: Header, params: ChainParams): { cycle: bigint; cell: bigint } {
  return nextBasefees({ cycle: parent.cycle_basefee, cell: parent.cell_basefee }, { cycles: parent.cycles_used, cells: parent.cells_used }, params.feeMarket);
}

export function envOf(header: Header, actors: ActorBlockContext = newActorBlockContext()): BlockEnv {
  return {
    height: header.height,
    timestampMs: header.timestamp_ms,
    proposer: header.proposer,
    cycleBasefee: header.cycle_basefee,
    cellBasefee: header.cell_basefee,
    beacon: beaconOf(header.beacon, header.parent_hash),
    actors,
  };
}

/** R for randomness: the header's beacon; until consensus provides one, the parent hash (devnet only: predictable). */
export function beaconOf(beacon: Uint8Array, parentHash: Uint8Array): Uint8Array {
  return beacon.length > 0 ? beacon : parentHash;
}

/** Header fields a child of `parent` must carry, before execution. */
export function checkHeaderAgainstParent(header: Header, parent: Header, params: ChainParams): void {
  if (!equalBytes(header.parent_hash, headerHash(parent))) throw new BlockError("BAD_PARENT", `parent_hash ${toHex(header.parent_hash)} is not the hash of the parent`);
  if (header.height !== parent.height + 1n) throw new BlockError("BAD_HEIGHT", `height ${header.height} does not follow ${parent.height}`);
  if (header.timestamp_ms <= parent.timestamp_ms) throw new BlockError("BAD_TIMESTAMP", `timestamp ${header.timestamp_ms} is not after the parent's ${parent.timestamp_ms}`);
  const expected = nextBlockBasefees(parent, params);
  if (header.cycle_basefee !== expected.cycle || header.cell_basefee !== expected.cell) {
    throw new BlockError("BAD_BASEFEE", `basefees (${header.cycle_basefee}, ${header.cell_basefee}) should be (${expected.cycle}, ${expected.cell})`);
  }
}

/**
 * Executes `transactions` in order on `state`. Every transaction must be includable and fit its
 * lane; the first that is not makes the whole block invalid (the caller discards the fork).
 */
export function executeTransactions(state: StateAccess, transactions: readonly Transaction[], env: BlockEnv, params: ChainParams): BlockExecution {
  const receipts: Receipt[] = [];
  let laneUsage = ZERO_USAGE;
  let cyclesUsed = 0n;
  let cellsUsed = 0n;
  let burned = 0n;
  let tipped = 0n;
  transactions.forEach((tx, index) => {
    let outcome;
    try {
      outcome = applyTransaction(state, tx, env, params);
    } catch (error) {
      if (error instanceof TxRejection) throw new BlockError("BAD_TRANSACTION", `${error.code}: ${error.message}`, index, error);
      throw error;
    }
    const { receipt, lane } = outcome;
    if (receipt.cycles_used > laneCapacity(lane, laneUsage, params.feeMarket)) {
      throw new BlockError("LANE_OVERFLOW", `the ${lane} lane has no room for ${receipt.cycles_used} Cycles`, index);
    }
    if (cellsUsed + receipt.cells_used > params.feeMarket.cellsCap) {
      throw new BlockError("LANE_OVERFLOW", `the block's Cells cap ${params.feeMarket.cellsCap} is exceeded`, index);
    }
    laneUsage = addUsage(laneUsage, lane, receipt.cycles_used);
    cyclesUsed += receipt.cycles_used;
    cellsUsed += receipt.cells_used;
    burned += receipt.fee_burned;
    tipped += receipt.fee_tipped;
    receipts.push(receipt);
  });
  return { receipts, laneUsage, cyclesUsed, cellsUsed, burned, tipped, timers: null };
}

/**
 * The block's totals once its timers fired: their Cycles fill the timer lane and, with their
 * Cells, count in the header's usage (so they move the basefees); burned and tipped fees add up.
 */
export function withTimerUsage(execution: BlockExecution, usage: TimerUsage): BlockExecution {
  return {
    ...execution,
    laneUsage: addUsage(execution.laneUsage, "timer", usage.cycles),
    cyclesUsed: execution.cyclesUsed + usage.cycles,
    cellsUsed: execution.cellsUsed + usage.cells,
    burned: execution.burned + usage.burned,
    tipped: execution.tipped + usage.tipped,
    timers: usage.report,
  };
}

export interface AppliedBlock {
  readonly execution: BlockExecution;
  readonly stateRoot: Uint8Array;
}

/**
 * The state transition function: checks `block` against `parent`, verifies every signature,
 * executes the transactions on `state` (a fork of the parent's state), runs the end-of-block
 * hooks, and checks the header's roots and usage against what execution produced. Throws
 * BlockError on any mismatch; the caller then drops the fork, so nothing is written.
 */
export function applyBlock(state: StateAccess, parent: Header, block: Block, params: ChainParams, verifier?: SignatureVerifier, engine?: ActorEngine): AppliedBlock {
  const header = block.header;
  checkHeaderAgainstParent(header, parent, params);
  const failures = verifyAll(block.transactions, params, verifier);
  if (failures.length > 0) {
    const [index, reason] = failures[0]!;
    throw new BlockError("BAD_TRANSACTION", reason, index);
  }
  if (!equalBytes(header.transactions_root, transactionsRoot(block.transactions, params.hashes.keccak256))) {
    throw new BlockError("ROOT_MISMATCH", "transactions_root does not match the transactions");
  }
  const env = envOf(header, newActorBlockContext(engine === undefined ? {} : { engine }));
  const execution = withTimerUsage(executeTransactions(state, block.transactions, env, params), runEndOfBlockHooks(state, env, params));
  const usage = execution.laneUsage;
  const sameUsage =
    LANES.every((lane) => usage[lane] === header.lane_usage[lane]) &&
    execution.cyclesUsed === header.cycles_used &&
    execution.cellsUsed === header.cells_used;
  if (!sameUsage) throw new BlockError("USAGE_MISMATCH", "the header's usage fields do not match execution");
  if (!equalBytes(header.receipts_root, merkleRoot(execution.receipts.map((r) => receiptDigest(r, params.hashes.keccak256)), params.hashes.keccak256))) {
    throw new BlockError("ROOT_MISMATCH", "receipts_root does not match the receipts");
  }
  const stateRoot = state.computeRoot();
  if (!equalBytes(header.state_root, stateRoot)) {
    throw new BlockError("ROOT_MISMATCH", `state_root ${toHex(header.state_root)} should be ${toHex(stateRoot)}`);
  }
  return { execution, stateRoot };
}

/**
 * Steps 3, 4 and 6 of the spec's state transition, after the transactions: fire the due timers
 * (when the chain has a scheduler), record this block's message deliveries (fires' included) and
 * prune old ones, then the hooks registered in `params.endOfBlockHooks` (jobs, rewards). Basefee
 * adjustment (step 5) is carried by the child's header. Returns what the timers used.
 */
export function runEndOfBlockHooks(state: StateAccess, env: BlockEnv, params: ChainParams): TimerUsage {
  const timers = runTimers(state, env, params);
  if (env.actors !== undefined) recordDeliveriesAndPrune(state, env, params, env.actors);
  for (const hook of params.endOfBlockHooks) hook(state, env, params);
  return timers;
}
