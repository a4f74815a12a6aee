import { COST_TABLE_V1, type CostTable } from "@cowboy/metering";
import { DEFAULT_TRANSACTION_LIMITS, type TransactionLimits } from "@cowboy/types";
import type { BlockEnv } from "./transaction.js";
import type { AccountKeyFn, StateAccess } from "./world.js";

/** The four lanes of block space (spec §6.3, §17.9). */
export type LaneId = "system" | "timer" | "runner" | "user";
export const LANES: readonly LaneId[] = ["system", "timer", "runner", "user"];

/** Everything the state transition depends on besides the state and the block. */
export interface ChainParams {
  readonly chainId: bigint;
  /** Lane budgets in Cycles per block (§17.9). */
  readonly laneBudgets: Readonly<Record<LaneId, bigint>>;
  /** Cycles and Cells targets per block (§4.3). */
  readonly cyclesTarget: bigint;
  readonly cellsTarget: bigint;
  /** Per-block Cells cap: the lanes' Cycles budgets sum to 4× the target; Cells are capped alike. */
  readonly cellsCap: bigint;
  /** Per-transaction maxima of §2.2(a) (size, cycles_limit, cells_limit). */
  readonly txLimits: TransactionLimits;
  readonly costTable: CostTable;
  /** Where account records live in the state (the key schema of @cowboy/state). */
  readonly accountKey: AccountKeyFn;
  /**
   * End-of-block work after the transactions, run in order (spec STF steps 3, 4, 6: timers, jobs,
   * rewards). Each later subsystem registers one; the devnet runs none until they land.
   */
  readonly endOfBlockHooks: readonly EndOfBlockHook[];
}

/** One step of end-of-block processing; it writes through `state` like a transaction. */
export type EndOfBlockHook = (state: StateAccess, env: BlockEnv, params: ChainParams) => void;

/** The spec's genesis defaults (§13, §17.9) for everything but the chain id and key schema. */
export const DEFAULT_LANE_BUDGETS: Readonly<Record<LaneId, bigint>> = Object.freeze({
  system: 40_000_000n,
  timer: 8_888_890n,
  runner: 8_888_888n,
  user: 22_222_222n,
});
export const DEFAULT_CYCLES_TARGET = 20_000_000n;
export const DEFAULT_CELLS_TARGET = 4_000_000n;

export function defaultChainParams(chainId: bigint, accountKey: AccountKeyFn): ChainParams {
  return {
    chainId,
    laneBudgets: DEFAULT_LANE_BUDGETS,
    cyclesTarget: DEFAULT_CYCLES_TARGET,
    cellsTarget: DEFAULT_CELLS_TARGET,
    cellsCap: 4n * DEFAULT_CELLS_TARGET,
    txLimits: DEFAULT_TRANSACTION_LIMITS,
    costTable: COST_TABLE_V1,
    accountKey,
    endOfBlockHooks: [],
  };
}
