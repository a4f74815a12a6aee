// The runner-market instructions (System sub_types 32–42, cips/runner-market.md "Instructions"): each calls its
// @cowboy/runner-market rule with the sender's balances; a refusal reverts with `RunnerMarketError: CODE: why`.
// A reveal that does not open its commitment succeeds (the slash stands) and returns b"\x00"; an opening one b"\x01".
import { getSupply, recordBurn } from "@cowboy/staking";
import {
  DEFAULT_RUNNER_MARKET_CONFIG,
  RunnerMarketError,
  ackJob,
  addRunnerStake,
  aggregateJob,
  challengeJob,
  commitJob,
  decodeJobRequest,
  postJob,
  registerRunner,
  revealJob,
  unbondRunner,
  updateRunner,
  withdrawRunner,
  type MarketAccounts,
  type MarketContext,
} from "@cowboy/runner-market";
import type { RunnerMarketInstruction } from "@cowboy/types";
import { exceptionLine } from "../actors/exceptions.js";
import type { BlockEnv, ChainParams, StateAccess } from "../types.js";
import type { Accounts } from "../world.js";
import { reverted, succeeded, type InstructionContext, type InstructionResult } from "./instruction.js";

/** Execution's balances as the runner market sees them; burns join the supply record when the chain keeps one. */
export function marketAccounts(accounts: Accounts, state: StateAccess, params: ChainParams): MarketAccounts {
  return {
    balanceOf: (address) => accounts.get(address).balance,
    debit: (address, amount) => accounts.debit(address, amount),
    credit: (address, amount) => accounts.credit(address, amount),
    burn: (amount) => {
      if (params.staking !== undefined && getSupply(state) !== undefined) recordBurn(state, amount);
    },
  };
}

/** The absolute round of the block: the header's round, or its height on a chain without consensus rounds (round 0). */
export const roundOf = (env: BlockEnv): bigint => (env.round !== undefined && env.round > 0n ? env.round : env.height);

export function marketContext(state: StateAccess, accounts: Accounts, env: BlockEnv, params: ChainParams): MarketContext {
  return {
    state,
    accounts: marketAccounts(accounts, state, params),
    config: params.runnerMarket ?? DEFAULT_RUNNER_MARKET_CONFIG,
    height: env.height,
    round: roundOf(env),
    beacon: env.beacon,
  };
}

export function runnerMarketInstruction(ctx: InstructionContext, ins: RunnerMarketInstruction): InstructionResult {
  // Admission (checkIncludable) refuses these on a chain without the market.
  if (ctx.params.runnerMarket === undefined) return reverted(ctx, exceptionLine({ type: "RunnerMarketError", message: "the runner market is not enabled on this chain" }));
  const mc = marketContext(ctx.state, ctx.accounts, ctx.env, ctx.params);
  const from = ctx.tx.from;
  let returnData: Uint8Array = new Uint8Array(0);
  try {
    switch (ins.type) {
      case "runner_register":
        registerRunner(mc, from, ins.stake, ins);
        break;
      case "runner_add_stake":
        addRunnerStake(mc, from, ins.amount);
        break;
      case "runner_update":
        updateRunner(mc, from, ins);
        break;
      case "runner_unbond":
        unbondRunner(mc, from);
        break;
      case "runner_withdraw":
        withdrawRunner(mc, from);
        break;
      case "job_submit": {
        const request = decodeJobRequest(ins.request, mc.config);
        returnData = postJob(mc, { poster: from, posterIsActor: false, request, maxPrice: ins.maxPrice }).id;
        break;
      }
      case "job_ack":
        ackJob(mc, from, ins.jobId);
        break;
      case "job_commit":
        commitJob(mc, from, ins.jobId, ins.commitment);
        break;
      case "job_reveal":
        returnData = Uint8Array.of(revealJob(mc, from, ins.jobId, ins.output, ins.salt) ? 1 : 0);
        break;
      case "job_aggregate":
        aggregateJob(mc, from, ins.jobId, ins.result);
        break;
      case "job_challenge":
        returnData = Uint8Array.of(challengeJob(mc, from, ins.jobId, ins.runner, ins.evidence).upheld ? 1 : 0);
        break;
    }
  } catch (error) {
    if (!(error instanceof RunnerMarketError)) throw error;
    return reverted(ctx, exceptionLine({ type: "RunnerMarketError", message: `${error.code}: ${error.message}` }));
  }
  return succeeded(ctx, returnData);
}
