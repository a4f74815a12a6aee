// Job volumes (cips/cbfs.md §8.1 "Jobs"), run right after the runner market's jobs step: for every open job whose
// committee was drawn in this block (selected_at = height) and that names volumes, 0x0A records a read delegation to
// each committee member on each named volume its poster owns, valid until the job's reveal window closes (height +
// ackBlocks + commitBlocks + revealBlocks). Deterministic: open-job order, then volume and committee order.
import { recordJobDelegations } from "@cowboy/cbfs";
import { DEFAULT_RUNNER_MARKET_CONFIG, type JobRecord } from "@cowboy/runner-market";
import type { BlockEnv, ChainParams, StateAccess } from "../types.js";

/** `drawn`: the open jobs whose committee was drawn in this block, in open-job order (`jobsDrawnAt`). */
export function processCbfsJobDelegations(state: StateAccess, env: BlockEnv, params: ChainParams, drawn: readonly JobRecord[]): void {
  const market = params.runnerMarket ?? DEFAULT_RUNNER_MARKET_CONFIG;
  const notAfter = env.height + market.ackBlocks + market.commitBlocks + market.revealBlocks;
  for (const job of drawn) {
    if (job.volumes.length === 0 || job.committee.length === 0) continue;
    recordJobDelegations(state, env.height, job, notAfter);
  }
}
