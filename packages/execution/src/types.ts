// The types every step of the state transition shares (cips/execution.md). This file imports no
// other file of this package, so any module may depend on it without closing a cycle.
import type { CbfsChainConfig } from "@cowboy/cbfs";
import type { CbssConfig } from "@cowboy/cbss";
import type { Hashes } from "@cowboy/crypto";
import type { FeeMarketConfig, LaneId } from "@cowboy/fee-market";
import type { GovernanceConfig } from "@cowboy/governance";
import type { CostTable } from "@cowboy/metering";
import type { invokeActor, ModuleRegistry, ParseCache, SessionCache } from "@cowboy/pvm";
import type { RentConfig } from "@cowboy/rent";
import type { SchedulerConfig, TimerBlockReport } from "@cowboy/scheduler";
import type { RunnerMarketConfig } from "@cowboy/runner-market";
import type { StakingConfig } from "@cowboy/staking";
import type { TokensConfig } from "@cowboy/tokens";
import type { Event, LaneUsage, Receipt, TransactionLimits } from "@cowboy/types";
import type { BlockJournal } from "./actors/journal.js";
import type { ActorLimits } from "./actors/limits.js";
import type { InteropParams } from "./interop/params.js";

/**
 * What the state transition needs of a state: a fork of @cowboy/state (or anything shaped like
 * one) with nested checkpoints, so a failed transaction reverts exactly its own writes.
 */
export interface StateAccess {
  get(key: Uint8Array): Uint8Array | undefined;
  set(key: Uint8Array, value: Uint8Array): void;
  delete(key: Uint8Array): void;
  checkpoint(): number;
  revertTo(id: number): void;
  commitCheckpoint(id: number): void;
  computeRoot(): Uint8Array;
}

/** Maps addresses to the state keys of their account records. */
export type AccountKeyFn = (address: Uint8Array) => Uint8Array;

/** Everything the state transition depends on besides the state and the block. */
export interface ChainParams {
  readonly chainId: bigint;
  /** Basefee targets, lane budgets and multipliers, the Cells cap (@cowboy/fee-market). */
  readonly feeMarket: FeeMarketConfig;
  /** Per-transaction maxima of §2.2(a) (size, cycles_limit, cells_limit). */
  readonly txLimits: TransactionLimits;
  readonly costTable: CostTable;
  /** Depth, fanout, mailbox, storage quota and per-block Cycles of actors (cips/actors.md). */
  readonly actors: ActorLimits;
  /**
   * Native timers (@cowboy/scheduler, spec §5.1a): the calendar queue's configuration (the default
   * chain has them). Absent on a chain without timers: actors' timer calls raise RuntimeError,
   * timer instructions are refused and the end of block fires nothing.
   */
  readonly scheduler?: SchedulerConfig;
  /** CBFS's 0x0A/0x0B numbers (cips/cbfs.md §7); absent: DEFAULT_CBFS_CHAIN_CONFIG. */
  readonly cbfs?: CbfsChainConfig;
  /** CBSS's 0x04 Secrets Manager numbers (cips/cbss.md §6); absent: DEFAULT_CBSS_CONFIG. */
  readonly cbss?: CbssConfig;
  /**
   * Ethereum event subscriptions (the EventListener 0x14, cips/interop.md). Absent: calls to 0x14 find no actor and
   * the eth_* instructions revert.
   */
  readonly interop?: InteropParams;
  /**
   * The validator set (@cowboy/staking, spec §6): its parameters. Absent on a chain without
   * staking: staking instructions are refused and no epoch boundary is processed.
   */
  readonly staking?: StakingConfig;
  /**
   * The runner market (@cowboy/runner-market, spec §5, cips/runner-market.md): its parameters. Absent on a chain
   * without it: runner instructions are refused, runner.submit raises and no jobs step runs.
   */
  readonly runnerMarket?: RunnerMarketConfig;
  /**
   * State rent and storage quotas (@cowboy/rent, cips/rent.md; registry key `system:cip4:rent_config`);
   * absent: DEFAULT_RENT_CONFIG. The base quota stays `actors.storageQuotaBytes`.
   */
  readonly rent?: RentConfig;
  /** Platform tokens at 0x06 (@cowboy/tokens, cips/tokens.md); absent: DEFAULT_TOKENS_CONFIG. */
  readonly tokens?: TokensConfig;
  /**
   * On-chain governance (@cowboy/governance, spec §11, §13.1): proposals, voting, the council, the Treasury, and the
   * parameter registry at 0x09 that overrides every group of these params per block (resolveChainParams). Absent:
   * no registry, governance instructions are refused, the params are the node's.
   */
  readonly governance?: GovernanceConfig;
  /** Where account records live in the state (the key schema of @cowboy/state). */
  readonly accountKey: AccountKeyFn;
  /**
   * End-of-block work after the timers and deliveries, run in order (spec STF steps 4 and 6: jobs,
   * rewards). Each later subsystem registers one; the devnet runs none until they land.
   */
  readonly endOfBlockHooks: readonly EndOfBlockHook[];
  /**
   * Hash implementations for the block's Merkle roots (keccak256). Any implementation gives the
   * same bytes; a node passes `await loadFastHashes()` from @cowboy/crypto (WASM, ~10× noble).
   */
  readonly hashes: Pick<Hashes, "keccak256">;
}

/** One step of end-of-block processing; it writes through `state` like a transaction. */
export type EndOfBlockHook = (state: StateAccess, env: BlockEnv, params: ChainParams) => void;

/** A block's global basefees per Cycle and per Cell, before any lane multiplier. */
export interface Basefees {
  readonly cycle: bigint;
  readonly cell: bigint;
}

/** The block-level facts a transaction executes against. */
export interface BlockEnv {
  readonly height: bigint;
  readonly timestampMs: bigint;
  /** The consensus round (view) the block is proposed in; 0 or absent on a chain without rounds. */
  readonly round?: bigint;
  readonly proposer: Uint8Array;
  readonly cycleBasefee: bigint;
  readonly cellBasefee: bigint;
  /** R for actors' randomness (spec §3.4): the header's beacon, or the parent hash until consensus supplies one. */
  readonly beacon: Uint8Array;
  /** The header's certificate (the parent's notarization or finalization; empty on a chain without consensus): downtime counts its signers. */
  readonly certificate?: Uint8Array;
  /** Per-block actor bookkeeping shared by the block's transactions, fires and queries. */
  readonly actors: ActorBlockContext;
}

/**
 * One copy of the Python interpreter, its parse cache (parsed actor and SDK modules) and its warm
 * sessions (compiled modules, reused call after call; results are those of a new session).
 */
export interface Interpreter {
  readonly pvm: { readonly invokeActor: typeof invokeActor };
  readonly parseCache: ParseCache;
  readonly sessions?: SessionCache;
}

/**
 * Which interpreter copy runs an actor: a speed device, never consensus (every copy gives the same
 * results and Cycles). `ActorEngine` is the node's implementation; without one, a block runs every
 * actor on this package's own interpreter.
 */
export interface InterpreterPool {
  /** The copy `actor` runs on now. */
  interpreterFor(actor: Uint8Array): Interpreter;
  /** Counts an invocation's Cycles (a pool may move a busy actor to a copy of its own). */
  record(actor: Uint8Array, cycles: number): void;
}

/** Per-block actor bookkeeping shared by the block's transactions. */
export interface ActorBlockContext {
  readonly cyclesByActor: Map<string, number>;
  /** `target ‖ id` of every message delivered by a committed transaction or fire (dedup expiry). */
  readonly delivered: Uint8Array[];
  /** The interpreter copies actors run on. */
  readonly interpreters: InterpreterPool;
  /** The whitelisted modules (default: @cowboy/pvm's standardLibrary()). */
  readonly stdlib?: ModuleRegistry;
  /** What the block's execution observed outside consensus (fires, timer ends, debug traces). */
  readonly journal: BlockJournal;
}

/** A Python exception as data: its class name and its str(). Formatted once, in actors/exceptions.ts. */
export interface PyException {
  readonly type: string;
  readonly message: string;
}

/** What a top-level actor deploy or call (with its cascade) produced. */
export interface ActorOutcome {
  readonly ok: boolean;
  /** The return value's canonical bytes, the new actor's address, or the UTF-8 error text. */
  readonly returnData: Uint8Array;
  readonly events: Event[];
}

/** What applying one transaction produced. */
export interface TxOutcome {
  readonly receipt: Receipt;
  readonly lane: LaneId;
}

/** What the block's timer work used, for the header's timer lane and the fee totals. */
export interface TimerUsage {
  readonly cycles: bigint;
  readonly cells: bigint;
  readonly burned: bigint;
  readonly tipped: bigint;
  readonly report: TimerBlockReport | null;
}

/** The result of executing a block on a state fork: what the header's usage and roots commit to. */
export interface BlockExecution {
  readonly receipts: readonly Receipt[];
  readonly laneUsage: LaneUsage;
  readonly cyclesUsed: bigint;
  readonly cellsUsed: bigint;
  readonly burned: bigint;
  readonly tipped: bigint;
  /** The end-of-block timer work (null on a chain without the scheduler). */
  readonly timers: TimerBlockReport | null;
  /** What execution observed outside consensus: fire records, timer ends, debug traces. */
  readonly journal: BlockJournal;
}

/** An imported block: its execution and the state root it reached. */
export interface AppliedBlock {
  readonly execution: BlockExecution;
  readonly stateRoot: Uint8Array;
}
