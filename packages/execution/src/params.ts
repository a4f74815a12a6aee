// The chain parameters' genesis defaults (spec §13, §17.9); the ChainParams type is in types.ts.
import { nobleHashes } from "@cowboy/crypto";
import { DEFAULT_FEE_MARKET_CONFIG } from "@cowboy/fee-market";
import { COST_TABLE_V1 } from "@cowboy/metering";
import { DEFAULT_RUNNER_MARKET_CONFIG } from "@cowboy/runner-market";
import { DEFAULT_SCHEDULER_CONFIG } from "@cowboy/scheduler";
import { DEFAULT_TRANSACTION_LIMITS } from "@cowboy/types";
import { DEFAULT_ACTOR_LIMITS } from "./actors/limits.js";
import { DEFAULT_INTEROP_PARAMS } from "./interop/params.js";
import type { AccountKeyFn, ChainParams } from "./types.js";

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
    interop: DEFAULT_INTEROP_PARAMS,
    // The runner market (cips/runner-market.md): an idle market reads one key per block and writes nothing.
    runnerMarket: DEFAULT_RUNNER_MARKET_CONFIG,
    accountKey,
    endOfBlockHooks: [],
    hashes: nobleHashes,
  };
}
