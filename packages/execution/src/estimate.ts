// Usage estimation for fee suggestions (cips/fee-market.md "Estimation"): what a transaction would
// use if included at the head. Not consensus: a simulation can differ from the real run when the
// state changes before inclusion, so callers add a margin.
import { blockCycleCapacity } from "@cowboy/fee-market";
import type { Transaction } from "@cowboy/types";
import { queryActor } from "./actors/query.js";
import { intrinsicCosts } from "@cowboy/metering";
import type { BlockEnv, ChainParams, StateAccess } from "./types.js";

export interface UsageEstimate {
  readonly cycles: bigint;
  readonly cells: bigint;
}

/**
 * The intrinsic costs of `tx`, plus, for an actor call, its handler simulated read-only on
 * `state` (a checkpoint that is always reverted), capped at the block's Cycle capacity.
 */
export function estimateUsage(state: StateAccess, env: BlockEnv, tx: Transaction, params: ChainParams): UsageEstimate {
  const intrinsic = intrinsicCosts(tx, params.costTable);
  if (tx.instruction.type !== "call_actor") return intrinsic;
  const run = queryActor(state, env, params, {
    from: tx.from,
    target: tx.instruction.target,
    method: tx.instruction.method,
    args: tx.instruction.args,
    cyclesLimit: blockCycleCapacity(params.feeMarket),
  });
  return { cycles: intrinsic.cycles + run.cyclesUsed, cells: intrinsic.cells + run.cellsUsed };
}
