import { nobleHashes, type Hashes } from "@cowboy/crypto";
import { DEFAULT_FEE_MARKET_CONFIG, type FeeMarketConfig } from "@cowboy/fee-market";
import { COST_TABLE_V1, type CostTable } from "@cowboy/metering";
import { DEFAULT_TRANSACTION_LIMITS, type TransactionLimits } from "@cowboy/types";
import type { BlockEnv } from "./transaction.js";
import type { AccountKeyFn, StateAccess } from "./world.js";
import { DEFAULT_ACTOR_LIMITS, type ActorLimits } from "./actors/limits.js";
import { DEFAULT_SCHEDULER_CONFIG, type SchedulerConfig } from "@cowboy/scheduler";

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
  /** Where account records live in the state (the key schema of @cowboy/state). */
  readonly accountKey: AccountKeyFn;
  /**
   * End-of-block work after the transactions, run in order (spec STF steps 3, 4, 6: timers, jobs,
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

/** The spec's genesis defaults (§13, §17.9) for everything but the chain id and key schema. */
export function defaultChainParams(chainId: bigint, accountKey: AccountKeyFn): ChainParams {
  return {
    chainId,
    feeMarket: DEFAULT_FEE_MARKET_CONFIG,
    txLimits: DEFAULT_TRANSACTION_LIMITS,
    costTable: COST_TABLE_V1,
    actors: DEFAULT_ACTOR_LIMITS,
    // Its laneCycles (8,888,890) is the fee market's timer-lane budget.
    scheduler: DEFAULT_SCHEDULER_CONFIG,
    accountKey,
    endOfBlockHooks: [],
    hashes: nobleHashes,
  };
}
